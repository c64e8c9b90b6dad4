// A file a refinement asked for (`refine --missing-files`, MCP `get_context` with `missing`,
// HTTP refine) comes as code, before anything else: whole when it fits its share of the
// budget; else its own lines that bear on the task — the definition holding a stack frame of
// the task first, then the definitions whose text matches the task best, whole — with its
// outline (the header line of every definition, as written), each gap one line naming the
// lines left out. An agent that asks for a file wants to read it, not to be told its path.

import type { ContextItem, ItemTexts } from '../../core/context-package.js';
import type { FileRecord, SymbolRecord } from '../../core/entities.js';
import type { SourceLines } from '../../core/source-lines.js';
import { scoreCode, unitRelevance } from '../stages/code-evidence.js';
import type { KnowledgeBase, ScopedFile } from '../stages/stage.js';
import { fileOutline } from './outline.js';
import type { TermMatcher } from './term-matcher.js';

/** Requested files together may take this share of the budget; each shows whole within its part. */
export const REQUESTED_SHARE = 0.5;
/** Above every other item: asked for by name. */
const REQUESTED_SCORE = 2;
/** Rough sizes, only to choose ceilings (the fitter counts exactly). */
const CHARS_PER_TOKEN = 3.5;
const TOKENS_PER_LINE = 10;
/** The outline may take at most this share of the excerpt's lines; the code that bears on the task, the rest. */
const OUTLINE_SHARE = 1 / 3;
/** A header spans at most this many lines (a multi-line parameter list). */
const MAX_HEADER_LINES = 8;

export interface RequestedInputs {
  terms: TermMatcher;
  frames: readonly { path: string; line: number | null }[];
  /** Tokens of budget this file may take. */
  tokens: number;
}

/** True for a file a refinement asked for by path (not the home of a requested symbol or test). */
export function isRequestedFile(file: ScopedFile): boolean {
  return file.relation === 'requested file';
}

export function requestedFileItem(file: ScopedFile, record: FileRecord, kb: KnowledgeBase, inputs: RequestedInputs): ContextItem {
  const lines = kb.sources.lines(record);
  const symbols = lines !== null ? kb.reader.symbolsOfFile(record.path) : [];
  const whole = lines !== null && lines.text.length / CHARS_PER_TOKEN <= inputs.tokens;
  const texts: ItemTexts = {
    full: lines !== null && whole ? lines.slice(1, lines.count) : null,
    excerpt: lines !== null && !whole ? bearingExcerpt(lines, record, symbols, kb, inputs) : null,
    signature: lines !== null ? fileOutline(record, lines, symbols, () => kb.reader.docChunks(record.path)) : null,
  };
  return {
    path: record.path,
    symbolKey: null,
    language: record.language,
    startLine: 1,
    endLine: Math.max(1, record.lines),
    detail: texts.full !== null ? 'full' : texts.excerpt !== null ? 'excerpt' : texts.signature !== null ? 'signature' : 'path',
    texts,
    tokens: 0,
    provenance: { stage: 'scope', tier: file.tier, reason: file.reason, signals: file.signals, score: REQUESTED_SCORE },
    demotedFrom: null,
  };
}

/** The outline's header lines, then whole definitions by how they bear on the task, within the file's share. */
function bearingExcerpt(lines: SourceLines, record: FileRecord, symbols: readonly SymbolRecord[], kb: KnowledgeBase, inputs: RequestedInputs): string | null {
  const maxLines = Math.max(20, Math.floor(inputs.tokens / TOKENS_PER_LINE));
  const keep = new Uint8Array(lines.count);
  let kept = 0;
  const take = (first: number, last: number, limit: number): boolean => {
    const fresh = countUnkept(keep, first, last);
    if (kept + fresh > limit) return false;
    keep.fill(1, first - 1, last);
    kept += fresh;
    return true;
  };
  for (const symbol of [...symbols].sort((a, b) => a.startLine - b.startLine)) {
    if (!take(symbol.startLine, headerEnd(lines, symbol), maxLines * OUTLINE_SHARE)) break;
  }
  for (const symbol of bearing(record, symbols, kb, inputs)) take(symbol.startLine, Math.min(symbol.endLine, lines.count), maxLines);
  return kept === 0 || kept === lines.count ? null : lines.excerpt(1, lines.count, (line) => keep[line - 1] === 1);
}

/** Definitions holding a frame of the task first, then by their text's match with the task; none that match nothing. */
function bearing(record: FileRecord, symbols: readonly SymbolRecord[], kb: KnowledgeBase, inputs: RequestedInputs): SymbolRecord[] {
  const evidence = scoreCode(kb.reader, kb.sources, [record.path], inputs.terms);
  const scores = new Map((evidence.files.get(record.path)?.units ?? []).map((unit) => [unit.key, unitRelevance(unit, evidence)]));
  const frameLines = inputs.frames.flatMap((frame) => (frame.path === record.path && frame.line !== null ? [frame.line] : []));
  const holdsFrame = (symbol: SymbolRecord): boolean => frameLines.some((line) => line >= symbol.startLine && line <= symbol.endLine);
  // The innermost definition holding a frame: the smallest one.
  const framed = symbols.filter(holdsFrame).sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine));
  const matched = symbols.filter((symbol) => (scores.get(symbol.key) ?? 0) > 0).sort((a, b) => scores.get(b.key)! - scores.get(a.key)! || a.startLine - b.startLine);
  return [...framed.slice(0, 1), ...matched];
}

/** The last line of a definition's header: the line that opens its body, at most MAX_HEADER_LINES down. */
function headerEnd(lines: SourceLines, symbol: SymbolRecord): number {
  const last = Math.min(symbol.endLine, symbol.startLine + MAX_HEADER_LINES - 1, lines.count);
  for (let line = symbol.startLine; line <= last; line++) {
    const text = lines.line(line);
    if (/[:{]\s*(?:#.*|\/\/.*)?$/.test(text) || /=>\s*$/.test(text)) return line;
  }
  return symbol.startLine;
}

function countUnkept(keep: Uint8Array, first: number, last: number): number {
  let count = 0;
  for (let index = first - 1; index < last; index++) if (keep[index] === 0) count += 1;
  return count;
}
