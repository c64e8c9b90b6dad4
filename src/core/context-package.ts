// The context package: what the retrieval pipeline hands to a model, within a hard token
// budget, with the reason for every item. Plain JSON-serialisable data plus a few pure
// helpers; the budget fitting lives in src/retrieval/budget, the printers in src/render.

import type { EntityKey, Language } from './entities.js';

/**
 * How much of an item is shown: its whole text; an excerpt (the signature, and the lines
 * around what the task mentions, the rest elided); its signature and docstring (for a whole
 * file, its outline); or its path.
 */
export type Detail = 'full' | 'excerpt' | 'signature' | 'path';

/** Highest detail first: demotion walks this list to the right. */
export const DETAILS: readonly Detail[] = ['full', 'excerpt', 'signature', 'path'];

/** 3 for full, 2 for excerpt, 1 for signature, 0 for path: a larger rank shows more. */
export function detailRank(detail: Detail): number {
  return DETAILS.length - 1 - DETAILS.indexOf(detail);
}

export type RenderFormat = 'markdown' | 'prompt' | 'json';

export const RENDER_FORMATS: readonly RenderFormat[] = ['markdown', 'prompt', 'json'];

export interface ItemProvenance {
  /** The pipeline stage that proposed the item (e.g. "scope", "precision"). */
  stage: string;
  /** 0 = seed; higher = weaker evidence. */
  tier: number;
  /** One line: why the item is here, e.g. "imported by seed src/a.ts". */
  reason: string;
  /** The ranking signals behind `score`, by name. */
  signals: Record<string, number>;
  /** Higher is better; orders items within a tier. */
  score: number;
}

/**
 * The texts an item can be shown at. The path detail has no body: a rendered item's
 * header already carries its path, symbol and line range.
 */
export interface ItemTexts {
  /** The whole file, or the symbol's source; null when not available. */
  full: string | null;
  /**
   * The parts of `full` that bear on the task, in order, each gap replaced by one line that
   * says which lines were left out (`ELISION_MARK`); null when there is no such excerpt.
   */
  excerpt: string | null;
  /** Signature plus docstring (for a whole file: its outline); null when the item has none. */
  signature: string | null;
}

/** One file, or one symbol of a file, shown to the model. */
export interface ContextItem {
  /** Repository-relative path. */
  path: string;
  /** The symbol's entity key ("path::Qualified.name"), or null for a whole file. */
  symbolKey: EntityKey | null;
  language: Language;
  /** 1-based, inclusive; a whole file spans 1..its line count. */
  startLine: number;
  endLine: number;
  /**
   * In a package: the detail shown. For a candidate: the most it may be shown at (its
   * ceiling); the budget fitter never raises it.
   */
  detail: Detail;
  /** In a package, texts above `detail` are dropped (null) to keep the package small. */
  texts: ItemTexts;
  /** Tokens of the text at `detail`, by the package's token counter (0 for path). */
  tokens: number;
  provenance: ItemProvenance;
  /** The ceiling the item was demoted from, or null when shown at its ceiling. */
  demotedFrom: Detail | null;
  /**
   * Shown as code or not at all, like a definition: a file held in reserve is never listed
   * by outline or path (it is there only for the budget the rest leaves).
   */
  codeOnly?: true;
}

export type EdgeRelation = 'imports' | 'references' | 'cochange';

/** A dependency between two files of the package. */
export interface FileEdge {
  from: string;
  to: string;
  relation: EdgeRelation;
  weight: number;
}

export interface DemotionRecord {
  path: string;
  symbolKey: EntityKey | null;
  tier: number;
  from: Detail;
  to: Detail;
  reason: string;
}

export interface EvictionRecord {
  path: string;
  symbolKey: EntityKey | null;
  tier: number;
  /** The detail it was proposed at. */
  detail: Detail;
  reason: string;
}

/** A candidate left out because another included item already shows its text. */
export interface DuplicateRecord {
  path: string;
  symbolKey: EntityKey | null;
  tier: number;
  /** Identity (entity key or path) of the item that shows it. */
  coveredBy: string;
  reason: string;
}

export interface BudgetSummary {
  contextWindow: number;
  reservedTokens: number;
  /** contextWindow − reservedTokens: the most the rendered package may take. */
  available: number;
  /** Tokens of the package rendered in `format`, by `tokenizer`. */
  used: number;
  format: RenderFormat;
  tokenizer: string;
  demoted: DemotionRecord[];
  evicted: EvictionRecord[];
  deduplicated: DuplicateRecord[];
}

/**
 * A commit of the repository's history that touched files of the package (the historical
 * section, asked for with `history`): how the code came to be, newest first.
 */
