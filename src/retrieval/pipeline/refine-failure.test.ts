// A refine that fails must leave the task's session as it was: its request is merged into
// the session only by a run that completes, so one bad request does not poison the task.

import { afterEach, describe, expect, it } from 'vitest';
import { isCairnError } from '../../core/errors.js';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { refine } from './refine.js';
import { EMPTY_REFINEMENT } from './refinement.js';
import { retrieve } from './retrieve.js';

const repos: IndexedRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.close();
});

const TASK = 'Wrong total in `shop/cart.py`\n`Cart.total` applies the discount after tax instead of before.';

async function failure(run: Promise<unknown>): Promise<unknown> {
  try {
    await run;
  } catch (error) {
    return error;
  }
  throw new Error('expected the run to fail');
}

describe('a failed refine', () => {
  it('a refine that fails with exit 9 (2,000 unknown files) leaves the session as it was, and the next refine works', async () => {
    const repo = await indexedFixture('shop');
    repos.push(repo);
    const first = await retrieve(repo.ports, { task: TASK, stages: ['scope', 'precision'], budget: { contextWindow: 3000, reservedTokens: 1000 }, format: 'markdown' });
    const before = repo.ports.sessions.get(first.taskId);
    const unknown = Array.from({ length: 2000 }, (_, at) => `nowhere/missing_${at}.py`);
    const error = await failure(refine(repo.ports, { taskId: first.taskId, request: { ...EMPTY_REFINEMENT, missingFiles: unknown } }));
    expect(isCairnError(error) && error.code).toBe('BUDGET');
    const after = repo.ports.sessions.get(first.taskId);
    expect({ ...after, updatedAt: 0 }).toEqual({ ...before, updatedAt: 0 });
    const next = await refine(repo.ports, { taskId: first.taskId, request: { ...EMPTY_REFINEMENT, missingFiles: ['shop/pricing.py'] } });
    expect(next.package.items.map((item) => item.path)).toContain('shop/pricing.py');
  });
});
