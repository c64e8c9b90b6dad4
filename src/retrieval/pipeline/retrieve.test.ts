// The gate, in-process on the shop fixture: runs end to end; seeds always in; direct
// neighbours of seeds in; budget respected; renders parse back without duplicates; the raw
// log holds a decision for every file considered per tier; the session holds the stage
// state; refinement on the same task id gives an updated, budget-compliant package.

import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { itemIdentity, RENDER_FORMATS, type ContextPackage, type RenderFormat } from '../../core/context-package.js';
import { jsonItemKey, parseJson, parseMarkdown, parsePrompt, renderPackage } from '../../render/index.js';
import { createO200kCounter } from '../../tokenizer/tokens.js';
import { indexedFiles, indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { decisionsIn } from './explain.js';
import { refine } from './refine.js';
import { EMPTY_REFINEMENT } from './refinement.js';
import { retrieve, type RetrieveRequest } from './retrieve.js';

const repos: IndexedRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.close();
});

async function shop(): Promise<IndexedRepo> {
  const repo = await indexedFixture('shop');
  repos.push(repo);
  return repo;
}

const TASK = 'Wrong total in `shop/cart.py`\n`Cart.total` applies the discount after tax instead of before.';
const BOTH: RetrieveRequest = { task: TASK, stages: ['scope', 'precision'], budget: { contextWindow: 6000, reservedTokens: 1000 }, format: 'markdown' };

function parsedIdentities(rendered: string, format: RenderFormat): string[] {
  if (format === 'json') return parseJson(rendered).items.map(jsonItemKey);
  const items = format === 'markdown' ? parseMarkdown(rendered) : parsePrompt(rendered);
  return items.map((item) => item.symbolKey ?? item.path);
}

function paths(pkg: ContextPackage): Set<string> {
  return new Set(pkg.items.map((item) => item.path));
}

