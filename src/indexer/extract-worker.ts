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
 * the store indexes the search text and never reads them, and copying them to the main
 * thread (58 MB on sympy) cost it ~0.3 s of structured-clone work per full index.
 */
function withoutRawText(indexed: IndexedFile): IndexedFile {
  if (indexed.searchText === undefined) return indexed;
  return { ...indexed, text: null, symbolBodies: new Map() };
}