export interface HistoryEntry {
  /** Abbreviated commit hash (12 characters). */
  sha: string;
  /** Committer date, YYYY-MM-DD (UTC). */
  date: string;
  /** The commit message's first line. */
  subject: string;
  /** Files of the package the commit touched, in package order. */
  files: string[];
  /** What the commit changed inside the package's main definitions (absent: nothing read, or none). */
  changes?: HistoryChange[];
}

/** A commit's change inside one definition of the package. */
export interface HistoryChange {
  /** The definition's qualified name, and its file (as at HEAD). */
  symbol: string;
  path: string;
  /** Lines the commit added inside the definition, plus the lines its hunks there removed. */
  changedLines: number;
  /**
   * The commit's hunks inside the definition, as git prints them with `-U0` (header line
   * "@@ -a,b +c,d @@ …", then the "-" and "+" lines), credentials redacted; null when they
   * are too many lines, or reach outside the definition (then only the count is shown).
   */
  diff: string | null;
}

/**
 * What a model wrote about a file (`cairn enrich`, promoted, and current: written from the
 * content the index holds), shown once with the file's first item in a package. A model's
 * words, not the code: marked as such wherever it is shown, and never part of an item's text.
 */
export interface FileSummary {
  path: string;
  /** The summary, credentials redacted. */
  text: string;
  /** The model that wrote it ("provider:model"). */
  model: string;
}

/**
 * How strongly the repository matches the task: `strong` when anchors of the task resolve or
 * the strongest candidates hold its specific words; `weak` when they hold some; `none` when
 * nothing here carries the task's evidence (e.g. a task about another project).
 */
export type MatchStrength = 'strong' | 'weak' | 'none';

export const MATCH_STRENGTHS: readonly MatchStrength[] = ['strong', 'weak', 'none'];

/** A candidate a weak or empty match names, and why it is only close. */
export interface ClosestCandidate {
  /** Entity key ("path::Qualified.name") or path. */
  key: string;
  /** e.g. "holds empty, error; lacks PaymentError, cart". */
  why: string;
}

/** The evidence behind a package's match strength, as the package states it. */
export interface MatchEvidence {
  /** One line: what was found and what was not. */
  summary: string;
  /** With a weak or empty match: the closest candidates (at most a few); else empty. */
  closest: ClosestCandidate[];
}

export interface ContextPackage {
  taskId: string;
  runId: string;
  query: string;
  /** Said first in every render: whether anything here matches the task. */
  match: MatchStrength;
  matchEvidence: MatchEvidence;
  /** In priority order: tier ascending, then score descending. */
  items: ContextItem[];
  /** Dependencies among the files of `items` only. */
  edges: FileEdge[];
  budget: BudgetSummary;
  /** Information lines, e.g. "enrichment not found, tier 4 skipped". */
  notes: string[];
  /** The historical section: recent commits of the package's files (absent or empty: not asked for, or none). */
  history?: HistoryEntry[];
  /** Model summaries of the package's files (absent or empty: none current); each shown with its file's first item. */
  summaries?: FileSummary[];
  /** ISO 8601. */
  createdAt: string;
}

/** What a package carries besides its items: given to the budget fitter, which counts it too. */
export interface PackageFrame {
  taskId: string;
  runId: string;
  query: string;
  match: MatchStrength;
  matchEvidence: MatchEvidence;
  notes: string[];
  /** Dependencies among candidate files; only those among included files are kept. */
  edges: FileEdge[];
  /** The historical section, counted in the budget with the header and footer (absent: none). */
  history?: HistoryEntry[];
  /** Model summaries of candidate files; the fitter counts one when its file is first placed (absent: none). */
  summaries?: FileSummary[];
  /** ISO 8601; supplied by the caller so that fitting stays a pure function. */
  createdAt: string;
}

/** The text shown at a detail: '' for path, null when the item has no such text. */
export function textAt(item: Pick<ContextItem, 'texts'>, detail: Detail): string | null {
  if (detail === 'path') return '';
  if (detail === 'excerpt') return item.texts.excerpt;
  return detail === 'full' ? item.texts.full : item.texts.signature;
}

/** How an excerpt marks the lines it leaves out: "⋯ lines 12-40 not shown ⋯". */
export function elisionMark(first: number, last: number): string {
  return first === last ? `⋯ line ${first} not shown ⋯` : `⋯ lines ${first}-${last} not shown ⋯`;
}

/** What makes two items the same: the symbol key, or the path for a whole file. */
export function itemIdentity(item: Pick<ContextItem, 'path' | 'symbolKey'>): string {
  return item.symbolKey ?? item.path;
}
