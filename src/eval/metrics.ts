// Localization metrics as the literature defines them. Pure functions over ranks: the
// 1-based position of each gold item in a ranked list (null when the list lacks it).

import { KEY_SEPARATOR } from '../core/entities.js';

/** Rank of each distinct gold item in `ranked` (duplicates in `ranked` are counted once). */
export function goldRanks(gold: readonly string[], ranked: readonly string[]): Map<string, number | null> {
  const positions = new Map<string, number>();
  for (const item of ranked) if (!positions.has(item)) positions.set(item, positions.size + 1);
  const ranks = new Map<string, number | null>();
  for (const item of gold) ranks.set(item, positions.get(item) ?? null);
  return ranks;
}

function hitsWithin(ranks: ReadonlyMap<string, number | null>, k: number): number {
  let hits = 0;
  for (const rank of ranks.values()) if (rank !== null && rank <= k) hits++;
  return hits;
}

/** Acc@k: 1 when the top k hold min(|gold|, k) gold items, else 0. */
export function accuracyAtK(ranks: ReadonlyMap<string, number | null>, k: number): number {
  if (ranks.size === 0) return 0;
  return hitsWithin(ranks, k) >= Math.min(ranks.size, k) ? 1 : 0;
}

/** Recall@k: the fraction of gold items in the top k. */
export function recallAtK(ranks: ReadonlyMap<string, number | null>, k: number): number {
  if (ranks.size === 0) return 0;
  return hitsWithin(ranks, k) / ranks.size;
}

/** 1 / rank of the first gold item; 0 when no gold item is ranked at all. */
export function reciprocalRank(ranks: ReadonlyMap<string, number | null>): number {
  let best = Infinity;
  for (const rank of ranks.values()) if (rank !== null && rank < best) best = rank;
  return best === Infinity ? 0 : 1 / best;
}

/** The p-th percentile (0–100) by linear interpolation between closest ranks; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p / 100) * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** A key without the "#2", "#3"… that tells overloads and redefinitions apart. */
export function withoutOverloadSuffix(key: string): string {
  return key.replace(/#\d+$/, '');
}

/**
 * A dataset's gold function ("path:Qualified.name") as a cairn entity key
 * ("path::Qualified.name"). Paths hold no ':', so the first one separates.
 */
export function goldFunctionKey(gold: string): string {
  const at = gold.indexOf(':');
  if (at < 0) return withoutOverloadSuffix(gold);
  if (gold.startsWith(KEY_SEPARATOR, at)) return withoutOverloadSuffix(gold);
  return withoutOverloadSuffix(`${gold.slice(0, at)}${KEY_SEPARATOR}${gold.slice(at + 1)}`);
}