describe('retrieve (in-process, shop fixture)', () => {
  it('runs end to end in every format: the render is within budget, parses back to the items, and has no duplicates', async () => {
    const repo = await shop();
    const counter = createO200kCounter();
    for (const format of RENDER_FORMATS) {
      const result = await retrieve(repo.ports, { ...BOTH, format });
      const { budget, items } = result.package;
      expect(budget.available).toBe(5000);
      expect(counter.count(result.rendered)).toBe(budget.used);
      // The faces send this text as it is (operations/context.ts packageText): it must be the package's own render.
      expect(result.rendered).toBe(renderPackage(result.package, format));
      expect(budget.used).toBeLessThanOrEqual(budget.available);
      const identities = parsedIdentities(result.rendered, format);
      expect(identities).toEqual(items.map(itemIdentity));
      expect(new Set(identities).size).toBe(identities.length);
      expect(items.length).toBeGreaterThan(0);
    }
  });

  it('always includes the seeds, and includes the direct neighbours of the seeds', async () => {
    const repo = await shop();
    const { package: pkg } = await retrieve(repo.ports, BOTH);
    const included = paths(pkg);
    expect(included).toContain('shop/cart.py');
    const seed = pkg.items.find((item) => item.path === 'shop/cart.py' && item.symbolKey === null)!;
    expect(seed.provenance.tier).toBe(0);
    // cart.py imports pricing.py; gateway.py and the test import cart.py.
    for (const neighbour of ['shop/pricing.py', 'shop/payments/gateway.py', 'tests/test_cart.py']) expect(included, neighbour).toContain(neighbour);
    expect(pkg.edges).toContainEqual({ from: 'shop/cart.py', to: 'shop/pricing.py', relation: 'imports', weight: 1 });
  });

  it('keeps the seeds when the budget is tight — they are the last to go', async () => {
    const repo = await shop();
    const result = await retrieve(repo.ports, { ...BOTH, budget: { contextWindow: 700, reservedTokens: 200 } });
    const { budget } = result.package;
    expect(budget.used).toBeLessThanOrEqual(500);
    expect(paths(result.package)).toContain('shop/cart.py');
    expect(budget.evicted.length + budget.demoted.length).toBeGreaterThan(0);
    expect(budget.evicted.every((item) => item.tier > 0 || item.path !== 'shop/cart.py')).toBe(true);
  });

  it('logs every file considered per tier, the analysis, the budget, and the start and finish of the run', async () => {
    const repo = await shop();
    const result = await retrieve(repo.ports, BOTH);
    const records = repo.ports.rawLog.read({ taskId: result.taskId, runId: result.runId });
    const kinds = records.map((record) => record.kind);
    expect(kinds[0]).toBe('run');
    expect(kinds[kinds.length - 1]).toBe('run');
    expect(records.filter((record) => record.kind === 'budget')).toHaveLength(1);
    const decisions = decisionsIn(records).map(({ stage, payload }) => ({ stage, ...(payload as { id: string; tier: number; verdict: string }) }));
    for (const item of result.package.items) {
      const stage = item.symbolKey === null ? 'scope' : 'precision';
      expect(decisions.some((d) => d.stage === stage && d.id === (item.symbolKey ?? item.path) && d.verdict === 'included'), itemIdentity(item)).toBe(true);
    }
    const task = records.find((record) => record.kind === 'info' && record.stage === 'task');
    expect(task?.payload).toMatchObject({ event: 'analysis', type: 'bug_fix' });
    expect(records.some((record) => record.kind === 'info' && (record.payload as { message?: string }).message === 'enrichment not found, tier 4 skipped')).toBe(true);
  });

  it('keeps the stage state in the session', async () => {
    const repo = await shop();
    const result = await retrieve(repo.ports, BOTH);
    const session = repo.ports.sessions.get(result.taskId)!;
    expect(session.stageProgress).toEqual({ scope: 'done', precision: 'done' });
    const scope = session.stageOutputs['scope'] as { files: { path: string; tier: number }[] };
    const precision = session.stageOutputs['precision'] as { symbols: { key: string; class: string }[] };
    expect(scope.files.find((file) => file.path === 'shop/cart.py')?.tier).toBe(0);
    expect(precision.symbols).toContainEqual(expect.objectContaining({ key: 'shop/cart.py::Cart.total', class: 'primary' }));
    expect((session.finalContext as ContextPackage).runId).toBe(result.runId);
    expect(session.task).toMatchObject({ text: TASK, stages: ['scope', 'precision'], format: 'markdown' });
  });

  it('re-enters the same task on refinement: requested files come in as seeds, requests accumulate, the budget holds', async () => {
    const repo = await shop();
    const tight = { ...BOTH, budget: { contextWindow: 2500, reservedTokens: 500 } };
    const first = await retrieve(repo.ports, tight);
    expect(paths(first.package)).not.toContain('web/tsconfig.json');
    const second = await refine(repo.ports, { taskId: first.taskId, request: { ...EMPTY_REFINEMENT, missingFiles: ['web/tsconfig.json'] } });
    expect(second.taskId).toBe(first.taskId);
    expect(second.runId).not.toBe(first.runId);
    const requested = second.package.items.find((item) => item.path === 'web/tsconfig.json' && item.symbolKey === null);
    expect(requested?.provenance).toMatchObject({ tier: 0, reason: 'requested by a refinement: web/tsconfig.json' });
    expect(second.package.budget.used).toBeLessThanOrEqual(2000);
    const third = await refine(repo.ports, { taskId: first.taskId, request: { ...EMPTY_REFINEMENT, missingSymbols: ['formatPrice'], missingTests: ['test_total_applies_discount_and_tax'] } });
    expect(paths(third.package)).toContain('web/tsconfig.json'); // still requested
    // The requested symbol is primary, and shown: as an item, or inside its whole file.
    const key = 'web/src/format.ts::formatPrice';
    const decision = decisionsIn(repo.ports.rawLog.read({ runId: third.runId, stage: 'precision' })).find((entry) => (entry.payload as { id: string }).id === key);
    expect(decision?.payload).toMatchObject({ label: 'primary', reason: 'requested by a refinement' });
    const shown = third.package.items.some((item) => item.symbolKey === key) || third.package.budget.deduplicated.some((item) => item.symbolKey === key && item.coveredBy === 'web/src/format.ts');
    expect(shown).toBe(true);
    expect(repo.ports.sessions.get(first.taskId)!.refinementRequest).toMatchObject({
      missingFiles: ['web/tsconfig.json'],
      missingSymbols: ['formatPrice'],
      missingTests: ['test_total_applies_discount_and_tax'],
    });
    expect(repo.ports.rawLog.runsOf(first.taskId)).toEqual([first.runId, second.runId, third.runId]);
  });

  it('adds an error signature to the task: its frames become anchors', async () => {
    const repo = await shop();
    const first = await retrieve(repo.ports, { ...BOTH, task: 'Checkout fails for some carts' });
    const trace = 'Traceback (most recent call last):\n  File "shop/payments/gateway.py", line 15, in charge\nPaymentError: nothing to charge';
    const second = await refine(repo.ports, { taskId: first.taskId, request: { ...EMPTY_REFINEMENT, errorSignatures: [trace] } });
    const gateway = second.package.items.find((item) => item.path === 'shop/payments/gateway.py' && item.symbolKey === null);
    expect(gateway?.provenance.tier).toBe(0);
    expect(second.package.query).toContain('PaymentError: nothing to charge');
  });

  it('shows a file changed on disk since indexing by path only, and says so', async () => {
    const repo = await shop();
    appendFileSync(join(repo.dir.path, 'shop/cart.py'), '\n# edited after indexing\n');
    const result = await retrieve(repo.ports, BOTH);
    const cart = result.package.items.filter((item) => item.path === 'shop/cart.py');
    expect(cart.length).toBeGreaterThan(0);
    expect(cart.every((item) => item.detail === 'path')).toBe(true);
    expect(result.notes.some((note) => note.startsWith('shop/cart.py: changed on disk since it was indexed'))).toBe(true);
  });

  it('refuses what it cannot run, before anything is logged', async () => {
    const repo = await shop();
    await expect(retrieve(repo.ports, { ...BOTH, task: '  ' })).rejects.toMatchObject({ code: 'USAGE' });
    await expect(retrieve(repo.ports, { ...BOTH, stages: ['scope', 'magic'] })).rejects.toMatchObject({ code: 'USAGE' });
    await expect(retrieve(repo.ports, { ...BOTH, taskId: 'has space' })).rejects.toMatchObject({ code: 'USAGE' });
    await expect(retrieve(repo.ports, { ...BOTH, budget: { contextWindow: 100, reservedTokens: 100 } })).rejects.toMatchObject({ code: 'BUDGET' });
    await expect(refine(repo.ports, { taskId: 'no-such-task', request: { ...EMPTY_REFINEMENT, missingFiles: ['a.py'] } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repo.ports.sessions.list()).toEqual([]);
    expect(repo.ports.rawLog.read({})).toEqual([]);
  });
});

describe('retrieve: JSON carries the code', () => {
  /** Tokens of code the package shows: items above path, less whole-file outlines (listings). */
  function codeTokens(pkg: ContextPackage): number {
    return pkg.items.filter((item) => item.detail !== 'path' && !(item.symbolKey === null && item.detail === 'signature')).reduce((sum, item) => sum + item.tokens, 0);
  }

  /** Twelve modules of ten functions on four topics: thirty about refunds, more than 8k tokens hold. */
  function ledgerRepo(): Record<string, string> {
    const topics = ['invoice', 'shipment', 'refund', 'coupon'];
    const files: Record<string, string> = {};
    for (let m = 0; m < 12; m++) {
      const functions = Array.from({ length: 10 }, (_, f) => {
        const topic = topics[(m + f) % topics.length]!;
        const body = Array.from({ length: 12 }, (_, line) => `    ${topic}_${line} = ledger.${topic}(order, ${m * 100 + f * 10 + line})`).join('\n');
        return `def ${topic}_step_${m}_${f}(order, ledger):\n    """Handles part ${f} of an order's ${topic}."""\n${body}\n    return ledger\n`;
      });
      files[`ledger/module_${m}.py`] = functions.join('\n\n');
    }
    return files;
  }

  it('at the same budget, a JSON package holds at least 90% of the code tokens of the markdown one', async () => {
    const repo = await indexedFiles(ledgerRepo());
    repos.push(repo);
    const task = 'Refunds are written twice: every refund step duplicates its refund entries';
    for (const contextWindow of [4000, 8000, 16000]) {
      const request: RetrieveRequest = { task, stages: ['scope', 'precision'], budget: { contextWindow, reservedTokens: 0 }, format: 'markdown' };
      const markdown = await retrieve(repo.ports, request);
      const json = await retrieve(repo.ports, { ...request, format: 'json' });
      // The repository holds more code about refunds than these budgets: they are spent on code.
      if (contextWindow === 4000) expect(codeTokens(markdown.package)).toBeGreaterThan(0.5 * contextWindow);
      expect(codeTokens(json.package), `at ${contextWindow}`).toBeGreaterThanOrEqual(0.9 * codeTokens(markdown.package));
      expect(parseJson(json.rendered).items.filter((item) => item.text.includes('ledger.refund(order')).length).toBeGreaterThan(0);
    }
  });
});
