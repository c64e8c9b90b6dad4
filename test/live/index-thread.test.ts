// Index runs of the live index on a thread of their own (app-index-thread.ts, running the
// compiled thread script from dist/, which the test setup builds): the same index as a run
// in process, progress reported, and a failure typed as the same error.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openReader, openRepo } from '../../src/app.js';
import { threadRunner } from '../../src/app-index-thread.js';
import { inProcessRunner } from '../../src/app-workspace.js';
import { isCairnError } from '../../src/core/errors.js';
import type { IndexProgress } from '../../src/indexer/index-repository.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const THREAD_SCRIPT = new URL('../../dist/app-index-worker.js', import.meta.url);
const repos: TempDir[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  repos.push(repo);
  return repo;
}

describe('index runs on a thread', () => {
  it('build the index a run in process builds, reporting progress', async () => {
    const [threaded, local] = [shop(), shop()];
    const progress: IndexProgress[] = [];
    const summary = await threadRunner(THREAD_SCRIPT)(await openRepo({ repo: threaded.path, env: {} }), (step) => progress.push(step));
    const expected = await inProcessRunner(await openRepo({ repo: local.path, env: {} }), () => undefined);
    expect(summary.files).toBe(expected.files);
    expect(summary.symbols).toBe(expected.symbols);
    expect(summary.edges).toEqual(expected.edges);
    expect(progress.some((step) => step.phase === 'scan')).toBe(true);
    const reader = openReader({ indexDir: join(threaded.path, '.cairn') });
    expect(reader.meta('state')).toBe('complete');
    expect(reader.symbolsByName('total').map((symbol) => symbol.key)).toContain('shop/cart.py::Cart.total');
    reader.close();
  });

  it('fail as a typed error with the code a run in process fails with', async () => {
    const repo = shop();
    const context = await openRepo({ repo: repo.path, env: {} });
    // The index directory is a file: no run can open it.
    rmSync(context.indexDir, { recursive: true, force: true });
    mkdirSync(join(context.indexDir, '..'), { recursive: true });
    writeFileSync(context.indexDir, 'not a folder');
    const threaded = await threadRunner(THREAD_SCRIPT)(context, () => undefined).catch((error: unknown) => error);
    const local = await inProcessRunner(context, () => undefined).catch((error: unknown) => error);
    expect(isCairnError(local)).toBe(true);
    expect(isCairnError(threaded) && isCairnError(local) && threaded.code === local.code && threaded.message === local.message).toBe(true);
  });
});
