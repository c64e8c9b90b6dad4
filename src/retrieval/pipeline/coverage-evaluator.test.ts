import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFixture, type IndexedRepo } from '../retrieval.fixture.js';
import { packageCoverageEvaluator } from './coverage-evaluator.js';

describe('packageCoverageEvaluator', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
  });
  afterAll(() => repo.close());

  it('reports the share of gold files inside the package at each budget', async () => {
    let closed = 0;
    const evaluator = packageCoverageEvaluator({
      budgets: [8000, 1500],
      openLogs: () => ({ rawLog: repo.ports.rawLog, sessions: repo.ports.sessions, close: () => void (closed += 1) }),
    });
    expect(evaluator.metrics.map((metric) => metric.name)).toEqual(['package.coverage@8k', 'package.coverage@1500', 'package.ms@8k', 'package.ms@1500']);
    const task = {
      id: 't1',
      repo: 'shop',
      base_commit: 'x',
      category: 'bug',
      query: 'Cart.total applies the discount after tax',
      gold_files: ['shop/cart.py', 'no/such/file.py'],
      gold_functions: [],
    };
    const score = await evaluator.evaluate(task, { reader: repo.ports.reader, tree: { root: repo.ports.root, indexDir: '' } });
    expect(score.metrics['package.coverage@8k']).toBe(0.5);
    expect(score.metrics['package.ms@8k']).toBeGreaterThan(0);
    expect(score.detail).toEqual({ missingGold: { '8k': ['no/such/file.py'], '1500': ['no/such/file.py'] } });
    expect(closed).toBe(1);
    expect(repo.ports.rawLog.read({ kinds: ['run'] }).length).toBe(4);
  });
});
