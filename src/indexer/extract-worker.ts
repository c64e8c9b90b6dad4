// Worker thread entry: runs processFile for the pool (see extract-pool.ts). Jobs are run
// one per event-loop turn: tree-sitter frees a tree's native memory in a finalizer, and
// finalizers only run between turns — a queue drained in one turn keeps every tree alive.

import { parentPort } from 'node:worker_threads';
import type { IndexedFile } from '../store/curated.js';
import { processFile, type FileInput } from './process-file.js';

interface Job extends FileInput {
  id: number;
}

const queue: Job[] = [];
let scheduled = false;

function runNext(): void {
  scheduled = false;
  const job = queue.shift();
  if (!job) return;
  try {
    parentPort!.postMessage({ id: job.id, result: withoutRawText(processFile(job)) });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
  schedule();
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  setImmediate(runNext);
}

parentPort?.on('message', (job: Job) => {
  queue.push(job);
  schedule();
});

/**
 * The result without the file's text and symbol bodies once their search text is made:
 * the store indexes the search text and never reads them. They were 58 MB of the copy to
 * the main thread on sympy, whose transfer cost that thread ~0.45 s of CPU per full index.
 */
function withoutRawText(indexed: IndexedFile): IndexedFile {
  if (indexed.searchText === undefined) return indexed;
  return { ...indexed, text: null, symbolBodies: new Map() };
}
