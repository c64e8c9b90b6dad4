// Composition root, the evaluation harness (`cairn eval`, a developer's command): the
// harness (src/eval/) is handed the application's index runs and each task's raw log and
// sessions, opened here over the stores every cairn run uses. The CLI parses the flags,
// calls `runEval` and prints the report it is given; it never imports eval/ itself.

import { openRepo } from './repo.js';
import { basename } from 'node:path';
import type { RepoContext } from '../config/repo-context.js';
import { checkedPostgresUrl } from '../config/store-choice.js';
import { indexAndPublish, openRawLog, openReader, openSessions } from './stores.js';
import { isCairnError } from '../core/errors.js';
import { evaluateRequest, type EvalHost, type EvalOutcome, type EvalProgress, type EvalRequest } from '../eval/evaluate-request.js';
import type { TaskTree } from '../eval/evaluator.js';
import type { IndexPorts } from '../eval/run-eval.js';

export { evalJson, evalText, NO_BASELINE, type EvalOutcome, type EvalProgress, type EvalRequest } from '../eval/evaluate-request.js';
export { RANKER_NAMES } from '../eval/ranker-evaluator.js';

export interface EvalStores {
  /**
   * A PostgreSQL URL (`cairn eval --store`): each task tree is a repository of that database,
   * named by its folder — its index published as a generation and read from the checkout,
   * its raw log and sessions in its schema — as a team's replicas answer; else SQLite beside
   * each index.
   */
  store?: string | undefined;
}

/** Runs one evaluation request over the application's indexes; its progress to `onProgress`. */
export function runEval(request: EvalRequest, onProgress: (event: EvalProgress) => void, stores: EvalStores = {}): Promise<EvalOutcome> {
  if (stores.store !== undefined && stores.store.trim().toLowerCase() === 'sqlite') return runEval(request, onProgress, {});
  const url = stores.store === undefined ? undefined : checkedPostgresUrl(stores.store, '--store');
  const storeOf = (tree: TaskTree): StoreContext => ({
    indexDir: tree.indexDir,
    ...(url === undefined ? {} : { store: { adapter: 'postgres', url, repository: basename(tree.root), from: '--store' } }),
  });
  const host: EvalHost = { index: appIndexPorts(storeOf), openLogs: (tree) => openTaskLogs(storeOf(tree)) };
  return evaluateRequest(request, host, onProgress);
}

type StoreContext = Pick<RepoContext, 'indexDir' | 'store'>;

/** Each task's raw log and sessions live where its index does, like any cairn run's. */
function openTaskLogs(context: StoreContext): ReturnType<EvalHost['openLogs']> {
  const rawLog = openRawLog(context);
  const sessions = openSessions(context);
  return { rawLog, sessions, close: () => (sessions.close(), rawLog.close()) };
}

/** Waits this long, in steps, for another process writing a shared index (`--index-root`). */
const BUSY_WAIT_MS = 10 * 60_000;
const BUSY_STEP_MS = 2_000;

/**
 * The application's index: each tree indexed incrementally; CAIRN_INDEX_DIR is not consulted.
 * An index another process is writing is waited for rather than counted as a failed task.
 */
function appIndexPorts(storeOf: (tree: TaskTree) => StoreContext): IndexPorts {
  const contextOf = async (tree: TaskTree): Promise<RepoContext> => {
    const { store } = storeOf(tree);
    return { ...(await openRepo({ repo: tree.root, indexDir: tree.indexDir, env: {} })), ...(store === undefined ? {} : { store }) };
  };
  return {
    async index(tree, onProgress) {
      const context = await contextOf(tree);
      for (let waited = 0; ; waited += BUSY_STEP_MS) {
        try {
          await indexAndPublish(context, {}, onProgress);
          return;
        } catch (error) {
          if (!(isCairnError(error) && error.code === 'INDEX_BUSY') || waited >= BUSY_WAIT_MS) throw error;
          await new Promise((resolve) => setTimeout(resolve, BUSY_STEP_MS));
        }
      }
    },
    openReader: (tree) => openReader(storeOf(tree)),
  };
}
