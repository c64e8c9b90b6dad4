// Diagnostics over both agent faces: `POST /diagnose` on loopback and the MCP tool
// `diagnose_failure` through the SDK's in-memory client — the decision and the evidence as
// `cairn diagnose --json` gives them, the raw log `explain` reads, validation, typed errors,
// and a run directory that must lie inside the served repository (`../`, absolute, encoded
// separators and links out refused; the file outside never shown).

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createO200kCounter } from '../../src/retrieval/budget/tokens.js';
import { startApi, type Api } from '../support/http-api.js';
import { linkedMcpClient } from '../support/mcp-client.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';
import { SHOP_BUNDLE as BUNDLE } from '../support/shop-handoff.js';

const MARKER = 'OUTSIDE_RUN_LOG_5c2a';
const counter = createO200kCounter();

type Diagnosis = { task_id: string; decision: Record<string, unknown>; retrieval: { run_artifacts: { path: string }[]; sot_files: { path: string }[] } | null; text?: string };

describe('diagnostics over HTTP and MCP', () => {
  let repo: TempDir;
  let outside: string;
  let api: Api;
  let client: Client;

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    repo.write('runs/r1/build.attempt-1.log', `collecting\nFAILED tests/test_cart.py\n${'ValueError: quantity must be positive in add_item of shop/cart.py\n'.repeat(20)}`);
    repo.write('runs/r1/build.attempt-2.log', 'collecting\n');
    const noisy = Array.from({ length: 600 }, (_, i) => `test_cart.py::case_${i} FAILED quantity ${i} rejected`).join('\n');
    repo.write('runs/big/build.attempt-1.log', `${noisy}\n`);
    repo.write('runs/big/build.attempt-2.log', `${noisy}\n`);
    outside = mkdtempSync(join(tmpdir(), 'cairn-outside-run-'));
    mkdirSync(join(outside, 'run'));
    writeFileSync(join(outside, 'run', 'build.attempt-1.log'), `FAILED ${MARKER}\n`);
    symlinkSync(join(outside, 'run'), join(repo.path, 'runs', 'linked'));
    api = await startApi([{ name: 'shop', path: repo.path }]);
    client = await linkedMcpClient(api.set.repos[0]!, { maxTokens: 2000, name: 'diagnose' });
  });
  afterAll(async () => {
    await client.close();
    await api.close();
    repo.remove();
    rmSync(outside, { recursive: true, force: true });
  });

  it('POST /diagnose escalates a thin bundle and returns the evidence, recorded for explain', async () => {
    const answer = await api.post('/diagnose', { bundle: BUNDLE, run_dir: 'runs/r1', phase: 'build', attempt: 2, task_id: 'diag-http-1', format: 'markdown' });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const json = answer.json as unknown as Diagnosis;
    expect(json.task_id).toBe('diag-http-1');
    expect(json.decision).toMatchObject({ phase_id: 'build', attempt: 2, escalate: true, priority: 'high', triggers_fired: ['repeated_failures', 'no_clear_root_cause'] });
    expect(json.retrieval!.run_artifacts.map((file) => file.path).sort()).toEqual(['build.attempt-1.log', 'build.attempt-2.log']);
    expect(json.retrieval!.sot_files[0]!.path).toBe('shop/cart.py');
    // Another run's log in the repository can be source of truth; the diagnosed run's own logs are evidence of the run only (run_dir inside the repository).
    expect(json.retrieval!.sot_files.map((file) => file.path)).toContain('runs/big/build.attempt-2.log');
    const own = (await api.post('/diagnose', { bundle: BUNDLE, run_dir: 'runs/big', phase: 'build', attempt: 2 })).json as unknown as Diagnosis;
    expect(own.retrieval!.sot_files.some((file) => file.path.startsWith('runs/big/'))).toBe(false);
    expect(json.text).toMatch(/^# Diagnosis: phase build, attempt 2 — escalate, priority high\n/);
    const explained = await api.get('/tasks/diag-http-1/explain');
    expect(explained.status).toBe(200);
    expect(explained.text).toContain('repeated_failures');

    const quiet = await api.post('/diagnose', { bundle: { ...BUNDLE, root_cause: 'add_item rejects zero quantities that the importer now sends' }, run_dir: 'runs/r1', phase: 'build' });
    expect(quiet.json).toMatchObject({ decision: { escalate: false, priority: 'low' }, retrieval: null });
    const shapeless = await api.post('/diagnose', { bundle: [1, 2, 3], run_dir: 'runs/r1', phase: 'build' });
    expect(shapeless.status).toBe(200);
    expect(JSON.stringify(shapeless.json)).toContain('the bundle is an array, not a JSON object');
  });

  it('validates the body and answers typed errors', async () => {
    const cases: [string, unknown, number, string][] = [
      ['no bundle', { run_dir: 'runs/r1', phase: 'build' }, 400, 'INVALID_REQUEST'],
      ['no run_dir', { bundle: BUNDLE, phase: 'build' }, 400, 'INVALID_REQUEST'],
      ['attempt 0', { bundle: BUNDLE, run_dir: 'runs/r1', phase: 'build', attempt: 0 }, 400, 'INVALID_REQUEST'],
      ['an unknown field', { bundle: BUNDLE, run_dir: 'runs/r1', phase: 'build', runDir: 'x' }, 400, 'INVALID_REQUEST'],
      ['a bad task id', { bundle: BUNDLE, run_dir: 'runs/r1', phase: 'build', task_id: 'a b' }, 400, 'USAGE'],
      ['a run_dir that does not exist', { bundle: BUNDLE, run_dir: 'runs/none', phase: 'build' }, 404, 'NOT_FOUND'],
      ['a run_dir that is a file', { bundle: BUNDLE, run_dir: 'shop/cart.py', phase: 'build' }, 400, 'INPUT_INVALID'],
    ];
    for (const [what, body, status, code] of cases) {
      const answer = await api.post('/diagnose', body);
      expect(answer.status, what).toBe(status);
      expect((answer.json as { error: { code: string } }).error.code, what).toBe(code);
    }
  });

  it('a run directory outside the repository is refused on both faces, and its files never shown', async () => {
    for (const runDir of ['../outside', `${outside}/run`, '/etc', 'runs/../../x', 'runs%2F..%2F..%2Fx', 'runs\\..\\..', 'runs/linked', './runs/r1']) {
      const answer = await api.post('/diagnose', { bundle: BUNDLE, run_dir: runDir, phase: 'build', attempt: 2, always: true });
      expect([400, 404], `${runDir}: ${JSON.stringify(answer.json)}`).toContain(answer.status);
      expect(JSON.stringify(answer.json)).not.toContain(MARKER);
      const tool = (await client.callTool({ name: 'diagnose_failure', arguments: { bundle: BUNDLE, run_dir: runDir, phase: 'build', attempt: 2, always: true } })) as CallToolResult;
      expect(tool.isError, runDir).toBe(true);
      expect(JSON.stringify(tool)).not.toContain(MARKER);
    }
  });

  it('diagnose_failure answers the decision and the evidence under the token cap', async () => {
    const result = (await client.callTool({ name: 'diagnose_failure', arguments: { bundle: BUNDLE, run_dir: 'runs/r1', phase: 'build', attempt: 2 } })) as CallToolResult;
    expect(result.isError ?? false).toBe(false);
    const structured = result.structuredContent as { task_id: string; escalate: boolean; priority: string; evidence: { kind: string; path?: string }[]; omitted?: string };
    expect(structured).toMatchObject({ escalate: true, priority: 'high' });
    expect(structured.evidence.filter((item) => item.kind === 'run').map((item) => item.path).sort()).toEqual(['build.attempt-1.log', 'build.attempt-2.log']);
    expect(counter.count(JSON.stringify(structured))).toBeLessThanOrEqual(2000);
    const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
    expect(text).toMatch(/^# diagnosis task-\S+: escalated, priority high/);
    // The evidence's content once, in the text (regression: it was in both parts); both parts together under the cap.
    expect(text).toContain('ValueError: quantity must be positive');
    expect(JSON.stringify(structured)).not.toContain('ValueError: quantity must be positive');
    expect(counter.count(text) + counter.count(JSON.stringify(structured))).toBeLessThanOrEqual(2000);

    // Logs of tens of KB at high priority: over a 2,000-token cap the rest is named, both forms fit.
    const big = (await client.callTool({ name: 'diagnose_failure', arguments: { bundle: BUNDLE, run_dir: 'runs/big', phase: 'build', attempt: 2 } })) as CallToolResult;
    const cut = big.structuredContent as typeof structured;
    expect(cut.omitted).toMatch(/more evidence items? did not fit/);
    expect(counter.count(JSON.stringify(cut)) + counter.count(big.content[0]?.type === 'text' ? big.content[0].text : '')).toBeLessThanOrEqual(2000);

    const bad = (await client.callTool({ name: 'diagnose_failure', arguments: { bundle: BUNDLE, run_dir: 'runs/r1', phase: 'build', attempt: 0 } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(bad.content[0]?.type === 'text' ? bad.content[0].text : '').toMatch(/^diagnose_failure: attempt/);
  });
});
