// Excerpts: the part of a long function or file that bears on the task. A function too long
// to show whole keeps its signature and — when its length is mostly a docstring — all of its
// code with the docstring cut to its first line; otherwise the windows around the lines that
// mention the task's terms (or a stack frame's line). Every gap becomes one line saying which
// lines were left out, so the model knows the code continues and where. The windows chosen
// here are what the chunk baseline gets by luck — but inside the right function, with its
// header.

import { elisionMark } from '../../core/context-package.js';

export interface ExcerptOptions {
  /** Most lines kept, header included. */
  maxLines: number;
  /** Lines kept on each side of a matching line. */
  context: number;
  /** Keep the opening lines (a definition's signature and docstring summary) whatever they mention. */
  keepHead: boolean;
  /** Lines (0-based) that may centre a window; all when absent. */
  eligible?: (index: number) => boolean;
  /** Keep windows within the eligible lines too (a class's own lines, not its methods'). */
  confine?: boolean;
  /** Lines of the file (1-based) to centre windows on before any other (stack frames). */
  focusLines?: readonly number[];
}

export const SYMBOL_EXCERPT: ExcerptOptions = { maxLines: 40, context: 6, keepHead: true };
export const FILE_EXCERPT: ExcerptOptions = { maxLines: 60, context: 8, keepHead: false };
/** A definition whose code (docstring aside) is at most this many lines is shown whole, docstring cut. */
const MAX_CODE_LINES = 80;
/** Gaps this short are shown rather than marked: the mark would save nothing. */
const MIN_GAP = 3;
/** A signature spans at most this many lines (multi-line parameter lists). */
const MAX_HEAD_LINES = 8;
const DOCSTRING_OPEN = /^\s*[rRuUbBfF]{0,2}("""|''')/;

/**
 * The excerpt of `text`, whose first line is line `firstLine` of its file, given the weight
 * of the task's terms on each line of that file (TermMatcher.lineWeights); null when no line
 * mentions a term or the excerpt would keep nearly all of it.
 */
export function excerptOf(text: string, firstLine: number, fileLineWeights: ArrayLike<number>, options: ExcerptOptions): string | null {
  const lines = text.split('\n');
  if (lines.length <= options.maxLines) return null;
  const head = options.keepHead ? headLength(lines) : 0;
  const docstring = options.keepHead ? docstringSpan(lines, head) : null;
  const keep = new Uint8Array(lines.length);
  for (let index = 0; index < head; index++) keep[index] = 1;
  if (docstring !== null) {
    keep[docstring.start] = 1; // its summary line
    const codeLines = lines.length - (docstring.end - docstring.start + 1);
    if (codeLines <= MAX_CODE_LINES) {
      keep.fill(1, docstring.end + 1);
      return render(lines, keep, firstLine);
    }
  }
  const inDocstring = (index: number) => docstring !== null && index >= docstring.start && index <= docstring.end;
  const eligible = (index: number) => !inDocstring(index) && (options.eligible?.(index) ?? true);
  const centres = windowCentres(lines.length, firstLine, fileLineWeights, options.focusLines ?? [], eligible);
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
  fillShortGaps(keep);
  return render(lines, keep, firstLine, true);
}

/** Lines to centre windows on: focus lines first, then lines by the weight of the terms on them. */
function windowCentres(count: number, firstLine: number, weights: ArrayLike<number>, focusLines: readonly number[], eligible: (index: number) => boolean): number[] {
  const focus = focusLines.map((line) => line - firstLine).filter((index) => index >= 0 && index < count);
  const scored: { index: number; score: number }[] = [];
  for (let index = 0; index < count; index++) {
    const score = eligible(index) ? (weights[firstLine - 1 + index] ?? 0) : 0;
    if (score > 0) scored.push({ index, score });
  }
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return [...focus, ...scored.map((entry) => entry.index)];
}

/** The signature's lines: up to the one that opens the body (":" or "{" at its end). */
function headLength(lines: readonly string[]): number {
  for (let index = 0; index < Math.min(lines.length, MAX_HEAD_LINES); index++) {
    if (/[:{]\s*(?:#.*|\/\/.*)?$/.test(lines[index]!) || /=>\s*$/.test(lines[index]!)) return index + 1;
  }
  return 1;
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

/** Marks the lines of gaps shorter than MIN_GAP between kept lines as kept. */
function fillShortGaps(keep: Uint8Array): void {
  let last = -1;
  for (let index = 0; index < keep.length; index++) {
    if (keep[index] !== 1) continue;
    if (last >= 0 && index - last - 1 > 0 && index - last - 1 < MIN_GAP) keep.fill(1, last + 1, index);
    last = index;
  }
}

/** The kept lines with each gap as one elision line; null when nearly everything is kept (and `thin` asks). */
function render(lines: readonly string[], keep: Uint8Array, firstLine: number, thin = false): string | null {
  const out: string[] = [];
  let kept = 0;
  for (let index = 0; index < lines.length; ) {
    if (keep[index] === 1) {
      out.push(lines[index]!);
      kept += 1;
      index += 1;
      continue;
    }
    let end = index;
    while (end < lines.length && keep[end] !== 1) end += 1;
    const indent = /^\s*/.exec(lines[end] ?? lines[index - 1] ?? '')![0];
    out.push(`${indent}${elisionMark(firstLine + index, firstLine + end - 1)}`);
    index = end;
  }
  // An excerpt that keeps nearly everything is only a longer way to show the whole.
  return thin && kept >= 0.8 * lines.length ? null : out.join('\n');
}
