// TaskQuery: what the pipeline knows about a task before any stage runs. Deterministic:
// the ranker's own analysis (anchors resolved against the index, weighted terms, stack
// frames) is reused — never a second one — plus the task type, the error lines, and what a
// refinement asked for. A model may add an intent later (intent.ts).

import { parseEntityKey } from '../../core/entities.js';
import { analyzeQuery } from '../../search/query/analyze.js';
import type { WeightedTerm } from '../../search/query/terms.js';
import { createCairnRanker } from '../../search/rank/cairn-ranker.js';
import type { RankedFile, RankedSymbol, Ranker } from '../../search/rank/types.js';
import type { CuratedReader } from '../../store/curated.js';
import { classifyTaskType, type TaskType } from './task-type.js';
import { compareText } from '../../core/compare.js';
import { englishWords } from '../../search/query/english.js';
import { nameTerms } from './name-terms.js';

export interface MentionedFile {
  path: string;
  weight: number;
  reasons: string[];
  /** Named by path, link, stack frame, module or title tag — not only as the home of a named symbol. */
  named: boolean;
}

export interface MentionedSymbol {
  key: string;
  path: string;
  weight: number;
  reasons: string[];
}

export interface TaskFrame {
  path: string;
  line: number | null;
  func: string | null;
  depth: number;
}

export interface ErrorLine {
  type: string;
  message: string;
}

/** What a refinement asked for, as written by the agent (resolved by the stages). */
export interface RequestedItems {
  files: string[];
  symbols: string[];
  tests: string[];
}

export interface TaskIntent {
  summary: string;
  /** The model's view of the task type, kept beside the deterministic one. */
  type: TaskType;
  keywords: string[];
}

export interface TaskQuery {
  /** The text analysed: the task, plus any error signatures a refinement added. */
  text: string;
  title: string;
  type: TaskType;
  typeEvidence: string[];
  mentionedFiles: MentionedFile[];
  mentionedSymbols: MentionedSymbol[];
  /** In-project stack frames, innermost first. */
  frames: TaskFrame[];
  errorTypes: string[];
  errorLines: ErrorLine[];
  /** The reduced query terms, best first, weighted by where they occur and how rare they are. */
  terms: WeightedTerm[];
  /** Those of `terms` that may count as naming a definition: written as code, or no everyday English word (name-terms.ts). */
  nameTerms: string[];
  keywords: string[];
  focusedKeywords: string[];
  ranked: { files: RankedFile[]; symbols: RankedSymbol[] };
  requested: RequestedItems;
  intent: TaskIntent | null;
}

export interface AnalyzeTaskOptions {
  ranker?: Ranker;
  /** Files (and, separately, symbols) the ranker is asked for. */
  rankLimit?: number;
  requested?: RequestedItems;
}

export const NOTHING_REQUESTED: RequestedItems = { files: [], symbols: [], tests: [] };

/**
 * The pipeline's default seed ranker: cairn's ranker without graph propagation. The scope
 * stage expands from the seeds over the same graph itself, and loading the whole graph
 * costs hundreds of ms per one-shot run; on Loc-Bench dev (78 tasks) the pipeline covered
 * more gold files without it (93.6 % vs 92.3 % at 8k, 97.4 % vs 96.2 % at 32k).
 */
export const PIPELINE_RANKER: Ranker = createCairnRanker({ graphs: null });
const DEFAULT_RANK_LIMIT = 80;

export async function analyzeTask(reader: CuratedReader, text: string, options: AnalyzeTaskOptions = {}): Promise<TaskQuery> {
  const ranker = options.ranker ?? PIPELINE_RANKER;
  const ranked = await ranker.rank(reader, { query: text, limit: options.rankLimit ?? DEFAULT_RANK_LIMIT });
  // cairn's ranker hands over the analysis it ranked with; another ranker's is computed here.
  const analysis = ranked.analysis ?? analyzeQuery(reader, text);
  const { issue, anchors, resolved, terms } = analysis;
  const kind = classifyTaskType(issue, { frames: resolved.frames.length || anchors.frames.length, errorTypes: anchors.errorTypes.length });
  return {
    text,
    title: issue.title,
    type: kind.type,
    typeEvidence: kind.evidence,
    mentionedFiles: [...resolved.files]
      .map(([path, hit]) => ({ path, weight: hit.weight, reasons: [...hit.reasons], named: hit.reasons.some(isNamingReason) }))
      .sort((a, b) => b.weight - a.weight || compareText(a.path, b.path)),
    mentionedSymbols: [...resolved.symbols]
      .map(([key, hit]) => ({ key, path: parseEntityKey(key).path, weight: hit.weight, reasons: [...hit.reasons] }))
      .sort((a, b) => b.weight - a.weight || compareText(a.key, b.key)),
    frames: resolved.frames.map((frame) => ({ ...frame })),
    errorTypes: [...anchors.errorTypes],
    errorLines: errorLines(text),
    terms: terms.full.map((entry) => ({ ...entry })),
    nameTerms: namesAmong(terms.full, nameTerms(issue, englishWords())),
    keywords: terms.full.map((entry) => entry.term),
    focusedKeywords: [...terms.focused],
    ranked: { files: ranked.files, symbols: ranked.symbols },
    requested: options.requested ?? NOTHING_REQUESTED,
    intent: null,
  };
}

function namesAmong(terms: readonly WeightedTerm[], names: ReadonlySet<string>): string[] {
  return terms.filter((entry) => names.has(entry.term)).map((entry) => entry.term);
}

/** Reasons that name the file itself (resolve-anchors.ts); "defines X" only names a symbol in it. */
function isNamingReason(reason: string): boolean {
  return !reason.startsWith('defines ');
}

const ERROR_LINE = /^\s*((?:[A-Za-z_][\w]*\.)*[A-Z]\w*(?:Error|Exception|Warning|Exit|Fault|Panic))(?::\s*(.*))?$/gm;
const MAX_ERROR_LINES = 10;

/** `ValueError: quantity must be positive` lines: the exception and its message as printed. */
export function errorLines(text: string): ErrorLine[] {
  const seen = new Set<string>();
  const out: ErrorLine[] = [];
  for (const match of text.replace(/\r\n?/g, '\n').matchAll(ERROR_LINE)) {
    const line = { type: match[1]!, message: (match[2] ?? '').trim() };
    const key = `${line.type}:${line.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(line);
    if (out.length === MAX_ERROR_LINES) break;
  }
  return out;
}
