// A stage's decisions as the raw log keeps them: runs of consecutive decisions that share
// everything but the item, its score and its signals are written once with their items.
// The precision stage decides on every definition of every scoped file — thousands on a
// large repository, nearly all "excluded" for one of a few reasons — and written one by
// one they made most of the log's bytes and of a run's serialising time. Consecutive runs
// only, so the order of decisions survives the round trip exactly.

import type { Decision } from '../stages/stage.js';

/** The fields a run of decisions shares. */
export type SharedFields = Omit<Decision, 'id' | 'score' | 'signals'>;

/** One decision of a run: [id, score, signals]. */
export type GroupedItem = [id: string, score: number, signals: Record<string, number>];

export interface DecisionGroup {
  shared: SharedFields;
  items: GroupedItem[];
}

function sharedOf(decision: Decision): SharedFields {
  const { id: _id, score: _score, signals: _signals, ...shared } = decision;
  return shared;
}

/** Field by field, whatever fields a decision has: a field added later must split runs too. */
function sameShared(a: SharedFields, b: SharedFields): boolean {
  const keysA = Object.keys(a) as (keyof SharedFields)[];
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => a[key] === b[key]);
}

export function groupDecisions(decisions: readonly Decision[]): DecisionGroup[] {
  const groups: DecisionGroup[] = [];
  let current: DecisionGroup | null = null;
  for (const decision of decisions) {
    const shared = sharedOf(decision);
    if (current === null || !sameShared(current.shared, shared)) {
      current = { shared, items: [] };
      groups.push(current);
    }
    current.items.push([decision.id, decision.score, decision.signals]);
  }
  return groups;
}

/**
 * The decisions of grouped runs, in order, as unchecked payloads (each is checked on its own
 * when read, as the one-by-one form is); null when `groups` is not a list of runs.
 */
export function ungroupDecisions(groups: unknown): unknown[] | null {
  if (!Array.isArray(groups)) return null;
  const decisions: unknown[] = [];
  for (const group of groups) {
    if (group === null || typeof group !== 'object') return null;
    const { shared, items } = group as { shared?: unknown; items?: unknown };
    if (shared === null || typeof shared !== 'object' || !Array.isArray(items)) return null;
    for (const item of items) {
      if (!Array.isArray(item)) return null;
      const [id, score, signals] = item as unknown[];
      decisions.push({ ...shared, id, score, signals });
    }
  }
  return decisions;
}
