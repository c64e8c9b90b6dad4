// Inputs with no bound (issue 14): option files read with a size limit and only when they
// are regular files; numbers checked for range (exit 2 naming the flag); configuration
// values of the wrong YAML type or out of range (exit 4 naming the key). Each test is
// named after the defect it guards against.

import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/cli.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

function scratch(): TempDir {
  const dir = tempDir('cairn-input-');
  cleanups.push(dir);
  return dir;
}

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  cleanups.push(repo);
  return repo;
}

/** A child still reading /dev/zero after this long is killed, so a regression fails instead of filling memory. */
const GUARD = { killAfterMs: 15_000 };

function expectCleanFailure(result: CliResult, code: number, mentions: string): void {
  expect(result.stderr).not.toContain('internal error');
  expect(result.code).toBe(code);
  expect(result.stderr).toContain(mentions);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(result.stdout).toBe('');
}

const BUDGET = ['--stages', 'scope', '--context-window', '8000', '--reserved-tokens', '1000'];

describe('option files', () => {
  it('--task-file /dev/zero → exit 3 naming it, not a read that grows to 12 GB', async () => {
    const repo = shop();
    const result = await runCli(['retrieve', '--task-file', '/dev/zero', '--repo', repo.path, ...BUDGET], GUARD);
    expectCleanFailure(result, 3, 'task file /dev/zero is a device');
  });

  it('--config, --budget-config and --request on /dev/zero → exit 3 naming them, not 2 GB in 20 s', async () => {
    const repo = shop();
    expectCleanFailure(await runCli(['search', 'cart', '--repo', repo.path, '--config', '/dev/zero'], GUARD), 3, '--config file /dev/zero');
    const budget = await runCli(['retrieve', 'task', '--repo', repo.path, '--stages', 'scope', '--budget-config', '/dev/zero'], GUARD);
    expectCleanFailure(budget, 3, 'budget config /dev/zero');
    const request = await runCli(['refine', '--task-id', 't1', '--repo', repo.path, '--request', '/dev/zero'], GUARD);
    expectCleanFailure(request, 3, 'request file /dev/zero');
  });

  it('a cairn.yaml that is a link to /dev/zero → exit 3, not an unbounded read', async () => {
    const repo = shop();
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/dev/zero', join(repo.path, 'cairn.yaml'));
    expectCleanFailure(await runCli(['index', repo.path], GUARD), 3, 'cairn.yaml is a device');
  });

  it('a task file over the size limit → exit 3 saying so, not read whole', async () => {
    const dir = scratch();
    dir.write('task.txt', Buffer.alloc(4 * 1024 * 1024 + 1, 'a'));
    const repo = shop();
    const result = await runCli(['retrieve', '--task-file', join(dir.path, 'task.txt'), '--repo', repo.path, ...BUDGET]);
    expectCleanFailure(result, 3, 'is larger than 4 MiB');
  });

  it('a YAML syntax error in a refine request file → exit 4 (configuration), not exit 3', async () => {
    const dir = scratch();
    dir.write('request.yaml', 'missing_files: [shop/cart.py\n');
    const repo = shop();
    const result = await runCli(['refine', '--task-id', 't1', '--repo', repo.path, '--request', join(dir.path, 'request.yaml')]);
    expectCleanFailure(result, 4, 'is not valid JSON or YAML');
  });
});

describe('numbers and empty values', () => {
  it.each([
    [['search', 'cart', '--limit', '1e308'], '--limit'],
    [['search', 'cart', '--limit', '99999999999999999999'], '--limit'],
    [['index', '--workers', ''], '--workers'],
    [['graph', 'shop/cart.py', '--relation', ''], '--relation'],
    [['search', 'cart', '--config', ''], '--config'],
    [['index', ''], 'repository path is empty'],
    [['eval', '--dataset', 'd.jsonl', '--repos', 'r', '--k', '1e308'], '--k'],
  ])('%j is refused with exit 2 naming it, not accepted', async (args, names) => {
    const repo = shop();
    const result = await runCli(args, { cwd: repo.path });
    expectCleanFailure(result, 2, names);
  });
});

describe('configuration values', () => {
  it('llm.timeoutMs above 2^31−1 → exit 4 naming it, not requests that give up after 1 ms', async () => {
    const repo = shop();
    repo.write('cairn.yaml', 'llm:\n  model: m\n  baseUrl: http://127.0.0.1:9\n  timeoutMs: 3000000000\n');
    expectCleanFailure(await runCli(['index', repo.path]), 4, 'llm.timeoutMs');
  });

  it('index: !!binary in cairn.yaml → exit 4 saying the value has the wrong type, not ~90 Buffer method names', async () => {
    const repo = shop();
    repo.write('cairn.yaml', 'index: !!binary aGVsbG8=\n');
    const result = await runCli(['index', repo.path]);
    expectCleanFailure(result, 4, 'index: expected a mapping');
    expect(result.stderr).toContain('binary data');
    expect(result.stderr).not.toContain('readUInt');
  });
});
