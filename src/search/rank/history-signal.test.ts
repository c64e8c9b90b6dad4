// Recency of the candidates' last change, on a git repository the test builds: the file
// changed last scores 1, older ones less, files outside the candidates nothing.

import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { gitInit } from '../../../test/support/temp-repo.js';
import { recencySignal } from './history-signal.js';

describe('recencySignal', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
    const git = gitInit(repo.dir.path);
    git.commit('initial', 1_700_000_000);
    appendFileSync(join(repo.dir.path, 'shop/pricing.py'), '\n# later\n');
    git.commit('pricing changed 180 days later', 1_700_000_000 + 180 * 86_400);
    await repo.reindex();
  });
  afterAll(() => repo.close());

  it('scores candidates by how lately they changed, halving every 90 days before the newest', () => {
    const candidates = new Map([['shop/pricing.py', 1], ['shop/cart.py', 1]]);
    const scores = recencySignal(repo.ports.reader, [candidates]);
    expect(scores.get('shop/pricing.py')).toBe(1);
    expect(scores.get('shop/cart.py')).toBeCloseTo(0.25, 5);
    expect(scores.has('web/src/format.ts')).toBe(false);
  });

  it('is empty for candidates outside git history', () => {
    expect(recencySignal(repo.ports.reader, [new Map([['no/such.py', 1]])]).size).toBe(0);
  });
});
