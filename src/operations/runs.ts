// A repository's recent tasks and their runs, read back from the raw log (HTTP `GET
// /repos/{repo}/tasks`): what the web page offers to explain. Only the 'run' entries are
// read (two per run), never the decisions; entries of another shape are passed over.

import type { RepoHandle } from './handle.js';
import { runFailedSchema, runFinishedSchema, runStartedSchema } from '../runlog/log-schemas.js';
import type { RawLogRecord } from '../store/raw-log.js';

/** Longest task text an answer carries (the full text is in the raw log). */
const TASK_PREVIEW_CHARS = 300;

export interface RunSummary {
  runId: string;
  mode: 'retrieve' | 'refine' | null;
  /** Unix ms of the run's first entry. */
  startedAt: number;
  /** Set once the run finished: items, tokens used and available, milliseconds. */
  finished: { items: number; used: number; available: number; ms: number } | null;
  failed: { code: string; message: string } | null;
}

export interface TaskSummary {
  taskId: string;
  /** The task text of its first run, cut to TASK_PREVIEW_CHARS. */
  task: string;
  stages: string[];
  budget: { contextWindow: number; reservedTokens: number } | null;
  runs: RunSummary[];
}

/** The `limit` tasks whose latest run is newest, newest first, each with its runs oldest first. */
export function recentTasks(repo: RepoHandle, limit: number): TaskSummary[] {
  const tasks = new Map<string, TaskSummary>();
  const latest = new Map<string, number>();
  for (const record of repo.rawLog().read({ kinds: ['run'] })) {
    const task = tasks.get(record.taskId) ?? newTask(record.taskId);
    tasks.set(record.taskId, task);
    latest.set(record.taskId, record.seq);
    absorb(task, record);
  }
  return [...tasks.values()].sort((a, b) => latest.get(b.taskId)! - latest.get(a.taskId)!).slice(0, limit);
}

function newTask(taskId: string): TaskSummary {
  return { taskId, task: '', stages: [], budget: null, runs: [] };
}

function absorb(task: TaskSummary, record: RawLogRecord): void {
  let run = task.runs.find((entry) => entry.runId === record.runId);
  if (run === undefined) {
    run = { runId: record.runId, mode: null, startedAt: record.at, finished: null, failed: null };
    task.runs.push(run);
  }
  const started = runStartedSchema.safeParse(record.payload);
  if (started.success) {
    run.mode = started.data.mode;
    if (task.task === '') {
      task.task = started.data.task.slice(0, TASK_PREVIEW_CHARS);
      task.stages = started.data.stages;
      task.budget = { contextWindow: started.data.budget.contextWindow, reservedTokens: started.data.budget.reservedTokens };
    }
    return;
  }
  const finished = runFinishedSchema.safeParse(record.payload);
  if (finished.success) {
    const { items, used, available, ms } = finished.data;
    run.finished = { items, used, available, ms };
    return;
  }
  const failed = runFailedSchema.safeParse(record.payload);
  if (failed.success && failed.data.event === 'failed') run.failed = { code: failed.data.code, message: failed.data.message };
}
