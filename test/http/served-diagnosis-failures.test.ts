// A served diagnosis reads the failure memory the workspace keeps open, and opens no store of
// its own: before, each diagnosis over HTTP or MCP opened (and closed) the failure memory
// again — on PostgreSQL one more connection per request. The second test holds that (the
// diagnosis's port is the workspace's reader); the first, that diagnoses see what was
// recorded through the workspace, whose store opens (counted through the serve wiring, the
// one place a workspace opens stores from) stay at one.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWiring } from '../../src/app/serve.js';
import { openRepo } from '../../src/app/repo.js';
import { diagnoseRun } from '../../src/operations/diagnose.js';
import { openServeSet, type ServeSet } from '../../src/serve/live.js';
import type { RepoStores } from '../../src/store/repo-stores.js';
import { createO200kCounter } from '../../src/tokenizer/tokens.js';
import { silentLogging } from '../../src/logging/logger.js';
import { SHOP_BUNDLE as BUNDLE } from '../support/shop-handoff.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

function countingFailureReaders(stores: RepoStores, opened: { count: number }): RepoStores {
  return new Proxy(stores, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'failureReader' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return () => {
        opened.count += 1;
        return (value as RepoStores['failureReader']).call(target);
      };
    },
  });
}

describe('a served diagnosis and the failure memory', () => {
  let repo: TempDir;
  let set: ServeSet;
  const opened = { count: 0 };

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    repo.write('runs/r1/build.attempt-1.log', `FAILED tests/test_cart.py\n${'ValueError: quantity must be positive in add_item of shop/cart.py\n'.repeat(5)}`);
    repo.write('runs/r1/build.attempt-2.log', 'collecting\n');
    const context = await openRepo({ repo: repo.path, env: {} });
    const wiring = { ...serveWiring, stores: (ctx: typeof context) => countingFailureReaders(serveWiring.stores(ctx), opened) };
    set = await openServeSet([{ name: 'shop', context }], { logger: silentLogging().logger, env: {}, wiring, watch: false, counter: createO200kCounter() });
    await set.repos[0]!.workspace.ensureIndex();
  });
  afterAll(async () => {
    await set.close();
    repo.remove();
  });

  it('three diagnoses each see the failure recorded through the workspace, which opens its failure memory at most once', async () => {
    const workspace = set.repos[0]!.workspace;
    await workspace.use((view) => view.failures().record({ digest: 'a1b2c3d4e5f60718', phaseId: 'build', errorMessage: 'ValueError: quantity must be positive', errorType: 'ValueError', errorPattern: 'ValueError: quantity must be positive', frames: [{ path: 'shop/cart.py', line: 12, func: 'add_item' }], rootCause: 'add_item accepted a negative quantity', resolution: 'reject negatives in add_item' }));
    const before = opened.count;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await workspace.use((view) => diagnoseRun(view, { bundle: BUNDLE, runDir: 'runs/r1', phase: 'build', attempt: 2, always: true }));
      expect(answer.notes).toEqual([]);
      expect(JSON.stringify(answer.json.retrieval)).toContain('reject negatives in add_item');
    }
    expect(opened.count - before).toBeLessThanOrEqual(1);
  });

  it('hands the diagnosis the workspace’s own reader, and closing the diagnosis leaves it open', async () => {
    await set.repos[0]!.workspace.use((view) => {
      const session = view.diagnostics();
      expect(session.ports.failures).toBe(view.failureReader());
      session.close();
      expect(view.failureReader().count()).toBe(1);
    });
  });
});
