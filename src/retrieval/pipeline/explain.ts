// `explain`: every decision of a task's runs, read back from the raw log — what was
// considered at which stage and tier, kept or dropped and why, what the model was asked
// and answered, and what the budget did. Nothing here is recomputed: the log is the truth.

import { NotFoundError } from '../../core/errors.js';
import type { RawLog, RawLogRecord } from '../../store/raw-log.js';
import {
  budgetSchema,
  decisionListSchema,
  decisionSchema,
  infoSchema,
  llmCallSchema,
  runFailedSchema,
  runFinishedSchema,
  runStartedSchema,
  type BudgetRecord,
  type DecisionRecord,
  type LlmCallRecord,
  type RunFinished,
  type RunStarted,
} from './log-schemas.js';

export interface TierExplanation {
  tier: number | null;
  tierName: string | null;
  included: DecisionRecord[];
  excluded: DecisionRecord[];
}

export interface ClassExplanation {
  /** A symbol class: primary, supporting, type_context, excluded. */
  label: string;
  decisions: DecisionRecord[];
}

export interface StageExplanation {
  stage: string;
  /** File decisions by tier, strongest tier first. */
  files: TierExplanation[];
  /** Symbol decisions by class, in the order classes were first met. */
  symbols: ClassExplanation[];
}

export interface RunExplanation {
  runId: string;
  startedAt: string;
  started: RunStarted | null;
  finished: RunFinished | null;
  failures: { stage: string | null; code: string; message: string }[];
  /** The task analysis record (type, mentions, keywords, intent…). */
  analysis: Record<string, unknown> | null;
  stages: StageExplanation[];
  llmCalls: (LlmCallRecord & { stage: string | null })[];
  notes: { stage: string | null; event: string; message: string }[];
  budget: BudgetRecord | null;
  /** Entries that did not have the shape this cairn writes (from another version). */
  unreadable: number;
}

export interface Explanation {
  taskId: string;
  runs: RunExplanation[];
}

export function explainTask(rawLog: RawLog, taskId: string, runId?: string): Explanation {
  const runIds = rawLog.runsOf(taskId);
  if (runIds.length === 0) {
    throw new NotFoundError(`the raw log has no runs of task "${taskId}"`, {
      hint: 'pass the task id `cairn retrieve` printed, with the same --repo / --index-dir',
    });
  }
  if (runId !== undefined && !runIds.includes(runId)) {
    throw new NotFoundError(`task "${taskId}" has no run "${runId}"`, { hint: `its runs: ${runIds.join(', ')}` });
  }
  const chosen = runId === undefined ? runIds : [runId];
  return { taskId, runs: chosen.map((id) => explainRun(id, rawLog.read({ taskId, runId: id }))) };
}

function explainRun(runId: string, records: RawLogRecord[]): RunExplanation {
  const run: RunExplanation = {
    runId,
    startedAt: new Date(records[0]?.at ?? 0).toISOString(),
    started: null,
    finished: null,
    failures: [],
    analysis: null,
    stages: [],
    llmCalls: [],
    notes: [],
    budget: null,
    unreadable: 0,
  };
  for (const record of records) run.unreadable += record.kind === 'decisions' ? absorbDecisions(run, record) : absorb(run, record) ? 0 : 1;
  return run;
}

/** Files a stage's decisions into the explanation; returns how many were unreadable. */
function absorbDecisions(run: RunExplanation, record: RawLogRecord): number {
  const list = decisionListSchema.safeParse(record.payload);
  if (!list.success) return 1;
  let unreadable = 0;
  for (const payload of list.data.decisions) {
    const decision = decisionSchema.safeParse(payload);
    if (decision.success) addDecision(run, record.stage ?? '(none)', decision.data);
    else unreadable += 1;
  }
  return unreadable;
}

/**
 * Every decision in the records, with its stage, in logged order — from 'decisions'
 * entries and from single 'decision' entries (logs of older versions). Payloads are
 * returned as stored, unchecked.
 */
export function decisionsIn(records: readonly RawLogRecord[]): { stage: string | null; payload: unknown }[] {
  return records.flatMap((record) => {
    if (record.kind === 'decision') return [{ stage: record.stage, payload: record.payload }];
    if (record.kind !== 'decisions') return [];
    const list = decisionListSchema.safeParse(record.payload);
    return list.success ? list.data.decisions.map((payload) => ({ stage: record.stage, payload })) : [];
  });
}

/** Files the record into the explanation; false when its payload has an unknown shape. */
function absorb(run: RunExplanation, record: RawLogRecord): boolean {
  const { payload, stage } = record;
  switch (record.kind) {
    case 'run':
      return absorbRun(run, payload, stage);
    case 'decisions': // counted one by one by absorbDecisions
      return absorbDecisions(run, record) === 0;
    case 'decision': {
      const decision = decisionSchema.safeParse(payload);
      if (decision.success) addDecision(run, stage ?? '(none)', decision.data);
      return decision.success;
    }
    case 'llm_call': {
      const call = llmCallSchema.safeParse(payload);
      if (call.success) run.llmCalls.push({ ...call.data, stage });
      return call.success;
    }
    case 'budget': {
      const budget = budgetSchema.safeParse(payload);
      if (budget.success) run.budget = budget.data;
      return budget.success;
    }
    case 'info': {
      const info = infoSchema.safeParse(payload);
      if (!info.success) return false;
      if (info.data.event === 'analysis') run.analysis = info.data;
      else run.notes.push({ stage, event: info.data.event, message: info.data.message ?? '' });
      return true;
    }
  }
}

function absorbRun(run: RunExplanation, payload: unknown, stage: string | null): boolean {
  const started = runStartedSchema.safeParse(payload);
  if (started.success) run.started = started.data;
  const finished = runFinishedSchema.safeParse(payload);
  if (finished.success) run.finished = finished.data;
  const failed = runFailedSchema.safeParse(payload);
  if (failed.success) run.failures.push({ stage, code: failed.data.code, message: failed.data.message });
  return started.success || finished.success || failed.success;
}

function addDecision(run: RunExplanation, stageName: string, decision: DecisionRecord): void {
  let stage = run.stages.find((entry) => entry.stage === stageName);
  if (!stage) {
    stage = { stage: stageName, files: [], symbols: [] };
    run.stages.push(stage);
  }
  if (decision.subject === 'symbol') {
    let group = stage.symbols.find((entry) => entry.label === decision.label);
    if (!group) stage.symbols.push((group = { label: decision.label, decisions: [] }));
    group.decisions.push(decision);
    return;
  }
  let tier = stage.files.find((entry) => entry.tier === decision.tier);
  if (!tier) {
    tier = { tier: decision.tier, tierName: decision.tierName, included: [], excluded: [] };
    stage.files.push(tier);
    stage.files.sort((a, b) => (a.tier ?? Infinity) - (b.tier ?? Infinity));
  }
  (decision.verdict === 'included' ? tier.included : tier.excluded).push(decision);
}
