// Rankers by name, for the faces (`--ranker`, `--baseline`). The default ranker is the
// first name.

import { UsageError } from '../../core/errors.js';
import { bm25Baseline } from './bm25-baseline.js';
import { cairnRanker, cairnRankerWithoutMeta, cairnRankerWithRecency } from './cairn-ranker.js';
import type { Ranker } from './types.js';

const RANKERS: Readonly<Record<string, Ranker>> = {
  cairn: cairnRanker,
  'bm25-file': bm25Baseline,
  'cairn-no-meta': cairnRankerWithoutMeta,
  'cairn-recency': cairnRankerWithRecency,
};

export const RANKER_NAMES: readonly string[] = Object.keys(RANKERS);

export function rankerByName(name: string): Ranker {
  const ranker = Object.hasOwn(RANKERS, name) ? RANKERS[name] : undefined;
  if (!ranker) {
    throw new UsageError(`unknown ranker "${name}"; known rankers: ${RANKER_NAMES.join(', ')}`, {
      hint: 'pass one of the known names to --ranker / --baseline',
    });
  }
  return ranker;
}
