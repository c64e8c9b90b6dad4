// Composition root, the evaluation harness (`cairn eval`, a developer's command): the
// harness (src/eval/) is handed the application's index runs and each task's raw log and
// sessions, opened here over the stores every cairn run uses. The CLI parses the flags,
// calls `runEval` and prints the report it is given; it never imports eval/ itself.

import { openRepo } from './repo.js';
import { drainIndex, openRawLog, openReader, openSessions, runIndex } from './stores.js';
import { isCairnError } from '../core/errors.js';
import { evaluateRequest, type EvalHost, type EvalOutcome, type EvalProgress, type EvalRequest } from '../eval/evaluate-request.js';
import type { TaskTree } from '../eval/evaluator.js';
import type { IndexPorts } from '../eval/run-eval.js';

export { evalJson, evalText, NO_BASELINE, type EvalOutcome, type EvalProgress, type EvalRequest } from '../eval/evaluate-request.js';
export { RANKER_NAMES } from '../eval/ranker-evaluator.js';

/** Runs one evaluation request over the application's indexes; its progress to `onProgress`. */
export function runEval(request: EvalRequest, onProgress: (event: EvalProgress) => void): Promise<EvalOutcome> {
  const host: EvalHost = { index: appIndexPorts(), openLogs: openTaskLogs };
  return evaluateRequest(request, host, onProgress);
}

/** Each task's raw log and sessions live beside its index, like any cairn run's. */
function openTaskLogs(tree: TaskTree): ReturnType<EvalHost['openLogs']> {
  const rawLog = openRawLog(tree);
  const sessions = openSessions(tree);
  return { rawLog, sessions, close: () => (sessions.close(), rawLog.close()) };
}

/** Waits this long, in steps, for another process writing a shared index (`--index-root`). */
const BUSY_WAIT_MS = 10 * 60_000;
const BUSY_STEP_MS = 2_000;

/**
 * The application's index: each tree indexed incrementally; CAIRN_INDEX_DIR is not consulted.
 * An index another process is writing is waited for rather than counted as a failed task.
 */
function appIndexPorts(): IndexPorts {
  const contextOf = (tree: TaskTree) => openRepo({ repo: tree.root, indexDir: tree.indexDir, env: {} });
  return {
    async index(tree, onProgress) {
      const context = await contextOf(tree);
      for (let waited = 0; ; waited += BUSY_STEP_MS) {
        try {
          await drainIndex(runIndex(context), onProgress);
          return;
        } catch (error) {
          if (!(isCairnError(error) && error.code === 'INDEX_BUSY') || waited >= BUSY_WAIT_MS) throw error;
          await new Promise((resolve) => setTimeout(resolve, BUSY_STEP_MS));
        }
      }
    },
    openReader: (tree) => openReader(tree),
  };
}
