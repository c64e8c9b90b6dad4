// Regression (issue 26 review: served workspaces passed no enrichment): the CLI handed
// retrieval the promoted `cairn enrich` summaries, `cairn serve` and `cairn mcp` did not,
// so with summaries promoted the faces ranked apart. A summary is written through the
// store port into each face's own copy of a small repository after the servers started (a
// server outlives `cairn enrich` runs); the same task must give the same package through
// the CLI (the real binary), HTTP (loopback) and MCP (the SDK's Client), and the file only
// its summary matches (tier 4: nothing in its code shares a word with the task) must be in
// all three, with its summary shown under it alike.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReserve } from '../../src/faces/mcp/context-answer.js';
import { openSqliteEnrichmentStore } from '../../src/store/sqlite/enrichment-store.js';
import { runCli } from '../support/cli.js';
import { startApi, type Api } from '../support/http-api.js';
import { linkedMcpClient } from '../support/mcp-client.js';
import { tempDir, type TempDir } from '../support/temp-repo.js';

const TASK = '`settle` gives the wrong total: the storefront currency conversion for invoices is off';
const SUMMARISED = 'pkg/kappa/kappa_io.py';
const SUMMARY = 'Reads the storefront currency conversion rates that invoices are settled at.';
const MODULES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu'];

/** Twelve look-alike modules and a ledger: a tree larger than the seeds a 4k budget takes. */
function smallRepo(): TempDir {
  const dir = tempDir('cairn-enrichment-parity-');
  for (const name of MODULES) {
    dir.write(`pkg/${name}/${name}_io.py`, `def ${name}_load(path):\n    with open(path) as handle:\n        return handle.read().split(',')\n\n\ndef ${name}_count(rows):\n    return len([row for row in rows if row])\n`);
  }
  dir.write('billing/ledger.py', 'def settle(entries, rate):\n    total = 0\n    for entry in entries:\n        total += entry.amount * rate\n    return round(total, 2)\n');
  return dir;
}
const CAP = 4000;

interface Item {
  path: string;
  symbol: string | null;
}

let repos: TempDir[] = [];
let api: Api;
let mcpServer: Api;
let mcp: Client;

/** The summary `cairn enrich --promote` would leave for the file's current content. */
function promoteSummary(repo: TempDir): void {
  const store = openSqliteEnrichmentStore(join(repo.path, '.cairn'));
  try {
    const contentHash = createHash('sha256').update(readFileSync(join(repo.path, SUMMARISED))).digest('hex');
    store.stage([{ path: SUMMARISED, contentHash, model: 'ollama:test', summary: SUMMARY, domain: 'billing', concepts: ['currency conversion', 'invoices'], promptTokens: 1, completionTokens: 1, at: 1 }]);
    expect(store.promote()).toBe(1);
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  repos = [smallRepo(), smallRepo(), smallRepo()];
  const [cliRepo, httpRepo, mcpRepo] = repos as [TempDir, TempDir, TempDir];
  api = await startApi([{ name: 'ledger', path: httpRepo.path }]);
  mcpServer = await startApi([{ name: 'ledger', path: mcpRepo.path }]);
  mcp = await linkedMcpClient(mcpServer.set.repos[0]!, { maxTokens: 20_000, name: 'enrichment-parity' });
  expect((await runCli(['index', cliRepo.path])).code).toBe(0);
  for (const repo of repos) promoteSummary(repo);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await mcpServer?.close();
  await api?.close();
  for (const repo of repos) repo.remove();
});

