// The index thread (app-index-thread.ts): one index run of the repository it is given,
// its progress and summary posted back; a failure posted as a fault (its code kept, so
// that INDEX_BUSY stays INDEX_BUSY). The thread ends with the run.

import { parentPort, workerData } from 'node:worker_threads';
import { drainIndex, runIndex } from './app.js';
import type { IndexThreadData, IndexThreadMessage } from './app-index-thread.js';
import { faultOf } from './core/errors.js';

const port = parentPort;
if (port === null) throw new Error('app-index-worker.js runs as a worker thread');
const { context } = workerData as IndexThreadData;
const post = (message: IndexThreadMessage): void => port.postMessage(message);
try {
  const summary = await drainIndex(runIndex(context), (progress) => post({ kind: 'progress', progress }));
  post({ kind: 'done', summary });
} catch (error) {
  post({ kind: 'fault', fault: faultOf(error, 'the index run') });
}
