// A task's retrieval as the Task and Graph views show it: `POST /retrieve` (a logged run,
// with a task id) and then `GET .../explain` of that run, joined (package-model.ts). Kept
// for the life of the page per question, so moving between the views does not run it again;
// a reload does (a new run of the same task id when the URL names one).

import { api, segment } from './api.js';
import { itemRows, type ItemRow, type PackageItem, type RunExplanation } from './package-model.js';

export interface RetrievalQuery {
  repo: string;
  task: string;
  /** The package's tokens at most, or with `reserved` the model's context window. */
  budget: number;
  reserved: number | null;
  stages: string[] | null;
  taskId: string | null;
}

export interface PackageJson {
  budget: { contextWindow: number; reservedTokens: number; available: number; used: number; tokenizer: string; demoted: number; evicted: number; deduplicated: number };
  items: PackageItem[];
  edges: { from: string; to: string; relation: string }[];
  notes?: string[];
  /** Whether anything in the repository matches the task, and the evidence (said first). */
  match?: 'strong' | 'weak' | 'none';
  matchEvidence?: { summary: string; closest: { key: string; why: string }[] };
  [other: string]: unknown;
}

export interface Retrieval {
  taskId: string;
  runId: string;
  pkg: PackageJson;
  notes: string[];
  run: RunExplanation | null;
  rows: ItemRow[];
}

export const DEFAULT_BUDGET = 8000;

export function queryOf(params: URLSearchParams): RetrievalQuery | null {
  const repo = params.get('repo');
  const task = params.get('task');
  if (!repo || !task || task.trim() === '') return null;
  const budget = Number(params.get('budget') ?? DEFAULT_BUDGET);
  const reserved = params.get('reserved');
  const stages = params.get('stages');
  return {
    repo,
    task,
    budget: Number.isFinite(budget) && budget > 0 ? Math.floor(budget) : DEFAULT_BUDGET,
    reserved: reserved !== null && reserved !== '' && Number.isFinite(Number(reserved)) ? Math.floor(Number(reserved)) : null,
    stages: stages ? stages.split(',').filter((name) => name !== '') : null,
    taskId: params.get('task_id') || null,
  };
}

/** What makes two questions the same (the task id is not: it only groups runs). */
export function queryKey(query: RetrievalQuery): string {
  return JSON.stringify([query.repo, query.task, query.budget, query.reserved, query.stages]);
}

const cache = new Map<string, Promise<Retrieval>>();

export function retrieval(query: RetrievalQuery): Promise<Retrieval> {
  const key = queryKey(query);
  let pending = cache.get(key);
  if (pending === undefined) {
    pending = run(query);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

async function run(query: RetrievalQuery): Promise<Retrieval> {
  const body = {
    repo: query.repo,
    task: query.task,
    format: 'json',
    ...(query.reserved !== null ? { budget: { context_window: query.budget, reserved_tokens: query.reserved } } : { max_tokens: query.budget }),
    ...(query.stages ? { stages: query.stages } : {}),
    ...(query.taskId ? { task_id: query.taskId } : {}),
  };
  const answer = await api.post<{ task_id: string; run_id: string; package: PackageJson; notes: string[] }>('/retrieve', body);
  const explained = await api.get<{ runs: RunExplanation[] }>(`/repos/${segment(query.repo)}/tasks/${segment(answer.task_id)}/explain?run=${segment(answer.run_id)}`);
  const runExplanation = explained.runs[0] ?? null;
  return { taskId: answer.task_id, runId: answer.run_id, pkg: answer.package, notes: answer.notes, run: runExplanation, rows: itemRows(answer.package.items, runExplanation) };
}
