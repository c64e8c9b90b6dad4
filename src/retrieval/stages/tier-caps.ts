// How many files each tier may bring in, from the run's budget. Every scoped file costs the
// stages a read of its definitions and the package at most a path line (the fitter shows
// code first and names few files without code), so scope is sized by what the budget can
// use: a file slot is the budget share one more file is worth.

import type { RunBudget } from './stage.js';

export interface TierCaps {
  direct: number;
  cochange: number;
  search: number;
}

/** Tokens of budget per scoped file, by default. */
export const TOKENS_PER_FILE_SLOT = 220;
const MIN_SLOTS = 6;
const MAX_SLOTS = 400;
/** Shares of the non-seed slots; what tiers 1 and 2 leave unused goes to search matches. */
const SHARES = { direct: 0.3, cochange: 0.1 } as const;

export function fileSlots(budget: RunBudget, tokensPerSlot: number = TOKENS_PER_FILE_SLOT): number {
  return Math.min(MAX_SLOTS, Math.max(MIN_SLOTS, Math.round(budget.available / tokensPerSlot)));
}

/**
 * Caps for tiers 1–3 given how many seeds there are and how many candidates each tier has:
 * seeds never count against a cap (they are always in scope), and a tier with fewer
 * candidates than its share hands the rest to search matches.
 */
export function tierCaps(budget: RunBudget, seeds: number, available: { direct: number; cochange: number }, tokensPerSlot: number = TOKENS_PER_FILE_SLOT): TierCaps {
  const rest = Math.max(MIN_SLOTS / 2, fileSlots(budget, tokensPerSlot) - seeds);
  const direct = Math.min(available.direct, Math.ceil(rest * SHARES.direct));
  const cochange = Math.min(available.cochange, Math.ceil(rest * SHARES.cochange));
  return { direct, cochange, search: Math.max(1, rest - direct - cochange) };
}
