// Composition root, index runs on a thread of their own: the live index of `cairn serve`
// and `cairn mcp` refreshes off the main thread, so that requests keep being answered at
// once while it parses, links and writes — and what the run loaded (tree-sitter grammars,
// the indexer's modules and tables) goes away with the thread when it ends, instead of
// staying in a process that is mostly at rest. The run is the same `runIndex` as in
// process; its progress and summary come back as messages, its failure as a typed fault.
// Without the compiled thread script (running from TypeScript sources) it runs in process.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RepoContext } from './app.js';
import { inProcessRunner, type IndexRunner } from './app-workspace.js';
import { CairnError, errorOfFault, type ThreadFault } from './core/errors.js';
import type { IndexProgress, IndexSummary } from './indexer/index-repository.js';

export const INDEX_THREAD_SCRIPT = new URL('./app-index-worker.js', import.meta.url);

export type IndexThreadMessage = { kind: 'progress'; progress: IndexProgress } | { kind: 'done'; summary: IndexSummary } | { kind: 'fault'; fault: ThreadFault };

export interface IndexThreadData {
  context: RepoContext;
}

/** Runs each index run on a new thread (the in-process runner without the compiled script). */
export function threadRunner(script: URL = INDEX_THREAD_SCRIPT): IndexRunner {
  if (!existsSync(fileURLToPath(script))) return inProcessRunner;
  return (context, onProgress) =>
    new Promise<IndexSummary>((resolve, reject) => {
      const data: IndexThreadData = { context };
      const worker = new Worker(script, { workerData: data });
      let settled = false;
      const settle = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        outcome();
      };
      worker.on('message', (message: IndexThreadMessage) => {
        if (message.kind === 'progress') onProgress(message.progress);
        else if (message.kind === 'done') settle(() => resolve(message.summary));
        else settle(() => reject(errorOfFault(message.fault)));
      });
      worker.on('error', (error) => settle(() => reject(new CairnError('INTERNAL', 'the index thread stopped', { cause: error }))));
      worker.on('exit', (code) => settle(() => reject(new CairnError('INTERNAL', `the index thread exited (code ${code}) before its run ended`))));
    });
}
