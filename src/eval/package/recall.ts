// Context recall of one package: does it show, as code, the functions and lines a task's
// answer changes — and how much of what it spends is that code.

import type { FileLines, ShownBlock } from './shown-lines.js';
import { shownLines } from './shown-lines.js';
import type { GoldFunction } from './gold-code.js';

/**
 * A gold function counts as shown when at least this share of its non-blank lines is shown:
 * its signature alone, or a window far from the change, is not the code to edit.
 */
export const FUNCTION_SHOWN_SHARE = 0.5;

export interface RecallInput {
  blocks: readonly ShownBlock[];
  /** Tokens of the whole rendered package. */
  used: number;
  /** Files the package names at all (code or path). */
  named: ReadonlySet<string>;
  goldFiles: readonly string[];
  goldFunctions: readonly GoldFunction[];
  goldLines: ReadonlyMap<string, readonly number[]> | null;
  lines: FileLines;
}

export interface Recall {
  /** Share of gold files the package names at all. */
  fileNamed: number;
  /** 1 when at least one gold function is shown; undefined when the task has none in its tree. */
  functionAny?: number;
  /** 1 when every gold function is shown. */
  functionAll?: number;
  /** 1 when at least one changed line is shown; undefined without changed lines. */
  lineAny?: number;
  /** Share of changed (non-blank) lines shown. */
  lineShare?: number;
  /** Share of the package's tokens that are code of gold files. */
  precision: number;
  /** The gold functions shown (by the dataset's names), for tracing a miss to its cause. */
  shownFunctions: string[];
}

export function measureRecall(input: RecallInput): Recall {
  const shown = shownLines(input.blocks, input.lines);
  const gold = new Set(input.goldFiles);
  const goldTokens = input.blocks.filter((block) => gold.has(block.path)).reduce((sum, block) => sum + block.tokens, 0);
  const recall: Recall = {
    fileNamed: input.goldFiles.filter((path) => input.named.has(path)).length / input.goldFiles.length,
    precision: input.used > 0 ? Math.min(1, goldTokens / input.used) : 0,
    shownFunctions: [],
  };
  if (input.goldFunctions.length > 0) {
    const flags = input.goldFunctions.map((fn) => functionShown(fn, shown.get(fn.path), input.lines(fn.path)));
    recall.shownFunctions = input.goldFunctions.filter((_, index) => flags[index]).map((fn) => fn.name);
    recall.functionAny = flags.some(Boolean) ? 1 : 0;
    recall.functionAll = flags.every(Boolean) ? 1 : 0;
  }
  if (input.goldLines !== null) {
    let total = 0;
    let hit = 0;
    for (const [path, numbers] of input.goldLines) {
      const file = input.lines(path);
      const seen = shown.get(path);
      for (const line of numbers) {
        if (file !== null && (file[line - 1] ?? '').trim() === '') continue;
        total += 1;
        if (seen?.has(line)) hit += 1;
      }
    }
    if (total > 0) {
      recall.lineAny = hit > 0 ? 1 : 0;
      recall.lineShare = hit / total;
    }
  }
  return recall;
}

function functionShown(fn: GoldFunction, shown: ReadonlySet<number> | undefined, file: readonly string[] | null): boolean {
  if (shown === undefined || file === null) return false;
  return fn.ranges.some(({ start, end }) => {
    let lines = 0;
    let seen = 0;
    for (let line = start; line <= end; line++) {
      if ((file[line - 1] ?? '').trim() === '') continue;
      lines += 1;
      if (shown.has(line)) seen += 1;
    }
    return lines > 0 && seen >= FUNCTION_SHOWN_SHARE * lines;
  });
}
