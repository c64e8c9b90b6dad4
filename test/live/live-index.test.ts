// The live index with real files changing under a real watcher (chokidar): changes become
// searchable, deletions disappear, cairn's own index writes never start a refresh, a branch
// switch is one batch, and a request keeps the index state it started with.

import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRepo } from '../../src/app/repo.js';
import { openServed } from '../../src/app/serve.js';
import { type ServedRepo } from '../../src/serve/live.js';
import type { IndexView } from '../../src/serve/workspace.js';
import { searchCode } from '../../src/operations/search.js';
import { createLogging } from '../../src/logging/logger.js';
import { fixtureRepo, gitInit, tempDir, type TempDir } from '../support/temp-repo.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Live {
  served: ServedRepo;
  logs: Record<string, unknown>[];
  batches(): { events: number; sample: string[] }[];
}

async function live(dir: TempDir, config = ''): Promise<Live> {
  if (config) dir.write('cairn.yaml', config);
  const logs: Record<string, unknown>[] = [];
  const logging = createLogging({ level: 'debug', format: 'json' }, (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const context = await openRepo({ repo: dir.path, env: {} });
  const set = await openServed([{ name: 'repo', context }], { logger: logging.logger, env: {}, watch: true });
  cleanups.push(() => set.close());
  const served = set.repos[0]!;
  await served.workspace.ensureIndex();
  await served.live!.ready;
  await served.workspace.settled();
  return {
    served,
    logs,
    batches: () => logs.filter((line) => line['msg'] === 'files changed') as unknown as { events: number; sample: string[] }[],
  };
}

/** Polls until `check` holds; a guard against a hang, not a measure of speed. */
async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function symbolsFound(served: ServedRepo, query: string): Promise<string[]> {
  return served.workspace.use(async (view) => (await searchCode(view, { query, limit: 5, kind: 'symbol', mode: 'hybrid' })).results.map((row) => row.symbol ?? ''));
}

describe('the live index', () => {
  it('re-indexes files created, changed and deleted, in the background', async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(() => repo.remove());
    const { served } = await live(repo, 'watch:\n  debounceMs: 50\n');
    const generation = served.workspace.generation();
    repo.write('shop/refunds.py', 'def issue_refund_voucher(order):\n    return order.total\n');
    await eventually(async () => (await symbolsFound(served, 'issue_refund_voucher')).includes('issue_refund_voucher'), 'the new file to be searchable');
    expect(served.workspace.generation()).toBeGreaterThan(generation);
    rmSync(join(repo.path, 'shop', 'refunds.py'));
    await eventually(async () => !(await symbolsFound(served, 'issue_refund_voucher')).includes('issue_refund_voucher'), 'the deleted file to go');
  });

  it("never starts a refresh for cairn's own writes to its index", async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(() => repo.remove());
    const state = await live(repo, 'watch:\n  debounceMs: 50\n');
    // Two rounds: each refresh writes index.db, its WAL and the raw log under .cairn.
    for (const round of [1, 2]) {
      repo.write(`shop/round_${round}.py`, `def round_${round}():\n    return ${round}\n`);
      await eventually(() => state.batches().length === round, `batch ${round}`);
      await state.served.workspace.settled();
    }
    // A sentinel after the last refresh: its batch holds only the sentinel, and every batch only the files written.
    repo.write('shop/sentinel.py', 'SENTINEL = 1\n');
    await eventually(() => state.batches().length === 3, 'the sentinel batch');
    const paths = state.batches().flatMap((batch) => batch.sample);
    expect(paths.every((path) => !path.includes(`${join(repo.path, '.cairn')}`))).toBe(true);
    expect(paths.map((path) => path.slice(repo.path.length + 1))).toEqual(['shop/round_1.py', 'shop/round_2.py', 'shop/sentinel.py']);
  });

  it('takes a branch switch that rewrites hundreds of files as one batch, one refresh', async () => {
    const dir = tempDir('cairn-branches-');
    cleanups.push(() => dir.remove());
    const git = gitInit(dir.path);
    const git_ = (...args: string[]): void => void execFileSync('git', args, { cwd: dir.path, stdio: 'ignore' });
    for (let i = 0; i < 300; i++) dir.write(`pkg/module_${i}.py`, `def alpha_${i}():\n    return ${i}\n`);
    dir.write('.gitignore', '.cairn/\n');
    git.commit('alpha');
    git_('checkout', '-q', '-b', 'beta');
    for (let i = 0; i < 300; i++) dir.write(`pkg/module_${i}.py`, `def beta_${i}():\n    return ${i} * 2\n`);
    git.commit('beta');
    git_('checkout', '-q', 'main');
    const state = await live(dir, 'watch:\n  debounceMs: 400\n');
    const refreshesBefore = state.served.workspace.status().refreshes;
    git_('checkout', '-q', 'beta');
    await eventually(() => state.batches().length >= 1 && !state.served.live!.batcher.busy(), 'the checkout to be indexed');
    await state.served.workspace.settled();
    expect(state.batches()).toHaveLength(1);
    expect(state.batches()[0]!.events).toBeGreaterThanOrEqual(300);
    expect(state.served.workspace.status().refreshes - refreshesBefore).toBe(1);
    expect(await symbolsFound(state.served, 'beta_150')).toContain('beta_150');
    expect(await symbolsFound(state.served, 'alpha_150')).not.toContain('alpha_150');
  });

  it('lets a request finish on the index state it started with while a refresh installs a new one', async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(() => repo.remove());
    const { served } = await live(repo, 'watch:\n  enabled: false\n');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const held = served.workspace.use(async (view: IndexView) => {
      const before = view.reader().file('shop/pricing.py') !== null;
      started();
      await gate;
      // The file is gone from disk and from the new index; this request still reads its own state.
      return { before, after: view.reader().file('shop/pricing.py') !== null, generation: view.generation };
    });
    await inside;
    rmSync(join(repo.path, 'shop', 'pricing.py'));
    await served.workspace.refresh('test');
    const now = await served.workspace.use((view) => ({ present: view.reader().file('shop/pricing.py') !== null, generation: view.generation }));
    release();
    const old = await held;
    expect(old).toMatchObject({ before: true, after: true });
    expect(now.present).toBe(false);
    expect(now.generation).toBeGreaterThan(old.generation);
  });
});
