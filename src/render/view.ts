// The one view every printer prints: a package reduced to what a model is shown. Items
// carry only the text at their detail; the demoted / evicted / duplicate lists become
// counts, so a render stays within the budget however many candidates were cut (the full
// lists stay in the package and the raw log).

import {
  textAt,
  itemIdentity,
  type BudgetSummary,
  type ContextItem,
  type ContextPackage,
  type Detail,
  type FileEdge,
  type FileSummary,
  type HistoryEntry,
  type MatchEvidence,
  type MatchStrength,
  type RenderFormat,
} from '../core/context-package.js';

export interface ItemView {
  /** The symbol key, or the path for a whole file. */
  key: string;
  path: string;
  symbolKey: string | null;
  detail: Detail;
  demotedFrom: Detail | null;
  language: string;
  startLine: number;
  endLine: number;
  tier: number;
  stage: string;
  reason: string;
  score: number;
  signals: Record<string, number>;
  tokens: number;
  text: string;
  /** The file's model summary, on the first item of its file in render order only (absent: none). */
  summary?: SummaryView;
}

/** A model's summary as printed: on one line, with the model that wrote it. */
export interface SummaryView {
  text: string;
  model: string;
}

export interface BudgetDigest {
  contextWindow: number;
  reservedTokens: number;
  available: number;
  used: number;
  format: RenderFormat;
  tokenizer: string;
  /** Count of demotions by change, e.g. { "full->signature": 2 }. */
  demoted: { count: number; byChange: Record<string, number> };
  /** Count of evictions by tier, e.g. { "3": 12 }. */
  evicted: { count: number; byTier: Record<string, number> };
  deduplicated: number;
}

export interface ItemCounts {
  items: number;
  full: number;
  excerpt: number;
  signature: number;
  path: number;
}

export interface RenderView {
  taskId: string;
  runId: string;
  /** The query's first 200 characters on one line: the agent already holds the rest. */
  query: string;
  /** Whether anything here matches the task; every printer says it first. */
  match: MatchStrength;
  matchEvidence: MatchEvidence;
  createdAt: string;
  counts: ItemCounts;
  budget: BudgetDigest;
  items: ItemView[];
  edges: FileEdge[];
  notes: string[];
  /** The historical section, one line per commit (absent when the package has none). */
  history?: HistoryEntry[];
}

const QUERY_EXCERPT_CHARS = 200;
/** A demotion change: from one detail to a lower one. */
export const DEMOTION_CHANGES = ['full->excerpt', 'full->signature', 'full->path', 'excerpt->signature', 'excerpt->path', 'signature->path'] as const;

/** Collapses line breaks and other control characters so a value cannot break a layout. */
export function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

export function queryExcerpt(query: string): string {
  const chars = Array.from(oneLine(query).replace(/\s+/g, ' ').trim());
  if (chars.length <= QUERY_EXCERPT_CHARS) return chars.join('');
  return `${chars.slice(0, QUERY_EXCERPT_CHARS).join('')}…`;
}

/** The match strength and its evidence, each value on one line. */
export function matchView(source: { match: MatchStrength; matchEvidence: MatchEvidence }): Pick<RenderView, 'match' | 'matchEvidence'> {
  return {
    match: source.match,
    matchEvidence: {
      summary: oneLine(source.matchEvidence.summary),
      closest: source.matchEvidence.closest.map((entry) => ({ key: oneLine(entry.key), why: oneLine(entry.why) })),
    },
  };
}

export function itemView(item: ContextItem): ItemView {
  return {
    key: oneLine(itemIdentity(item)),
    path: item.path,
    symbolKey: item.symbolKey,
    detail: item.detail,
    demotedFrom: item.demotedFrom,
    language: item.language,
    startLine: item.startLine,
    endLine: item.endLine,
    tier: item.provenance.tier,
    stage: oneLine(item.provenance.stage),
    reason: oneLine(item.provenance.reason),
    score: item.provenance.score,
    signals: item.provenance.signals,
    tokens: item.tokens,
    text: textAt(item, item.detail) ?? '',
  };
}

export function countItems(items: readonly { detail: Detail }[]): ItemCounts {
  const counts: ItemCounts = { items: items.length, full: 0, excerpt: 0, signature: 0, path: 0 };
  for (const item of items) counts[item.detail] += 1;
  return counts;
}

