// Localization datasets: one JSON task per line (Loc-Bench's shape). Every line is
// validated; a bad one is reported with its file, line number and field.

import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { describeZodIssues } from '../config/load.js';
import { MIB, readOptionText } from '../config/option-file.js';
import { ConfigError, InputError } from '../core/errors.js';

export const evalTaskSchema = z.object({
  id: z
    .string()
    .min(1)
    .refine((id) => !/[/\\]/.test(id) && id !== '.' && id !== '..', 'must not contain "/" or "\\" (it names a folder)'),
  repo: z.string().min(1),
  base_commit: z.string().min(1),
  category: z.string().min(1),
  query: z.string().min(1),
  gold_files: z.array(z.string().min(1)).min(1),
  /** "path:Qualified.name" */
  gold_functions: z.array(z.string().min(1)).default([]),
  /** The commit whose parent is `base_commit`, for tasks built from git history. */
  commit: z.string().optional(),
  /** Per gold file, the 1-based lines of its base version that the change touched (context recall). */
  gold_lines: z.record(z.string().min(1), z.array(z.number().int().positive())).optional(),
});

export type EvalTask = z.infer<typeof evalTaskSchema>;

/** Loc-Bench's dev set is ~0.2 MiB; a dataset 1,000 times larger is still accepted. */
const MAX_DATASET_BYTES = 256 * MIB;

/** Reads and validates a dataset; throws InputError when unreadable, ConfigError on a bad line. */
export function readDataset(file: string): EvalTask[] {
  const text = readOptionText({ what: 'dataset', path: file, maxBytes: MAX_DATASET_BYTES, hint: 'pass the path of a .jsonl file with one task per line' });
  return parseDataset(text, file);
}

export function parseDataset(text: string, file: string): EvalTask[] {
  const tasks: EvalTask[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const task = parseLine(line, file, index + 1);
    if (seen.has(task.id)) throw badLine(file, index + 1, `id: "${task.id}" is used by an earlier line`);
    seen.add(task.id);
    tasks.push(task);
  });
  if (tasks.length === 0) {
    throw new ConfigError(`${file} holds no tasks`, { hint: 'a dataset has one JSON task per line' });
  }
  return tasks;
}

function parseLine(line: string, file: string, lineNumber: number): EvalTask {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (error) {
    throw badLine(file, lineNumber, 'not valid JSON', error);
  }
  const parsed = evalTaskSchema.safeParse(raw);
  if (!parsed.success) throw badLine(file, lineNumber, describeZodIssues(parsed.error), parsed.error);
  return parsed.data;
}

function badLine(file: string, line: number, what: string, cause?: unknown): ConfigError {
  return new ConfigError(`${file}:${line}: ${what}`, {
    hint: 'each line needs id, repo, base_commit, category, query, gold_files[] and gold_functions[]',
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Writes tasks as JSON lines, fields in the dataset's order. */
export function writeDataset(file: string, tasks: readonly EvalTask[]): void {
  const lines = tasks.map((task) =>
    JSON.stringify({
      id: task.id,
      repo: task.repo,
      base_commit: task.base_commit,
      category: task.category,
      query: task.query,
      gold_files: task.gold_files,
      gold_functions: task.gold_functions,
      ...(task.commit ? { commit: task.commit } : {}),
      ...(task.gold_lines ? { gold_lines: task.gold_lines } : {}),
    }),
  );
  try {
    writeFileSync(file, lines.map((line) => `${line}\n`).join(''));
  } catch (error) {
    throw new InputError('INPUT_INVALID', `${file}: cannot write the dataset`, { cause: error });
  }
}
