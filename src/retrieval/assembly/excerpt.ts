// Excerpts: the part of a long function or file that bears on the task. A function too long
// to show whole keeps its signature and — when its length is mostly a docstring — all of its
// code with the docstring cut to its first line; otherwise the windows around the lines that
// mention the task's terms (or a stack frame's line), those where the terms cluster first.
// Every gap becomes one line saying which lines were left out, so the model knows the code
// continues and where; every other line is the file's own, as written (core/source-lines.ts).
// The windows chosen here are what the chunk baseline gets by luck — but inside the right
// function, with its header.

import type { SourceLines } from '../../core/source-lines.js';

export interface ExcerptOptions {
  /** Most lines kept, header included. */
  maxLines: number;
  /** Lines kept on each side of a matching line. */
  context: number;
  /** Opening lines kept whatever they mention (a definition's signature; then its docstring's first line); 0 for none. */
  headLines: number;
  /** Lines (0-based) that may centre a window; all when absent. */
  eligible?: (index: number) => boolean;
  /** Keep windows within the eligible lines too (a class's own lines, not its methods'). */
  confine?: boolean;
  /** Lines of the file (1-based) to centre windows on before any other (stack frames). */
  focusLines?: readonly number[];
}

export const SYMBOL_EXCERPT: ExcerptOptions = { maxLines: 40, context: 6, headLines: 1 };
export const FILE_EXCERPT: ExcerptOptions = { maxLines: 60, context: 8, headLines: 0 };
/** A definition whose code (docstring aside) is at most this many lines is shown whole, docstring cut. */
const MAX_CODE_LINES = 80;
/** Gaps this short are shown rather than marked: the mark would save nothing. */
const MIN_GAP = 3;
/** Most signature lines an excerpt keeps (decorators and parameter lists can be long). */
const MAX_HEAD_LINES = 20;
const DOCSTRING_OPEN = /^\s*[rRuUbBfF]{0,2}("""|''')/;

/**
 * The excerpt of lines first..last of a file, given the weight of the task's terms on each
 * line of that file (TermMatcher.lineWeights); null when no line mentions a term or the
 * excerpt would keep nearly all of it.
 */
export function excerptOf(source: SourceLines, first: number, last: number, fileLineWeights: ArrayLike<number>, options: ExcerptOptions): string | null {
  const lines: string[] = [];
  for (let line = first; line <= last; line++) lines.push(source.line(line));
  if (lines.length <= options.maxLines) return null;
  const head = Math.min(options.headLines, MAX_HEAD_LINES, lines.length);
  const docstring = head > 0 ? docstringSpan(lines, head) : null;
  const keep = new Uint8Array(lines.length);
  for (let index = 0; index < head; index++) keep[index] = 1;
  if (docstring !== null) {
    keep[docstring.start] = 1; // its summary line
    const codeLines = lines.length - (docstring.end - docstring.start + 1);
    if (codeLines <= MAX_CODE_LINES) {
      keep.fill(1, docstring.end + 1);
      return source.excerpt(first, last, (line) => keep[line - first] === 1);
    }
  }
  const inDocstring = (index: number) => docstring !== null && index >= docstring.start && index <= docstring.end;
  const eligible = (index: number) => !inDocstring(index) && (options.eligible?.(index) ?? true);
  const centres = windowCentres(lines.length, first, fileLineWeights, options.focusLines ?? [], eligible, options.context);
  if (centres.length === 0) return null;
  let kept = keep.reduce((sum, flag) => sum + flag, 0);
  const confined = (index: number) => options.confine !== true || eligible(index);
  const mark = (index: number): void => {
    if (index >= 0 && index < lines.length && keep[index] === 0 && !inDocstring(index) && confined(index) && kept < options.maxLines) {
      keep[index] = 1;
      kept += 1;
    }
  };
  for (const index of centres) {
    if (kept >= options.maxLines) break;
    if (keep[index] === 1) continue;
    // The centre first, then its surroundings outward, so a cut window stays centred.
    mark(index);
    for (let step = 1; step <= options.context; step++) {
      mark(index - step);
      mark(index + step);
    }
  }
  fillShortGaps(keep, confined);
  // An excerpt that keeps nearly everything is only a longer way to show the whole.
  if (keep.reduce((sum, flag) => sum + flag, 0) >= 0.8 * lines.length) return null;
  return source.excerpt(first, last, (line) => keep[line - first] === 1);
}

/**
 * Lines to centre windows on: focus lines first, then the lines that mention the task's
 * terms, densest surroundings first — by the weight of the terms on the line plus on the
 * eligible lines within `context` of it — so that a window lands where the task's terms
 * cluster (where a change usually is), not on a lone line that names the rarest term.
 */
function windowCentres(count: number, firstLine: number, weights: ArrayLike<number>, focusLines: readonly number[], eligible: (index: number) => boolean, context: number): number[] {
  const focus = focusLines.map((line) => line - firstLine).filter((index) => index >= 0 && index < count);
  const own = Float64Array.from({ length: count }, (_, index) => (eligible(index) ? (weights[firstLine - 1 + index] ?? 0) : 0));
  // Prefix sums: the weight of the eligible lines of any span in constant time.
  const prefix = new Float64Array(count + 1);
  for (let index = 0; index < count; index++) prefix[index + 1] = prefix[index]! + own[index]!;
  const scored: { index: number; score: number }[] = [];
  for (let index = 0; index < count; index++) {
    if (own[index]! <= 0) continue;
    const around = prefix[Math.min(count, index + context + 1)]! - prefix[Math.max(0, index - context)]!;
    scored.push({ index, score: own[index]! + around });
  }
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return [...focus, ...scored.map((entry) => entry.index)];
}

/** A Python docstring opening the body right after the signature: its first and last line (0-based). */
function docstringSpan(lines: readonly string[], head: number): { start: number; end: number } | null {
  let start = head;
  while (start < lines.length && lines[start]!.trim() === '') start += 1;
  const open = DOCSTRING_OPEN.exec(lines[start] ?? '');
  if (open === null) return null;
  const quote = open[1]!;
  const rest = lines[start]!.slice(lines[start]!.indexOf(quote) + 3);
  if (rest.includes(quote)) return { start, end: start };
  for (let end = start + 1; end < lines.length; end++) if (lines[end]!.includes(quote)) return { start, end };
  return null;
}

/**
 * Marks the lines of gaps shorter than MIN_GAP between kept lines as kept — only when every
 * line of the gap may be kept (a confined excerpt leaves a short method to its own item).
 */
function fillShortGaps(keep: Uint8Array, confined: (index: number) => boolean): void {
  let last = -1;
  for (let index = 0; index < keep.length; index++) {
    if (keep[index] !== 1) continue;
    const gap = index - last - 1;
    if (last >= 0 && gap > 0 && gap < MIN_GAP && allConfined(last + 1, index, confined)) keep.fill(1, last + 1, index);
    last = index;
  }
}

function allConfined(from: number, to: number, confined: (index: number) => boolean): boolean {
  for (let index = from; index < to; index++) if (!confined(index)) return false;
  return true;
}
