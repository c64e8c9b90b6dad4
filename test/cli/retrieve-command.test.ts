// `cairn retrieve`, `cairn refine` and `cairn explain` as a user runs them: the real binary
// on a copy of the shop fixture.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createO200kCounter } from '../../src/tokenizer/tokens.js';
import { parseJson, parseMarkdown } from '../../src/render/index.js';
import { runCli, type CliResult } from '../support/cli.js';
import { startModelServer, type ChatCall, type ModelServer } from '../support/model-server.js';
import { fixtureRepo, gitInit, type TempDir } from '../support/temp-repo.js';

const cleanups: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of cleanups.splice(0).reverse()) await item.close();
});

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  cleanups.push({ close: () => repo.remove() });
  return repo;
}

const TASK = 'Wrong total in `shop/cart.py`: `Cart.total` applies the discount after tax';
const BUDGET = ['--context-window', '6000', '--reserved-tokens', '1000'];

function taskIdOf(result: CliResult): string {
  const match = /^cairn: task (\S+) · run (\S+) ·/m.exec(result.stderr);
  expect(match, result.stderr).not.toBeNull();
  return match![1]!;
}

function expectUsage(result: CliResult, message: string, hint: string): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain(message);
  expect(result.stderr).toContain(hint);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

describe('cairn retrieve', () => {
  it('indexes, retrieves and prints a markdown package within budget; ids and info lines on stderr', async () => {
    const repo = shop();
    const result = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope,precision', ...BUDGET]);
    expect(result.code, result.stderr).toBe(0);
    const items = parseMarkdown(result.stdout);
    expect(items.map((item) => item.path)).toContain('shop/cart.py');
    expect(createO200kCounter().count(result.stdout)).toBeLessThanOrEqual(5000);
    expect(taskIdOf(result)).toMatch(/^task-/);
    // A feature nobody configured is no news to the model or the user.
    expect(result.stderr).not.toContain('enrichment');
    expect(result.stdout).not.toContain('enrichment');
  });

  it('needs no flags: every stage, a 16k window with 4k reserved, and the code of the method the task names', async () => {
    const repo = shop();
    const result = await runCli(['retrieve', TASK, '--repo', repo.path, '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const view = parseJson(result.stdout);
    expect(view.budget).toMatchObject({ contextWindow: 16_000, reservedTokens: 4_000, available: 12_000 });
    // Cart.total in full: on its own, or inside the whole (small) cart.py.
    const shown = view.items.filter((item) => item.path === 'shop/cart.py' && item.detail === 'full');
    expect(shown.some((item) => item.text.includes('def total(self) -> float:') && item.text.includes('apply_discount(self.subtotal(), self.discount_code)'))).toBe(true);
  });

  it('with --history n, adds the recent commits of the main files after the code, within the budget', async () => {
    const repo = shop();
    const git = gitInit(repo.path);
    git.commit('Import the shop', 1_700_000_000);
    repo.write('shop/cart.py', `${readFileSync(join(repo.path, 'shop/cart.py'), 'utf8')}\n# taxes apply after the discount\n`);
    git.commit('Apply the discount before tax in Cart.total', 1_700_086_400);
    const result = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope,precision', '--history', '2', ...BUDGET]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\n## History \(recent commits of these files\)\n\n- [0-9a-f]{12} 2023-11-15 Apply the discount before tax in Cart\.total \(shop\/cart\.py[,)]/);
    expect(createO200kCounter().count(result.stdout)).toBeLessThanOrEqual(5000);
    expect((await runCli(['retrieve', TASK, '--repo', repo.path, '--history', '0'])).code).toBe(2);
  });

  it("with --history n, shows under a commit the lines it changed in the method the task names, as git printed them", async () => {
    const repo = shop();
    const git = gitInit(repo.path);
    git.commit('Import the shop', 1_700_000_000);
    const cart = readFileSync(join(repo.path, 'shop/cart.py'), 'utf8');
    repo.write('shop/cart.py', cart.replace('        return round(discounted * (1 + TAX_RATE), 2)\n', '        return round(discounted * (1 + TAX_RATE) + 0.01, 2)\n'));
    git.commit('Round the total up', 1_700_086_400);
    const result = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope,precision', '--history', '2', ...BUDGET]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /\n- [0-9a-f]{12} 2023-11-15 Round the total up \(shop\/cart\.py\)\n {2}2 lines changed in Cart\.total \(shop\/cart\.py\)\n```diff\n@@ -34 \+34 @@ .*\n-        return round\(discounted \* \(1 \+ TAX_RATE\), 2\)\n\+        return round\(discounted \* \(1 \+ TAX_RATE\) \+ 0\.01, 2\)\n```\n/,
    );
    expect(createO200kCounter().count(result.stdout)).toBeLessThanOrEqual(5000);
  });

  it('with --section-shares, keeps within the budget; a bad list is a one-line usage error before any work', async () => {
    const repo = shop();
    const result = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope,precision', '--section-shares', 'primary=0.6,supporting=0.25,historical=0.05,supplementary=0.1', ...BUDGET]);
    expect(result.code, result.stderr).toBe(0);
    expect(parseMarkdown(result.stdout).map((item) => item.path)).toContain('shop/cart.py');
    expect(createO200kCounter().count(result.stdout)).toBeLessThanOrEqual(5000);
    const fresh = shop();
    const bad = await runCli(['retrieve', TASK, '--repo', fresh.path, '--section-shares', 'primary=0.8,supporting=0.4']);
    expectUsage(bad, '--section-shares: the shares sum to 1.2, more than 1', 'primary=0.6,supporting=0.25,historical=0.05,supplementary=0.1');
    // One line says what is wrong and what to give (commander adds its pointer to --help after it).
    expect(bad.stderr.split('\n')[0]).toMatch(/sum to 1\.2, more than 1; give shares .* e\.g\. primary=0\.6,/);
    expect(existsSync(join(fresh.path, '.cairn'))).toBe(false);
  });

  it('prints JSON with --format json, under the task id given', async () => {
    const repo = shop();
    const result = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope', ...BUDGET, '--format', 'json', '--task-id', 'cart-total-1']);
    expect(result.code, result.stderr).toBe(0);
    const view = parseJson(result.stdout);
    expect(view.taskId).toBe('cart-total-1');
    expect(view.budget).toMatchObject({ available: 5000, contextWindow: 6000, reservedTokens: 1000 });
    expect(view.items.length).toBeGreaterThan(0);
    // Machine consumers get the code, not bare paths.
    expect(view.items.some((item) => item.path === 'shop/cart.py' && item.text.includes('def total'))).toBe(true);
    expect(taskIdOf(result)).toBe('cart-total-1');
  });

  it('fails fast on bad settings, with a message that says how to fix it (and touches no index)', async () => {
    const repo = shop();
    const run = (...args: string[]) => runCli(['retrieve', TASK, '--repo', repo.path, ...args]);
    expectUsage(await run('--stages', 'scope,magic', ...BUDGET), 'unknown stage "magic"', 'known stages: scope, precision');
    expectUsage(await run('--stages', '', ...BUDGET), 'the stage list is empty', '--stages scope,precision');
    expectUsage(await run('--stages', 'scope', '--budget-config', 'b.yaml', ...BUDGET), '--budget-config cannot be combined', 'the file, or the pair');
    expectUsage(await run('--stages', 'scope', '--context-window', '1000'), '--reserved-tokens is missing', 'pass both');
    expectUsage(await run('--stages', 'scope', '--context-window', '0', '--reserved-tokens', '0'), '--context-window must be a whole number > 0', 'hint:');
    expectUsage(await run('--stages', 'scope', '--context-window', '100', '--reserved-tokens', '100'), '0 ≤ reserved < context window', 'hint:');
    expectUsage(await run('--stages', 'scope', ...BUDGET, '--model', 'm'), '--model needs --base-url', '--base-url http://');
    expect(existsSync(join(repo.path, '.cairn'))).toBe(false);
  });

  it('takes stages and budget from cairn.yaml; explicit flags win', async () => {
    const repo = shop();
    repo.write('cairn.yaml', 'retrieval:\n  stages: [scope]\n  budget:\n    context_window: 3000\n    reserved_tokens: 500\n');
    const fromConfig = await runCli(['retrieve', TASK, '--repo', repo.path, '--format', 'json']);
    expect(fromConfig.code, fromConfig.stderr).toBe(0);
    expect(parseJson(fromConfig.stdout).budget.available).toBe(2500);
    const flagged = await runCli(['retrieve', TASK, '--repo', repo.path, '--format', 'json', ...BUDGET, '--stages', 'scope,precision', '--no-refresh']);
    expect(parseJson(flagged.stdout).budget.available).toBe(5000);
    const explained = JSON.parse((await runCli(['explain', '--task-id', parseJson(flagged.stdout).taskId, '--repo', repo.path, '--json'])).stdout);
    expect(explained.runs[0].started.stages).toEqual(['scope', 'precision']);
  });

  it('reads the budget from --budget-config and the task from --task-file', async () => {
    const repo = shop();
    repo.write('budget.yaml', 'context_window: 4000\nreserved_tokens: 1000\n');
    repo.write('task.md', TASK);
    const result = await runCli(['retrieve', '--task-file', join(repo.path, 'task.md'), '--repo', repo.path, '--stages', 'scope', '--budget-config', join(repo.path, 'budget.yaml'), '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result.stdout).budget.available).toBe(3000);
  });

  it('caps the package with --max-tokens as MCP and HTTP max_tokens do; with the pair or a budget file it is a usage error', async () => {
    const repo = shop();
    const result = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope,precision', '--max-tokens', '2500', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const view = parseJson(result.stdout);
    expect(view.budget).toMatchObject({ available: 2500, contextWindow: 2500, reservedTokens: 0 });
    expect(view.budget.used).toBeLessThanOrEqual(2500);
    const run = (...args: string[]) => runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope', ...args]);
    expectUsage(await run('--max-tokens', '3000', ...BUDGET), '--max-tokens cannot be combined', 'caps the package');
    expectUsage(await run('--max-tokens', '3000', '--budget-config', 'b.yaml'), '--max-tokens cannot be combined', 'caps the package');
  });

  it('with --no-refresh and no index, says there is none (exit 5)', async () => {
    const repo = shop();
    const result = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope', ...BUDGET, '--no-refresh']);
    expect(result.code).toBe(5);
  });
});

describe('cairn refine and cairn explain', () => {
  it('refines a task under its id, and explains both runs', async () => {
    const repo = shop();
    const first = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope,precision', '--context-window', '2500', '--reserved-tokens', '500']);
    const taskId = taskIdOf(first);
    const refined = await runCli(['refine', '--task-id', taskId, '--repo', repo.path, '--missing-files', 'web/tsconfig.json', '--format', 'json']);
    expect(refined.code, refined.stderr).toBe(0);
    const view = parseJson(refined.stdout);
    expect(view.taskId).toBe(taskId);
    expect(view.items.find((item) => item.path === 'web/tsconfig.json')?.reason).toContain('requested by a refinement');
    expect(view.budget.used).toBeLessThanOrEqual(2000);

    repo.write('request.yaml', 'missing_symbols: [apply_discount]\nerror_signature: |\n  Traceback (most recent call last):\n    File "shop/pricing.py", line 12, in apply_discount\n  AttributeError: x\n');
    const fromFile = await runCli(['refine', '--task-id', taskId, '--repo', repo.path, '--request', join(repo.path, 'request.yaml')]);
    expect(fromFile.code, fromFile.stderr).toBe(0);

    const explained = await runCli(['explain', '--task-id', taskId, '--repo', repo.path]);
    expect(explained.code, explained.stderr).toBe(0);
    expect(explained.stdout).toContain(`task ${taskId} — 3 runs`);
    expect(explained.stdout).toMatch(/\+ web\/tsconfig\.json {2}1\.00 {2}seed: requested by a refinement: web\/tsconfig\.json/);
    expect(explained.stdout).toContain('budget: ');
    const json = JSON.parse((await runCli(['explain', '--task-id', taskId, '--repo', repo.path, '--json'])).stdout);
    expect(json.runs.map((run: { started: { mode: string } }) => run.started.mode)).toEqual(['retrieve', 'refine', 'refine']);
  });

  it('refuses unknown tasks, and mixed or empty requests', async () => {
    const repo = shop();
    expect((await runCli(['refine', '--task-id', 'nope', '--repo', repo.path, '--missing-files', 'a.py'])).code).toBe(7);
    expect((await runCli(['explain', '--task-id', 'nope', '--repo', repo.path])).code).toBe(7);
    repo.write('request.yaml', 'missing_files: [a.py]\n');
    expectUsage(await runCli(['refine', '--task-id', 'x', '--repo', repo.path, '--request', join(repo.path, 'request.yaml'), '--missing-files', 'b.py']), '--request cannot be combined', 'hint:');
    expectUsage(await runCli(['refine', '--task-id', 'x', '--repo', repo.path, '--no-refresh']), 'nothing to refine', '--missing-files');
    repo.write('bad.yaml', 'missing_file: a.py\n');
    expect((await runCli(['refine', '--task-id', 'x', '--repo', repo.path, '--request', join(repo.path, 'bad.yaml')])).code).toBe(4);
  });
});

describe('cairn retrieve with a model', () => {
  function answer(call: ChatCall) {
    const system = call.messages[0]!.content;
    if (system.startsWith('You read tasks')) return { content: JSON.stringify({ summary: 'Fix the discount order.', task_type: 'bug_fix', keywords: [] }) };
    const numbers = [...call.messages[call.messages.length - 1]!.content.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1]));
    const cls = system.includes('which files') ? 'relevant' : 'supporting';
    return { content: JSON.stringify({ verdicts: numbers.map((n) => ({ n, class: cls })) }) };
  }

  async function server(behaviour: Parameters<typeof startModelServer>[0]): Promise<ModelServer> {
    const started = await startModelServer(behaviour);
    cleanups.push(started);
    return started;
  }

  it('judges with --model/--base-url/--provider and logs the calls', async () => {
    const model = await server({ chat: answer });
    const repo = shop();
    const result = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope,precision', ...BUDGET, '--model', 'test-model', '--base-url', model.url, '--provider', 'ollama']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('cairn: info: intent (model): Fix the discount order.');
    expect(model.chatCalls.map((call) => call.api)).toEqual(['ollama', 'ollama', 'ollama']);
    const explained = await runCli(['explain', '--task-id', taskIdOf(result), '--repo', repo.path]);
    expect(explained.stdout).toContain('model ollama:test-model (on error: fail)');
    expect(explained.stdout).toMatch(/model calls: 3\n {4}task · intent · attempt 1 · \d+ ms · \d+\+\d+ tokens · accepted/);
  });

  it('a hanging model: exit 8 quickly with onError fail; a logged fallback with onError fallback', async () => {
    const model = await server({ chat: () => ({ content: '{}', delayMs: 20_000 }) });
    const repo = shop();
    repo.write('cairn.yaml', `llm:\n  provider: openai\n  model: test-model\n  baseUrl: ${model.url}\n  timeoutMs: 300\n  maxRetries: 0\n  onError: fail\n`);
    const started = Date.now();
    const failed = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope', ...BUDGET]);
    expect(failed.code).toBe(8);
    expect(failed.stderr).toContain(model.url);
    expect(Date.now() - started).toBeLessThan(15_000);
    repo.write('cairn.yaml', `llm:\n  provider: openai\n  model: test-model\n  baseUrl: ${model.url}\n  timeoutMs: 300\n  maxRetries: 0\n  onError: fallback\n`);
    const callsBefore = model.chatCalls.length;
    const lenient = await runCli(['retrieve', TASK, '--repo', repo.path, '--stages', 'scope,precision', ...BUDGET, '--no-refresh']);
    expect(lenient.code, lenient.stderr).toBe(0);
    // Said once on stderr (and in the package); the dead model is asked once, not at every stage.
    expect(lenient.stderr.match(/^cairn: warning: .*$/gm)).toEqual([
      expect.stringMatching(/^cairn: warning: model test-model \(openai\) failed at the task stage \(.*\); the deterministic judgement was used from there on/),
    ]);
    expect(lenient.stdout).toContain('the deterministic judgement was used from there on');
    expect(model.chatCalls.length - callsBefore).toBe(1);
    const explained = await runCli(['explain', '--task-id', taskIdOf(lenient), '--repo', repo.path]);
    expect(explained.stdout).toContain('model-fallback: ');
    expect(explained.stdout).toContain('[fallback]');
  });
});
