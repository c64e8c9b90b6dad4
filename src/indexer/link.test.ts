import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureRepo, type TempDir } from '../../test/support/temp-repo.js';
import { drainIndex, openReader, runIndex } from '../app/stores.js';
import { openRepo } from '../app/repo.js';

const repos: TempDir[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

async function indexed(repo: TempDir) {
  const context = await openRepo({ repo: repo.path, env: {} });
  const summary = await drainIndex(runIndex(context, { workers: 0 }));
  const reader = openReader(context);
  const links = (key: string) => reader.docLinksTo(key).map((link) => link.chunkId);
  const snapshot = { summary, discount: links('shop/pricing.py::apply_discount'), renamed: links('shop/pricing.py::apply_code') };
  reader.close();
  return snapshot;
}

describe('incremental doc links', () => {
  it('relinks docs that mention a definition that appeared or disappeared, and leaves them alone otherwise', async () => {
    const repo = fixtureRepo('shop');
    repos.push(repo);
    const first = await indexed(repo);
    expect(first.discount).toEqual(['docs/payments.md#2']);

    const pricing = join(repo.path, 'shop/pricing.py');
    const original = readFileSync(pricing, 'utf8');
    writeFileSync(pricing, `${original}\n# a comment only\n`);
    const untouched = await indexed(repo);
    expect(untouched.summary.link.docLinks).toBe(0); // nothing relinked
    expect(untouched.discount).toEqual(['docs/payments.md#2']);

    writeFileSync(pricing, original.replace('def apply_discount', 'def apply_code'));
    const renamed = await indexed(repo);
    expect(renamed.discount).toEqual([]);
    expect(renamed.summary.link.docLinks).toBeGreaterThan(0);

    writeFileSync(pricing, original);
    expect((await indexed(repo)).discount).toEqual(['docs/payments.md#2']);
  });
});
