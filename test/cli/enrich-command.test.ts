// `cairn enrich` as a user runs it: the real binary on a copy of the shop fixture, the
// model a local HTTP server speaking the real Ollama and OpenAI-compatible protocols.

import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startModelServer, type ChatCall, type ModelServer } from '../support/model-server.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const cleanups: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of cleanups.splice(0).reverse()) await item.close();
});

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  cleanups.push({ close: () => repo.remove() });
  return repo;
}

async function server(behaviour: Parameters<typeof startModelServer>[0]): Promise<ModelServer> {
  const started = await startModelServer(behaviour);
  cleanups.push(started);
  return started;
}

/** The file a call is about, from the prompt's first line. */
function fileOf(call: ChatCall): string {
  return /^File: (\S+)/.exec(call.messages[1]!.content)![1]!;
}

function summarise(call: ChatCall) {
  const path = fileOf(call);
  const summary = path === 'web/src/format.ts' ? 'Formats amounts for the storefront widgets.' : `Handles ${path}.`;
  return { content: JSON.stringify({ summary, domain: 'storefront', concepts: ['storefront', path.split('/').pop()!] }) };
}

/** Every object with an id and a tierName anywhere in an explanation. */
function decisionsIn(value: unknown): { id: string; tierName: string; verdict: string }[] {
  if (Array.isArray(value)) return value.flatMap(decisionsIn);
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const own = typeof record.id === 'string' && typeof record.tierName === 'string' ? [record as { id: string; tierName: string; verdict: string }] : [];
  return [...own, ...Object.values(record).flatMap(decisionsIn)];
}

const TASK = 'The storefront widgets look wrong after `shop/cart.py` changed';

describe('cairn enrich', () => {
  it('stages a summary per code file (Ollama), promotes it, and re-runs only on changed files', async () => {
    const model = await server({ chat: summarise });
    const repo = shop();
    const first = await runCli(['enrich', '--repo', repo.path, '--model', 'test-model', '--base-url', model.url, '--provider', 'ollama', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout);
    const files = model.chatCalls.map(fileOf);
    expect(files).toContain('web/src/format.ts');
    expect(files).not.toContain('README.md');
    expect(report).toMatchObject({ enriched: files.length, unchanged: 0, left: 0, staged: files.length, promotedTotal: 0, modelFailure: null });
    expect(report.tokens.prompt).toBeGreaterThan(0);
    expect(model.chatCalls.every((call) => call.api === 'ollama' && call.format !== null)).toBe(true);
    // Staged only: retrieval does not see it yet.
    const before = await runCli(['retrieve', TASK, '--repo', repo.path, '--format', 'json', '--stages', 'scope,precision']);
    expect(before.code, before.stderr).toBe(0);
    const promoted = await runCli(['enrich', '--repo', repo.path, '--promote']);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain(`promoted ${files.length} summaries: retrieval uses them`);
    const explainAfter = await runCli(['retrieve', TASK, '--repo', repo.path, '--format', 'json', '--stages', 'scope,precision']);
    const taskId = /^cairn: task (\S+) ·/m.exec(explainAfter.stderr)![1]!;
    const explained = await runCli(['explain', '--task-id', taskId, '--repo', repo.path, '--json']);
    // Tier 4 considered it by its summary (it may already be in scope through an import).
    expect(decisionsIn(JSON.parse(explained.stdout))).toContainEqual(expect.objectContaining({ id: 'web/src/format.ts', tierName: 'metadata' }));
    const earlier = /^cairn: task (\S+) ·/m.exec(before.stderr)![1]!;
    const unpromoted = await runCli(['explain', '--task-id', earlier, '--repo', repo.path, '--json']);
    expect(decisionsIn(JSON.parse(unpromoted.stdout)).filter((decision) => decision.tierName === 'metadata')).toEqual([]);
    // Nothing changed: nothing asked.
    const again = await runCli(['enrich', '--repo', repo.path, '--model', 'test-model', '--base-url', model.url, '--provider', 'ollama', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ enriched: 0, unchanged: files.length });
    expect(model.chatCalls).toHaveLength(files.length);
    // One file changed (and re-indexed): only it is asked about.
    appendFileSync(join(repo.path, 'shop/pricing.py'), '\n# rounding note\n');
    expect((await runCli(['index', repo.path])).code).toBe(0);
    const changed = await runCli(['enrich', '--repo', repo.path, '--model', 'test-model', '--base-url', model.url, '--provider', 'ollama', '--json']);
    expect(JSON.parse(changed.stdout)).toMatchObject({ enriched: 1, unchanged: files.length - 1 });
    expect(fileOf(model.chatCalls[model.chatCalls.length - 1]!)).toBe('shop/pricing.py');
  });

  it('enriches --limit files per run (OpenAI protocol) and resumes with the rest; --discard drops what is staged', async () => {
    const model = await server({ chat: summarise });
    const repo = shop();
    const args = ['enrich', '--repo', repo.path, '--model', 'test-model', '--base-url', `${model.url}/v1`, '--provider', 'openai', '--json'];
    const first = JSON.parse((await runCli([...args, '--limit', '2'])).stdout);
    expect(first).toMatchObject({ enriched: 2, staged: 2 });
    expect(first.left).toBeGreaterThan(0);
    const rest = JSON.parse((await runCli(args)).stdout);
    expect(rest).toMatchObject({ enriched: first.left, unchanged: 2, left: 0 });
    expect(model.chatCalls.every((call) => call.api === 'openai')).toBe(true);
    expect(new Set(model.chatCalls.map(fileOf)).size).toBe(model.chatCalls.length);
    const discarded = await runCli(['enrich', '--repo', repo.path, '--discard', '--json']);
    expect(JSON.parse(discarded.stdout)).toMatchObject({ discarded: 2 + first.left, staged: 0, promotedTotal: 0 });
  });

  it('a failing model: exit 8 with onError fail; with fallback it stops asking and says what is left', async () => {
    const model = await server({ chat: () => ({ status: 500 }) });
    const repo = shop();
    repo.write('cairn.yaml', `llm:\n  provider: ollama\n  model: test-model\n  baseUrl: ${model.url}\n  timeoutMs: 2000\n  maxRetries: 0\n  onError: fail\n`);
    const failed = await runCli(['enrich', '--repo', repo.path]);
    expect(failed.code).toBe(8);
    expect(failed.stderr).toMatch(/^cairn: /);
    repo.write('cairn.yaml', `llm:\n  provider: ollama\n  model: test-model\n  baseUrl: ${model.url}\n  timeoutMs: 2000\n  maxRetries: 0\n  onError: fallback\n`);
    const calls = model.chatCalls.length;
    const fallback = await runCli(['enrich', '--repo', repo.path]);
    expect(fallback.code, fallback.stderr).toBe(0);
    expect(fallback.stdout).toMatch(/^enriched 0 files \(0 unchanged, \d+ left for a later run\)/);
    expect(fallback.stdout).toContain('the model failed and was not asked again (llm.onError: fallback)');
    expect(model.chatCalls.length).toBe(calls + 1);
  });

  it('needs a model unless promoting or discarding, and not both of those', async () => {
    const repo = shop();
    const none = await runCli(['enrich', '--repo', repo.path]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('cairn enrich needs a model');
    expect((await runCli(['enrich', '--repo', repo.path, '--promote', '--discard'])).code).toBe(2);
  });
});
