// Stages by name. Adding a stage is adding a file and one line here; `--stages` and
// `retrieval.stages` in cairn.yaml pick from these names, in the order given.

import { UsageError } from '../../core/errors.js';
import { precisionStage } from './precision.js';
import { DEFAULT_SCOPE_OPTIONS, scopeStage } from './scope.js';
import type { Stage } from './stage.js';
import { DEFAULT_TUNING, type RetrievalTuning } from '../tuning.js';

const STAGES: Readonly<Record<string, (tuning: RetrievalTuning) => Stage>> = {
  scope: (tuning) => scopeStage({ ...DEFAULT_SCOPE_OPTIONS, tokensPerFileSlot: tuning.scope.tokensPerFileSlot }),
  precision: (tuning) => precisionStage(tuning.precision),
};

export const STAGE_NAMES: readonly string[] = Object.keys(STAGES);

/** The stages named, in order; an empty, repeated or unknown name is a usage error that lists the known ones. */
export function stagesByName(names: readonly string[], tuning: RetrievalTuning = DEFAULT_TUNING): Stage[] {
  if (names.length === 0) {
    throw new UsageError('the stage list is empty', { hint: `name at least one stage, e.g. --stages ${STAGE_NAMES.join(',')}` });
  }
  const seen = new Set<string>();
  return names.map((name) => {
    const make = Object.hasOwn(STAGES, name) ? STAGES[name] : undefined;
    if (!make) {
      throw new UsageError(`unknown stage "${name}"`, { hint: `known stages: ${STAGE_NAMES.join(', ')} (e.g. --stages ${STAGE_NAMES.join(',')})` });
    }
    if (seen.has(name)) throw new UsageError(`stage "${name}" is listed twice`, { hint: 'name each stage once' });
    seen.add(name);
    return make(tuning);
  });
}
