// Worker thread entry: runs processFile for the pool (see extract-pool.ts).

import { parentPort } from 'node:worker_threads';
import { processFile, type FileInput } from './process-file.js';

interface Job extends FileInput {
  id: number;
}

parentPort?.on('message', (job: Job) => {
  try {
    const result = processFile(job);
    parentPort!.postMessage({ id: job.id, result });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
