// What every output format provides: the whole render of a view, and the exact parts an
// item and an edge add to it, which the budget fitter counts before it renders.

import type { FileEdge, HistoryChange, HistoryEntry, RenderFormat } from '../core/context-package.js';
import { fencedBlock } from './fence.js';
import {
  sortedChangeEntries,
  sortedTierEntries,
  type BudgetDigest,
  type ItemCounts,
  type ItemView,
  type RenderView,
  type SummaryView,
} from './view.js';

export interface Printer {
  readonly format: RenderFormat;
  render(view: RenderView): string;
  /** Exactly the text an item adds to the render; `number` is its 1-based position. */
  item(item: ItemView, number: number): string;
  /** Exactly the text an edge adds to the render (once the edge list is not empty). */
  edge(edge: FileEdge): string;
  /**
   * The text a file's model summary adds to its first item (markdown and prompt: exactly its
   * line; JSON: its field, whose separators the fit's count of the whole render settles).
   */
  summary(summary: SummaryView): string;
}

/** Opens the line of a file's model summary under its first item's meta line. */
export const SUMMARY_LABEL = 'model summary';

/** "model summary (ollama:qwen2.5-coder): Reads the storefront's currency rates." — a model's words, marked as such. */
export function summaryLine(summary: SummaryView): string {
  return `${SUMMARY_LABEL} (${summary.model}): ${summary.text}\n`;
}

/** "excerpt · lines 10-20 · primary: its code matches the task" — what is shown, where, and why. */
export function metaLine(item: ItemView): string {
  return `${item.detail} · lines ${item.startLine}-${item.endLine} · ${item.reason}`;
}

/** "none — nothing in this repository matches the task: …" — the match line after its label. */
export function matchPhrase(view: Pick<RenderView, 'match' | 'matchEvidence'>): string {
  return `${view.match} — ${view.matchEvidence.summary}`;
}

/** "src/a.py::f (holds x; lacks y) · src/b.py (…)", or null when the match names none. */
export function closestPhrase(view: Pick<RenderView, 'matchEvidence'>): string | null {
  const { closest } = view.matchEvidence;
  return closest.length === 0 ? null : closest.map((entry) => `${entry.key} (${entry.why})`).join(' · ');
}

/** Matches a meta line's start and captures the detail and the first and last line. */
export const META_DETAIL = /^(full|excerpt|signature|path) · lines (\d+)-(\d+) · /;

export function countsPhrase(counts: ItemCounts): string {
  return `${counts.items} items (${counts.full} full, ${counts.excerpt} excerpt, ${counts.signature} signature, ${counts.path} path)`;
}

export function usagePhrase(budget: BudgetDigest): string {
  return `${budget.used}/${budget.available} tokens (${budget.tokenizer})`;
}

export function windowPhrase(budget: BudgetDigest): string {
  return `window ${budget.contextWindow} · reserved ${budget.reservedTokens} · available ${budget.available} · used ${budget.used}`;
}

/** "demoted 3 (full->signature 2, signature->path 1)" or "demoted 0". */
export function demotedPhrase(budget: BudgetDigest): string {
  const parts = sortedChangeEntries(budget.demoted.byChange).map(([change, n]) => `${change} ${n}`);
  return `demoted ${budget.demoted.count}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

/** "evicted 12 (tier 2: 4, tier 3: 8)" or "evicted 0". */
export function evictedPhrase(budget: BudgetDigest): string {
  const parts = sortedTierEntries(budget.evicted.byTier).map(([tier, n]) => `tier ${tier}: ${n}`);
  return `evicted ${budget.evicted.count}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

/** "a1b2c3d4e5f6 2024-05-01 Fix rounding (shop/cart.py, shop/pricing.py)": one commit of the historical section. */
export function historyLine(entry: HistoryEntry): string {
  return `${entry.sha} ${entry.date} ${entry.subject} (${entry.files.join(', ')})`;
}

/**
 * What a commit of the historical section changed inside a definition, under its commit
 * line: "  3 lines changed in apply_discount (shop/pricing.py)", then — when small — the
 * hunks as git printed them, fenced.
 */
function historyChange(change: HistoryChange, indent: string): string {
  const plural = change.changedLines === 1 ? '' : 's';
  const line = `${indent}${change.changedLines} line${plural} changed in ${change.symbol} (${change.path})\n`;
  return change.diff === null ? line : `${line}${fencedBlock(change.diff, 'diff')}`;
}

/** The changes of a commit of the historical section, each under its commit line. */
export function historyChanges(entry: HistoryEntry, indent: string): string {
  return (entry.changes ?? []).map((change) => historyChange(change, indent)).join('');
}
