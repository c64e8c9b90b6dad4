// `explain`: every decision of a task's runs, read back from the raw log — what was
// considered at which stage and tier, kept or dropped and why, what the model was asked
// and answered, and what the budget did. Nothing here is recomputed: the log is the truth.

import { NotFoundError } from '../../core/errors.js';
import type { RawLog, RawLogRecord } from '../../store/raw-log.js';
import { ungroupDecisions } from './decision-groups.js';
import {
  budgetSchema,
  decisionListSchema,
  decisionSchema,
  diagnosisEscalationSchema,
  diagnosisRetrievalSchema,
  infoSchema,
  llmCallSchema,
  matchSchema,
  runFailedSchema,
  runFinishedSchema,
  runStartedSchema,
  type BudgetRecord,
  type DecisionRecord,
  type DiagnosisEscalation,
  type DiagnosisRetrieval,
  type LlmCallRecord,
  type MatchRecord,
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
  /** How strongly the repository matched the task, and the evidence weighed (retrieval/match/). */
  match: MatchRecord | null;
  stages: StageExplanation[];
  llmCalls: (LlmCallRecord & { stage: string | null })[];
  notes: { stage: string | null; event: string; message: string }[];
  budget: BudgetRecord | null;
  /** A `cairn diagnose` run: its escalation decision and what deep retrieval took (null for retrieve and refine runs). */
  diagnosis: { escalation: DiagnosisEscalation | null; retrieval: DiagnosisRetrieval | null } | null;
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
    match: null,
    stages: [],
    llmCalls: [],
    notes: [],
    budget: null,
    diagnosis: null,
    unreadable: 0,
  };
  for (const record of records) run.unreadable += absorb(run, record);
  return run;
}

/**
 * The decision payloads a record holds, unchecked: one for a 'decision' entry (logs of
 * older versions), a stage's decisions for a 'decisions' entry — grouped in runs, or one by
 * one as older versions and diagnostics write them (null when it holds neither) — none for
 * other kinds.
 */
function decisionPayloads(record: RawLogRecord): unknown[] | null {
  if (record.kind === 'decision') return [record.payload];
  if (record.kind !== 'decisions') return [];
  const payload = record.payload;
  if (payload !== null && typeof payload === 'object' && 'groups' in payload) return ungroupDecisions(payload.groups);
  const list = decisionListSchema.safeParse(payload);
  return list.success ? list.data.decisions : null;
}

/** Every decision in the records, with its stage, in logged order; payloads as stored, unchecked. */
export function decisionsIn(records: readonly RawLogRecord[]): { stage: string | null; payload: unknown }[] {
  return records.flatMap((record) => (decisionPayloads(record) ?? []).map((payload) => ({ stage: record.stage, payload })));
}

/** Files the record into the explanation; returns how many entries in it had an unknown shape. */
function absorb(run: RunExplanation, record: RawLogRecord): number {
  const { payload, stage } = record;
  switch (record.kind) {
    case 'run':
      return absorbRun(run, payload, stage) ? 0 : 1;
    case 'decision':
    case 'decisions': {
      const payloads = decisionPayloads(record);
      if (payloads === null) return 1;
      let unreadable = 0;
      for (const entry of payloads) {
        const decision = decisionSchema.safeParse(entry);
        if (decision.success) addDecision(run, stage ?? '(none)', decision.data);
        else unreadable += 1;
      }
      return unreadable;
    }
    case 'llm_call': {
      const call = llmCallSchema.safeParse(payload);
      if (call.success) run.llmCalls.push({ ...call.data, stage });
      return call.success ? 0 : 1;
    }
    case 'budget': {
      const budget = budgetSchema.safeParse(payload);
      if (budget.success) run.budget = budget.data;
      return budget.success ? 0 : 1;
    }
    case 'diagnosis':
      return absorbDiagnosis(run, payload) ? 0 : 1;
    case 'info': {
      const info = infoSchema.safeParse(payload);
      if (!info.success) return 1;
      if (info.data.event === 'analysis') run.analysis = info.data;
      else if (info.data.event === 'match') {
        const match = matchSchema.safeParse(payload);
        if (!match.success) return 1;
        run.match = match.data;
      } else run.notes.push({ stage, event: info.data.event, message: info.data.message ?? '' });
      return 0;
    }
  }
}

function absorbDiagnosis(run: RunExplanation, payload: unknown): boolean {
  const diagnosis = (run.diagnosis ??= { escalation: null, retrieval: null });
  const escalation = diagnosisEscalationSchema.safeParse(payload);
  if (escalation.success) diagnosis.escalation = escalation.data;
  const retrieval = diagnosisRetrievalSchema.safeParse(payload);
  if (retrieval.success) diagnosis.retrieval = retrieval.data;
  return escalation.success || retrieval.success;
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
