// The code a task's answer lives in, as lines of files: each gold function's line range in
// the task's index (the tree at the base commit), and the changed lines of commit-built
// tasks. A gold function missing from the base tree (added by the fix) cannot be shown by
// any method and is left out. A task that lists changed lines but no gold functions gets
// them from its index: the innermost definitions the changed lines fall in.

import type { CuratedReader } from '../../store/curated.js';
import type { EvalTask } from '../dataset.js';
import { goldFunctions } from '../from-git/gold.js';
import { goldFunctionKey, withoutOverloadSuffix } from '../metrics.js';

export interface GoldFunction {
  /** As the dataset names it ("path:Qualified.name"). */
  name: string;
  path: string;
  /** 1-based inclusive ranges of every definition of that name (overloads). */
  ranges: { start: number; end: number }[];
}

export function goldFunctionRanges(task: EvalTask, reader: CuratedReader): GoldFunction[] {
  const found: GoldFunction[] = [];
  for (const name of goldFunctionNames(task, reader)) {
    const key = goldFunctionKey(name);
    const path = key.slice(0, key.indexOf('::'));
    const definitions = reader.symbolsOfFile(path).filter((symbol) => withoutOverloadSuffix(symbol.key) === key);
    if (definitions.length === 0) continue;
    found.push({ name, path, ranges: definitions.map((symbol) => ({ start: symbol.startLine, end: symbol.endLine })) });
  }
  return found;
}

function goldFunctionNames(task: EvalTask, reader: CuratedReader): string[] {
  if (task.gold_functions.length > 0 || !task.gold_lines) return task.gold_functions;
  return Object.entries(task.gold_lines).flatMap(([path, lines]) =>
    goldFunctions(path, reader.symbolsOfFile(path), lines.map((line) => ({ start: line, count: 1 }))),
  );
}

/** The task's changed lines per gold file, or null when the task carries none. */
export function goldLines(task: EvalTask): Map<string, number[]> | null {
  if (!task.gold_lines) return null;
  const lines = new Map<string, number[]>();
  for (const [path, numbers] of Object.entries(task.gold_lines)) if (numbers.length > 0) lines.set(path, numbers);
  return lines.size > 0 ? lines : null;
}
