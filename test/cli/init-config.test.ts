// `cairn init` and `cairn config`, as a user runs them.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../support/cli.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const made: TempDir[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) dir.remove();
});

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  made.push(repo);
  return repo;
}

interface Entry {
  key: string;
  value: unknown;
  source: string;
}

async function config(repo: TempDir, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Map<string, Entry>> {
  const result = await runCli(['config', '--repo', repo.path, '--json', ...args], { env });
  expect(result.code, result.stderr).toBe(0);
  return new Map((JSON.parse(result.stdout) as { entries: Entry[] }).entries.map((entry) => [entry.key, entry]));
}

describe('cairn init', () => {
  it('writes a commented cairn.yaml with every default, and will not overwrite one without --overwrite', async () => {
    const repo = shop();
    const first = await runCli(['init', '--repo', repo.path]);
    expect(first.code, first.stderr).toBe(0);
    const text = readFileSync(join(repo.path, 'cairn.yaml'), 'utf8');
    expect(text).toContain('# cairn.yaml');
    expect(parse(text)).toMatchObject({ index: { maxFileBytes: 1048576 }, serve: { port: 4321, cache: { ttl: 300 } }, mcp: { maxTokens: 8000 } });
    const again = await runCli(['init', '--repo', repo.path]);
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('already exists');
    expect(again.stderr).toContain('--overwrite');
    expect((await runCli(['init', '--repo', repo.path, '--overwrite'])).code).toBe(0);
    // What init writes is a configuration every command accepts.
    expect((await runCli(['status', '--repo', repo.path])).code).toBe(5);
    expect((await config(repo)).get('index.maxFileBytes')?.source).toBe(`file ${join(repo.path, 'cairn.yaml')}`);
  });
});

describe('cairn config', () => {
  it('prints each value with where it came from: default, file, environment, flag', async () => {
    const repo = shop();
    repo.write('cairn.yaml', 'index:\n  maxFileBytes: 2048\nmcp:\n  maxTokens: 4000\nllm:\n  model: m\n  baseUrl: http://127.0.0.1:9/\n  apiKeyEnv: SHOP_TEST_KEY\n');
    const entries = await config(repo, ['--log-level', 'debug'], { CAIRN_LOG: 'warn,json', CAIRN_INDEX_DIR: join(repo.path, 'elsewhere'), SHOP_TEST_KEY: 'sk-never-printed-123456' });
    const file = `file ${join(repo.path, 'cairn.yaml')}`;
    expect(entries.get('index.maxFileBytes')).toEqual({ key: 'index.maxFileBytes', value: 2048, source: file });
    expect(entries.get('index.includeVendored')).toEqual({ key: 'index.includeVendored', value: false, source: 'default' });
    expect(entries.get('mcp.maxTokens')).toMatchObject({ value: 4000, source: file });
    expect(entries.get('serve.cache.ttl')).toMatchObject({ value: 300, source: 'default' });
    expect(entries.get('retrieval.budget')).toMatchObject({ value: { context_window: 16000, reserved_tokens: 4000 }, source: 'default' });
    expect(entries.get('indexDir')).toEqual({ key: 'indexDir', value: join(repo.path, 'elsewhere'), source: 'environment CAIRN_INDEX_DIR' });
    expect(entries.get('logLevel')).toEqual({ key: 'logLevel', value: 'debug', source: 'flag --log-level' });
    expect(entries.get('logFormat')).toEqual({ key: 'logFormat', value: 'json', source: 'environment CAIRN_LOG' });
    expect(entries.get('llm.apiKey')).toMatchObject({ value: '(set in $SHOP_TEST_KEY)', source: 'environment SHOP_TEST_KEY' });
    const text = await runCli(['config', '--repo', repo.path, '--index-dir', join(repo.path, 'flagged')], { env: { SHOP_TEST_KEY: 'sk-never-printed-123456' } });
    expect(text.stdout).toMatch(/indexDir\s+\S+flagged\s+\(flag --index-dir\)/);
    expect(text.stdout).toMatch(/index\.maxFileBytes\s+2048\s+\(file /);
    expect(`${text.stdout}${text.stderr}`).not.toContain('sk-never-printed');
  });

  it('names the key, the value and what is allowed when the file is invalid', async () => {
    const repo = shop();
    repo.write('cairn.yaml', 'serve:\n  prot: 80\n  cache:\n    ttl: -5\nmcp:\n  maxTokens: 50000\n');
    const result = await runCli(['config', '--repo', repo.path]);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('serve.prot: unknown key (allowed: host, port, bodyLimitBytes, timeoutMs, cache, concurrency, queueLength, queueWaitMs)');
    expect(result.stderr).toContain('serve.cache.ttl: -5 is not allowed (too small');
    expect(result.stderr).toContain('mcp.maxTokens: 50000 is not allowed (must be at most 20000');
  });
});