export function digestBudget(summary: BudgetSummary): BudgetDigest {
  const byChange: Record<string, number> = {};
  for (const record of summary.demoted) increment(byChange, `${record.from}->${record.to}`);
  const byTier: Record<string, number> = {};
  for (const record of summary.evicted) increment(byTier, String(record.tier));
  return {
    contextWindow: summary.contextWindow,
    reservedTokens: summary.reservedTokens,
    available: summary.available,
    used: summary.used,
    format: summary.format,
    tokenizer: summary.tokenizer,
    demoted: { count: summary.demoted.length, byChange },
    evicted: { count: summary.evicted.length, byTier },
    deduplicated: summary.deduplicated.length,
  };
}

function increment(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

export function buildView(pkg: ContextPackage): RenderView {
  return {
    taskId: oneLine(pkg.taskId),
    runId: oneLine(pkg.runId),
    query: queryExcerpt(pkg.query),
    ...matchView(pkg),
    createdAt: pkg.createdAt,
    counts: countItems(pkg.items),
    budget: digestBudget(pkg.budget),
    items: withSummaries(renderOrder(pkg.items).map(itemView), pkg.summaries ?? []),
    edges: pkg.edges.map((edge) => ({ ...edge, from: oneLine(edge.from), to: oneLine(edge.to) })),
    notes: pkg.notes.map(oneLine),
    ...(pkg.history && pkg.history.length > 0 ? { history: pkg.history.map(historyView) } : {}),
  };
}

/** A file's summary as printed: each field on one line. */
export function summaryView(summary: Pick<FileSummary, 'text' | 'model'>): SummaryView {
  return { text: oneLine(summary.text), model: oneLine(summary.model) };
}

/** The views with each file's summary on its first item (items in render order, so grouped by file). */
function withSummaries(items: ItemView[], summaries: readonly FileSummary[]): ItemView[] {
  if (summaries.length === 0) return items;
  const byPath = new Map(summaries.map((summary) => [summary.path, summary]));
  const seen = new Set<string>();
  return items.map((item) => {
    const summary = seen.has(item.path) ? undefined : byPath.get(item.path);
    seen.add(item.path);
    return summary === undefined ? item : { ...item, summary: summaryView(summary) };
  });
}

/** A commit of the historical section: each field on one line, but a diff's lines as git printed them. */
export function historyView(entry: HistoryEntry): HistoryEntry {
  const line = { sha: oneLine(entry.sha), date: oneLine(entry.date), subject: oneLine(entry.subject), files: entry.files.map(oneLine) };
  if (!entry.changes || entry.changes.length === 0) return line;
  return { ...line, changes: entry.changes.map((change) => ({ ...change, symbol: oneLine(change.symbol), path: oneLine(change.path) })) };
}

/**
 * The order items are printed in: grouped by file — files in the order of their strongest
 * item — and within a file by line (a whole-file item first), so a method follows its
 * class header and the code of one file reads top to bottom. `items` is in priority order.
 */
export function renderOrder<T extends Pick<ContextItem, 'path' | 'symbolKey' | 'startLine' | 'endLine'>>(items: readonly T[]): T[] {
  const fileRank = new Map<string, number>();
  items.forEach((item, index) => {
    if (!fileRank.has(item.path)) fileRank.set(item.path, index);
  });
  const position = new Map(items.map((item, index) => [item, index]));
  return [...items].sort(
    (a, b) =>
      fileRank.get(a.path)! - fileRank.get(b.path)! ||
      Number(a.symbolKey !== null) - Number(b.symbolKey !== null) ||
      a.startLine - b.startLine ||
      b.endLine - a.endLine ||
      position.get(a)! - position.get(b)!,
  );
}

/** Tier keys in numeric order ("2" before "10"), for printing. */
export function sortedTierEntries(byTier: Record<string, number>): [string, number][] {
  return Object.entries(byTier).sort((a, b) => Number(a[0]) - Number(b[0]));
}

/** Demotion changes in a fixed order, highest detail first. */
export function sortedChangeEntries(byChange: Record<string, number>): [string, number][] {
  const order: readonly string[] = DEMOTION_CHANGES;
  return Object.entries(byChange).sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
}
