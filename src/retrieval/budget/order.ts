// Priority order and identity: candidates sorted strongest first (score descending — the
// stages put the code to change above context and files — then tier ascending, identity
// and input position so the order never depends on chance),
// each with the most it can be shown at, and repeated identities dropped.

import {
  DETAILS,
  itemIdentity,
  textAt,
  type ContextItem,
  type Detail,
  type DuplicateRecord,
} from '../../core/context-package.js';
import { CairnError } from '../../core/errors.js';

export interface Slot {
  /** Position in priority order, 0 = strongest. */
  rank: number;
  item: ContextItem;
  identity: string;
  /** The highest detail at or below the candidate's own that has a text. */
  ceiling: Detail;
}

export function prioritize(candidates: readonly ContextItem[]): { slots: Slot[]; duplicates: DuplicateRecord[] } {
  candidates.forEach(checkCandidate);
  const order = candidates
    .map((item, index) => ({ item, index, identity: itemIdentity(item) }))
    .sort((a, b) => compareCandidates(a, b));
  const slots: Slot[] = [];
  const duplicates: DuplicateRecord[] = [];
  const kept = new Map<string, Slot>();
  for (const { item, identity } of order) {
    const first = kept.get(identity);
    if (first !== undefined) {
      duplicates.push(repeated(item, first));
      continue;
    }
    const slot: Slot = { rank: slots.length, item, identity, ceiling: ceilingOf(item) };
    kept.set(identity, slot);
    slots.push(slot);
  }
  return { slots, duplicates };
}

interface Ordered {
  item: ContextItem;
  index: number;
  identity: string;
}

function compareCandidates(a: Ordered, b: Ordered): number {
  const pa = a.item.provenance;
  const pb = b.item.provenance;
  if (pa.score !== pb.score) return pb.score - pa.score;
  if (pa.tier !== pb.tier) return pa.tier - pb.tier;
  if (a.identity !== b.identity) return a.identity < b.identity ? -1 : 1;
  return a.index - b.index;
}

function ceilingOf(item: ContextItem): Detail {
  const start = DETAILS.indexOf(item.detail);
  for (const detail of DETAILS.slice(start)) if (textAt(item, detail) !== null) return detail;
  return 'path';
}

function repeated(item: ContextItem, first: Slot): DuplicateRecord {
  const by = first.item.provenance;
  return {
    path: item.path,
    symbolKey: item.symbolKey,
    tier: item.provenance.tier,
    coveredBy: first.identity,
    reason: `listed again by ${item.provenance.stage}; kept the tier ${by.tier} entry from ${by.stage}`,
  };
}

// Candidates come from pipeline stages, so a bad one is a bug upstream, not user input.
function checkCandidate(item: ContextItem): void {
  const problem = candidateProblem(item);
  if (problem !== null) {
    throw new CairnError('INTERNAL', `context candidate ${itemIdentity(item)}: ${problem}`);
  }
}

function candidateProblem(item: ContextItem): string | null {
  const { tier, score, signals } = item.provenance;
  if (!Number.isSafeInteger(tier) || tier < 0) return `tier ${tier} is not a non-negative integer`;
  if (!Number.isFinite(score)) return `score ${score} is not finite`;
  if (Object.values(signals).some((value) => !Number.isFinite(value))) return 'a signal is not finite';
  if (!DETAILS.includes(item.detail)) return `detail ${String(item.detail)} is unknown`;
  return null;
}

/** True when `outer` shows all of `inner`'s text at full detail: the whole file, or an enclosing symbol. */
export function contains(outer: Slot, inner: Slot): boolean {
  if (outer === inner || outer.item.path !== inner.item.path) return false;
  if (outer.item.symbolKey === null) return true;
  if (inner.item.symbolKey === null) return false;
  return outer.item.startLine <= inner.item.startLine && inner.item.endLine <= outer.item.endLine;
}
