// Excerpts: the part of a long function or file that bears on the task. A function too long
// to show whole keeps its signature and the windows around the lines that mention the
// task's terms; every gap becomes one line saying which lines were left out, so the model
// knows the code continues and where. The windows chosen here are what the chunk baseline
// gets by luck — but inside the right function, with its header.

import { elisionMark } from '../../core/context-package.js';
import { codeTokens } from '../../core/tokens.js';

export interface ExcerptOptions {
  /** Most lines kept, header included. */
  maxLines: number;
  /** Lines kept on each side of a matching line. */
  context: number;
  /** Keep the opening lines (a definition's signature) whatever they mention. */
  keepHead: boolean;
  /** Lines (0-based) that may centre a window; all when absent. */
  eligible?: (index: number) => boolean;
}

export const SYMBOL_EXCERPT: ExcerptOptions = { maxLines: 40, context: 6, keepHead: true };
export const FILE_EXCERPT: ExcerptOptions = { maxLines: 60, context: 8, keepHead: false };
/** Gaps this short are shown rather than marked: the mark would save nothing. */
const MIN_GAP = 3;
/** A signature spans at most this many lines (multi-line parameter lists). */
const MAX_HEAD_LINES = 8;

/**
 * The excerpt of `text` (whose first line is line `firstLine` of its file) for terms with
 * weights, or null when no line mentions a term or the excerpt would keep nearly all of it.
 */
export function excerptOf(text: string, firstLine: number, terms: ReadonlyMap<string, number>, options: ExcerptOptions): string | null {
  const lines = text.split('\n');
  if (lines.length <= options.maxLines || terms.size === 0) return null;
  const eligible = options.eligible ?? (() => true);
  const scores = lines.map((line, index) => (eligible(index) ? lineScore(line, terms) : 0));
  const keep = new Uint8Array(lines.length);
  let kept = 0;
  const mark = (index: number): void => {
    if (index >= 0 && index < lines.length && keep[index] === 0 && kept < options.maxLines) {
      keep[index] = 1;
      kept += 1;
    }
  };
  if (options.keepHead) for (let index = 0; index < headLength(lines); index++) mark(index);
  const order = scores.map((score, index) => ({ score, index })).filter((entry) => entry.score > 0);
  if (order.length === 0) return null;
  order.sort((a, b) => b.score - a.score || a.index - b.index);
  for (const { index } of order) {
    if (kept >= options.maxLines) break;
    if (keep[index] === 1) continue;
    // The matching line first, then its surroundings outward, so a cut window stays centred.
    mark(index);
    for (let step = 1; step <= options.context; step++) {
      mark(index - step);
      mark(index + step);
    }
  }
  fillShortGaps(keep);
  return render(lines, keep, firstLine);
}

function lineScore(line: string, terms: ReadonlyMap<string, number>): number {
  let score = 0;
  for (const token of new Set(codeTokens(line))) score += terms.get(token) ?? 0;
  return score;
}

/** The signature's lines: up to the one that opens the body (":" or "{" at its end). */
function headLength(lines: readonly string[]): number {
  for (let index = 0; index < Math.min(lines.length, MAX_HEAD_LINES); index++) {
    if (/[:{]\s*(?:#.*|\/\/.*)?$/.test(lines[index]!) || /=>\s*$/.test(lines[index]!)) return index + 1;
  }
  return 1;
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

function render(lines: readonly string[], keep: Uint8Array, firstLine: number): string | null {
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
  return kept >= 0.8 * lines.length ? null : out.join('\n');
}
