// An index run's steps taken to the end, each step's progress handed on: the run's summary.

import type { IndexProgress, IndexSummary } from '../indexer/index-repository.js';

/** Drains an index run, handing each progress event to `onProgress`. */
export async function drainIndex(
  run: AsyncGenerator<IndexProgress, IndexSummary>,
  onProgress: (progress: IndexProgress) => void = () => undefined,
): Promise<IndexSummary> {
  for (;;) {
    const step = await run.next();
    if (step.done) return step.value;
    onProgress(step.value);
  }
}