describe('served workspaces pass promoted enrichment', () => {
  it('the CLI, HTTP and MCP give the same package with promoted summaries, the summary-matched file in each', async () => {
    const reserve = answerReserve(CAP);
    const cli = await runCli(['retrieve', TASK, '--format', 'json', '--context-window', String(CAP), '--reserved-tokens', String(reserve), '--no-refresh', '--repo', repos[0]!.path]);
    expect(cli.code, cli.stderr).toBe(0);
    const fromCli = (JSON.parse(cli.stdout) as { items: Item[] }).items.map(({ path, symbol }) => ({ path, symbol }));
    const http = await api.post('/retrieve', { task: TASK, budget: { context_window: CAP, reserved_tokens: reserve }, format: 'json' });
    expect(http.status).toBe(200);
    const fromHttp = (http.json['package'] as { items: Item[] }).items.map(({ path, symbol }) => ({ path, symbol }));
    const mcpAnswer = (await mcp.callTool({ name: 'get_context', arguments: { task: TASK, max_tokens: CAP } })) as { structuredContent?: { items: Item[] } };
    const mcpPaths = new Set(mcpAnswer.structuredContent!.items.map((item) => item.path));

    expect(fromCli.map((item) => item.path)).toContain(SUMMARISED);
    expect(fromHttp).toEqual(fromCli);
    // MCP answers in markdown (its items are counted as rendered): the same files, the summarised one among them.
    expect(mcpPaths).toContain(SUMMARISED);
    expect([...mcpPaths].every((path) => fromCli.some((item) => item.path === path))).toBe(true);
  });

  it('shows the summary under its file, marked as a model\'s, the same through the CLI, HTTP (JSON and markdown) and MCP', async () => {
    const reserve = answerReserve(CAP);
    const line = `model summary (ollama:test): ${SUMMARY}`;
    const summaryOf = (items: (Item & { summary?: unknown })[]) => items.filter((item) => item.summary !== undefined).map(({ path, summary }) => ({ path, summary }));
    const expected = [{ path: SUMMARISED, summary: { model: 'ollama:test', text: SUMMARY } }];
    const window = ['--context-window', String(CAP), '--reserved-tokens', String(reserve), '--no-refresh', '--repo', repos[0]!.path];
    const cliJson = await runCli(['retrieve', TASK, '--format', 'json', ...window]);
    expect(summaryOf((JSON.parse(cliJson.stdout) as { items: Item[] }).items)).toEqual(expected);
    const cliMarkdown = await runCli(['retrieve', TASK, '--format', 'markdown', ...window]);
    expect(cliMarkdown.stdout.split('\n').filter((text) => text.startsWith('model summary'))).toEqual([line]);
    const budget = { context_window: CAP, reserved_tokens: reserve };
    const httpJson = await api.post('/retrieval/context', { task: TASK, budget, format: 'json' });
    expect(summaryOf((httpJson.json['package'] as { items: Item[] }).items)).toEqual(expected);
    const httpMarkdown = await api.post('/retrieval/context', { task: TASK, budget, format: 'markdown' });
    expect((httpMarkdown.json['text'] as string).split('\n').filter((text) => text.startsWith('model summary'))).toEqual([line]);
    const mcpAnswer = (await mcp.callTool({ name: 'get_context', arguments: { task: TASK, max_tokens: CAP } })) as { content: { type: string; text: string }[] };
    expect(mcpAnswer.content[0]!.text.split('\n').filter((text) => text.startsWith('model summary'))).toEqual([line]);
  });

  it('BM25 search matches a current summary as the file field "summary", alike in the CLI and HTTP (MCP searches hybrid only)', async () => {
    const query = 'storefront currency conversion';
    const cli = await runCli(['search', query, '--mode', 'bm25', '--json', '--no-refresh', '--repo', repos[0]!.path]);
    expect(cli.code, cli.stderr).toBe(0);
    const cliRows = (JSON.parse(cli.stdout) as { results: { path: string; matchedFields: string[] }[] }).results;
    expect(cliRows.find((row) => row.path === SUMMARISED)?.matchedFields).toContain('summary');
    const http = await api.post('/retrieval/search', { query, mode: 'bm25', limit: 10 });
    expect(http.status).toBe(200);
    expect((http.json['results'] as { path: string }[]).map((row) => row.path)).toEqual(cliRows.map((row) => row.path));
    // A summary match keeps to the search's filter like any other hit.
    const filtered = await runCli(['search', query, '--mode', 'bm25', '--path', 'billing', '--json', '--no-refresh', '--repo', repos[0]!.path]);
    expect((JSON.parse(filtered.stdout) as { results: { path: string }[] }).results.map((row) => row.path)).not.toContain(SUMMARISED);
  });
});
