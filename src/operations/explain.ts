// Why an item was in a task's package or out of it, from the raw log (MCP `explain`): the
// decisions each stage logged about it and what the budget did with it. Without an item,
// a digest of the run: what the package holds, and what the budget demoted or left out.
// The full record is `GET /tasks/{task_id}/explain` (and `cairn explain --json`).

import type { RepoHandle } from './handle.js';
import { explainTask, type Explanation, type RunExplanation } from '../retrieval/pipeline/explain.js';

/** The explanation as text for people (`cairn explain`). */
export { renderExplanation } from '../retrieval/pipeline/explain-text.js';

export interface DecisionLine {
  stage: string;
  id: string;
  verdict: string;
  label: string;
  tier: number | null;
  reason: string;
}

export interface ItemExplanation {
  task_id: string;
  run_id: string;
  item: string;
  decisions: DecisionLine[];
  /** The budget's verdict: shown (at which detail), demoted, evicted, deduplicated, or never a candidate. */
  budget: string[];
}

export interface RunDigest {
  task_id: string;
  run_id: string;
  task: string;
  shown: string[];
  demoted: string[];
  left_out: string[];
  tokens: { used: number; available: number } | null;
  notes: string[];
}

/** Every decision of a task's runs (or of one run), as recorded: `cairn explain`, `GET /tasks/{task_id}/explain`. */
export function explainTaskRuns(repo: RepoHandle, input: { taskId: string; run?: string | undefined }): Explanation {
  return explainTask(repo.rawLog(), input.taskId, input.run);
}

export function explainRun(repo: RepoHandle, input: { taskId: string; item?: string | undefined }): ItemExplanation | RunDigest {
  const explanation = explainTask(repo.rawLog(), input.taskId);
  const run = explanation.runs[explanation.runs.length - 1]!;
  return input.item === undefined || input.item.trim() === '' ? digest(input.taskId, run) : aboutItem(input.taskId, run, input.item.trim());
}

function matches(id: string, item: string): boolean {
  return id === item || id.endsWith(`::${item}`) || id.endsWith(`.${item}`) || id.startsWith(`${item}::`);
}

function aboutItem(taskId: string, run: RunExplanation, item: string): ItemExplanation {
  const decisions: DecisionLine[] = [];
  for (const stage of run.stages) {
    const all = [...stage.files.flatMap((tier) => [...tier.included, ...tier.excluded]), ...stage.symbols.flatMap((group) => group.decisions)];
    for (const decision of all) {
      if (!matches(decision.id, item)) continue;
      decisions.push({ stage: stage.stage, id: decision.id, verdict: decision.verdict, label: decision.label, tier: decision.tier, reason: decision.reason });
    }
  }
  return { task_id: taskId, run_id: run.runId, item, decisions, budget: budgetVerdicts(run, item) };
}

function budgetVerdicts(run: RunExplanation, item: string): string[] {
  const budget = run.budget;
  if (budget === null) return ['the run logged no budget (it failed before the package was fitted)'];
  const lines = [
    ...budget.included.filter((entry) => matches(entry.id, item)).map((entry) => `${entry.id}: shown at ${entry.detail}${entry.demotedFrom ? ` (demoted from ${entry.demotedFrom})` : ''}, ${entry.tokens} tokens`),
    ...budget.demoted.filter((entry) => matches(entry.symbolKey ?? entry.path, item)).map((entry) => `${entry.symbolKey ?? entry.path}: demoted ${entry.from} → ${entry.to}: ${entry.reason}`),
    ...budget.evicted.filter((entry) => matches(entry.symbolKey ?? entry.path, item)).map((entry) => `${entry.symbolKey ?? entry.path}: left out (${entry.detail}): ${entry.reason}`),
    ...budget.deduplicated.filter((entry) => matches(entry.symbolKey ?? entry.path, item)).map((entry) => `${entry.symbolKey ?? entry.path}: not repeated, shown by ${entry.coveredBy}`),
  ];
  return lines.length ? lines : ['never offered to the budget (not a candidate of this run)'];
}

const DIGEST_LIST = 40;

function digest(taskId: string, run: RunExplanation): RunDigest {
  const budget = run.budget;
  const cut = (lines: string[]): string[] => (lines.length > DIGEST_LIST ? [...lines.slice(0, DIGEST_LIST), `… ${lines.length - DIGEST_LIST} more (GET /tasks/${taskId}/explain has all)`] : lines);
  return {
    task_id: taskId,
    run_id: run.runId,
    task: firstLine(run.started?.task ?? ''),
    shown: cut((budget?.included ?? []).map((entry) => `${entry.id} (${entry.detail}, tier ${entry.tier})`)),
    demoted: cut((budget?.demoted ?? []).map((entry) => `${entry.symbolKey ?? entry.path}: ${entry.from} → ${entry.to}`)),
    left_out: cut((budget?.evicted ?? []).map((entry) => `${entry.symbolKey ?? entry.path}: ${entry.reason}`)),
    tokens: budget ? { used: budget.used, available: budget.available } : null,
    notes: [...run.failures.map((failure) => `failed: ${failure.code}: ${failure.message}`), ...run.notes.map((note) => note.message).filter(Boolean)],
  };
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
