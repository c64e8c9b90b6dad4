import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { createO200kCounter } from '../../tokenizer/tokens.js';
import type { EvalTask } from '../dataset.js';
import { CHUNK_RAG_ALL_EVALUATOR, CHUNK_RAG_CODE_EVALUATOR, chunkRagEvaluator, chunkRagEvaluators, packageEvaluator } from './package-evaluator.js';

const TASK: EvalTask = {
  id: 't1',
  repo: 'shop',
  base_commit: 'x',
  category: 'bug',
  query: 'Cart.total applies the discount after tax',
  gold_files: ['shop/cart.py', 'no/such/file.py'],
  gold_functions: ['shop/cart.py:Cart.total', 'shop/cart.py:Cart.added_by_the_fix'],
  gold_lines: { 'shop/cart.py': [33, 34] },
};

describe('context recall evaluators', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
  });
  afterAll(() => repo.close());
  const context = () => ({ reader: repo.ports.reader, tree: { root: repo.ports.root, indexDir: '' } });

  it('measures cairn\'s package: the gold method is shown as code, its changed lines too', async () => {
    let closed = 0;
    const evaluator = packageEvaluator({
      budgets: [8000, 4000],
      openLogs: () => ({ rawLog: repo.ports.rawLog, sessions: repo.ports.sessions, close: () => void (closed += 1) }),
    });
    const score = await evaluator.evaluate(TASK, context());
    expect(score.metrics['ctx.fn@8k']).toBe(1);
    expect(score.metrics['ctx.fnAll@8k']).toBe(1); // the function added by the fix is not in the tree: left out
    expect(score.metrics['ctx.lines@8k']).toBe(1);
    expect(score.metrics['ctx.lineShare@8k']).toBe(1);
    expect(score.metrics['ctx.file@8k']).toBe(0.5);
    expect(score.metrics['ctx.precision@8k']).toBeGreaterThan(0);
    expect(score.detail).toMatchObject({ missingGold: { '8k': ['no/such/file.py'] }, goldFunctionsInTree: ['shop/cart.py:Cart.total'] });
    expect(closed).toBe(2);
  });

  it('derives gold functions from the changed lines when a task lists none', async () => {
    const evaluator = chunkRagEvaluator([8000], 'code');
    const score = await evaluator.evaluate({ ...TASK, gold_functions: [] }, context());
    expect(score.detail).toMatchObject({ goldFunctionsInTree: ['shop/cart.py:Cart.total'] });
    expect(score.metrics['ctx.fn@8k']).toBe(1);
  });

  it('measures the chunk-RAG baseline with the same metrics, within its budget', async () => {
    const [evaluator, allFiles] = chunkRagEvaluators([8000, 300], createO200kCounter());
    expect([evaluator!.name, allFiles!.name]).toEqual([CHUNK_RAG_CODE_EVALUATOR, CHUNK_RAG_ALL_EVALUATOR]);
    const score = await evaluator!.evaluate(TASK, context());
    expect(evaluator!.metrics.map((m) => m.name)).toEqual(packageEvaluator({ budgets: [8000, 300], openLogs: () => { throw new Error('unused'); } }).metrics.map((m) => m.name));
    expect(score.metrics['ctx.lines@8k']).toBe(1);
    // 300 tokens hold no 60-line chunk of cart.py.
    expect(score.metrics['ctx.lines@300']).toBe(0);
  });
});
