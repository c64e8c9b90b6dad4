// The code a task's answer lives in, as lines of files: each gold function's line range in
// the task's index (the tree at the base commit), and the changed lines of commit-built
// tasks. A gold function missing from the base tree (added by the fix) cannot be shown by
// any method and is left out.

import type { CuratedReader } from '../../store/curated.js';
import type { EvalTask } from '../dataset.js';
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
  for (const name of task.gold_functions) {
    const key = goldFunctionKey(name);
    const path = key.slice(0, key.indexOf('::'));
    const definitions = reader.symbolsOfFile(path).filter((symbol) => withoutOverloadSuffix(symbol.key) === key);
    if (definitions.length === 0) continue;
    found.push({ name, path, ranges: definitions.map((symbol) => ({ start: symbol.startLine, end: symbol.endLine })) });
  }
  return found;
}

/** The task's changed lines per gold file, or null when the task carries none. */
export function goldLines(task: EvalTask): Map<string, number[]> | null {
  if (!task.gold_lines) return null;
  const lines = new Map<string, number[]>();
  for (const [path, numbers] of Object.entries(task.gold_lines)) if (numbers.length > 0) lines.set(path, numbers);
  return lines.size > 0 ? lines : null;
}
