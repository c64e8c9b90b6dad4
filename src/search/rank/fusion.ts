// Weighted reciprocal rank fusion (Cormack et al., 2009): each signal ranks candidates on
// its own scale; a candidate's fused score is Σ weight / (k + rank). Robust to signals
// whose raw scores are not comparable, which is the normal case here.

import { compareText } from '../../core/compare.js';
import type { SignalContribution } from './types.js';

export interface SignalList {
  signal: string;
  weight: number;
  /**
   * Each item's contribution also times its own score, capped at 1: for a list whose scores
   * are confidences (an anchor's specificity), so that a name defined in four places does
   * not count, at the top of its list, as much as a path the task names outright.
   */
  byScore?: boolean;
  /** Best first. */
  items: { id: string; score: number }[];
}

export interface FusedItem {
  id: string;
  score: number;
  signals: SignalContribution[];
}

export const RRF_K = 60;

export function fuse(lists: SignalList[], k = RRF_K): FusedItem[] {
  const fused = new Map<string, FusedItem>();
  for (const list of lists) {
    if (list.weight === 0) continue;
    list.items.forEach((item, index) => {
      const contribution = (list.weight * (list.byScore ? Math.min(1, item.score) : 1)) / (k + index + 1);
      let entry = fused.get(item.id);
      if (!entry) {
        entry = { id: item.id, score: 0, signals: [] };
        fused.set(item.id, entry);
      }
      entry.score += contribution;
      entry.signals.push({ signal: list.signal, rank: index + 1, raw: item.score, contribution });
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || compareText(a.id, b.id));
}

/** Sorts a score map into a signal list, best first, ties by id (code-unit order) for determinism. */
export function toList(signal: string, weight: number, scores: Map<string, number>, limit: number, byScore = false): SignalList {
  const items = [...scores.entries()]
    .filter(([, score]) => score > 0)
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .slice(0, limit)
    .map(([id, score]) => ({ id, score }));
  return byScore ? { signal, weight, items, byScore } : { signal, weight, items };
}
