// cairn's main job: a task in, a budget-compliant context package out, every decision in
// the raw log and the stage state in the session. `retrieve` starts a task (or re-runs one
// under the same id); `refine` (refine.ts) re-enters a task's session with a request.

import type { ContextPackage, RenderFormat } from '../../core/context-package.js';
import type { LineHistoryReader } from '../../core/line-history.js';
import type { SectionShares } from '../budget/section-shares.js';
import { describeError, isCairnError, UsageError } from '../../core/errors.js';
import type { LlmClient } from '../../providers/llm/port.js';
import type { Ranker } from '../../search/rank/types.js';
import type { CuratedReader } from '../../store/curated.js';
import type { EnrichmentReader } from '../../store/enrichment.js';
import { currentEnrichment } from '../../search/current-enrichment.js';
import type { RawLog } from '../../store/raw-log.js';
import type { SessionRecord, SessionStore } from '../../store/session.js';
import { diskSources } from '../source/source-texts.js';
import { assemblePackage } from '../assembly/package.js';
import { availableTokens, type TokenBudget } from '../budget/limits.js';
import { inProcessFitter, type Fitter } from '../budget/fit-service.js';
import { createO200kCounter, type TokenCounter } from '../../tokenizer/tokens.js';
import { deterministicJudge } from '../judge/judge.js';
import { modelGateway, type ModelErrorPolicy } from '../task/model-gateway.js';
import { DEFAULT_SCOPE_OPTIONS, ENRICHMENT_MISSING_NOTE } from '../stages/scope.js';
import { stagesByName } from '../stages/registry.js';
import { emptyContext, type KnowledgeBase } from '../stages/stage.js';
import { analyzeTask, NOTHING_REQUESTED, type RequestedItems } from '../task/task-query.js';
import { checkTaskId, newId } from '../../runlog/ids.js';
import { ReadMemo } from './memo-reader.js';
import { analysisRecord, budgetRecord, matchRecord, type RunStarted } from './log-payloads.js';
import { assessMatch } from '../match/assess-match.js';
import { englishWords } from '../../search/query/english.js';
import type { RefinementRequest } from './refinement.js';
import { runLog } from '../../runlog/run-log.js';
import { directSink, type RecordSink } from './record-sink.js';
import { runStages } from './runner.js';
import { sessionWriter } from './session-writer.js';
import type { StoredTask } from './stored-task.js';
import { DEFAULT_TUNING, type RetrievalTuning } from '../tuning.js';

export interface RetrievalPorts {
  /** The curated index, opened read-only. */
  reader: CuratedReader;
  rawLog: RawLog;
  sessions: SessionStore;
  /** Repository root: file texts are read from here and checked against the index. */
  root: string;
  /** The model and what to do when it fails; null for the deterministic judgement. */
  llm: { client: LlmClient; onError: ModelErrorPolicy } | null;
  /** Counts tokens in-process; when absent, `fitter` fits, else an in-process o200k_base counter. */
  counter?: TokenCounter;
  /** Fits and renders the package (e.g. on the worker that loaded the tokenizer: fit-service.ts). */
  fitter?: Fitter;
  /** Where the run's log entries and session patches are stored; when absent, through rawLog and sessions. */
  records?: RecordSink;
  ranker?: Ranker;
  /** Promoted file enrichment (`cairn enrich`); absent or null: none. */
  enrichment?: EnrichmentReader | null;
  /** What commits changed inside a definition's lines (git), for the historical section; absent: commit lines only. */
  lineHistory?: LineHistoryReader | null;
  /** Index lookups remembered across the runs of a session (memo-reader.ts); when absent, for one run. */
  readMemo?: ReadMemo;
  now?: () => number;
}

export interface RetrieveRequest {
  task: string;
  /** Reuse a task id (a new run of that task); a new id is made when absent. */
  taskId?: string;
  stages: readonly string[];
  budget: TokenBudget;
  format: RenderFormat;
  /** How packages are shaped (defaults: DEFAULT_TUNING); evaluations compare settings with it. */
  tuning?: RetrievalTuning;
  /** Recent commits per file of the historical section (assembly/history.ts); 0 or absent: no section. */
  history?: number;
  /** Shares of the budget by section (budget/section-shares.ts, checked there); absent: one priority order. */
  sectionShares?: SectionShares;
}

export interface RetrieveResult {
  taskId: string;
  runId: string;
  package: ContextPackage;
  rendered: string;
  /** The package's notes (also in the render), for faces that print them apart. */
  notes: string[];
  /** The notes that say something went wrong (a model that failed and was replaced), also in `notes`. */
  warnings: string[];
  ms: number;
}

export type { StoredTask } from './stored-task.js';

export async function retrieve(ports: RetrievalPorts, request: RetrieveRequest): Promise<RetrieveResult> {
  if (request.task.trim() === '') throw new UsageError('the task text is empty', { hint: 'describe the task, e.g. cairn retrieve "fix the discount rounding in Cart.total"' });
  const taskId = request.taskId === undefined ? newId('task', (ports.now ?? Date.now)()) : checkTaskId(request.taskId);
  const stored: StoredTask = { text: request.task, stages: [...request.stages], budget: request.budget, format: request.format, ...(request.history ? { history: request.history } : {}), ...(request.sectionShares ? { sectionShares: request.sectionShares } : {}) };
  // A re-run of an existing task that fails must not cost the task its last good session.
  const previous = request.taskId === undefined ? null : ports.sessions.get(taskId);
  return runPipeline(ports, { mode: 'retrieve', taskId, stored, text: request.task, requested: NOTHING_REQUESTED, refinement: null, tuning: request.tuning ?? DEFAULT_TUNING, previous });
}

export interface PipelineRun {
  mode: RunStarted['mode'];
  taskId: string;
  stored: StoredTask;
  /** The text analysed (the task, plus a refinement's error signatures). */
  text: string;
  requested: RequestedItems;
  refinement: RefinementRequest | null;
  tuning: RetrievalTuning;
  /** The task's session before this run: written back if the run fails (null: none to keep). */
  previous: SessionRecord | null;
}

export async function runPipeline(ports: RetrievalPorts, run: PipelineRun): Promise<RetrieveResult> {
  const clock = ports.now ?? Date.now;
  const started = clock();
  const stages = stagesByName(run.stored.stages, run.tuning);
  const budget = { ...run.stored.budget, available: availableTokens(run.stored.budget) };
  const runId = newId('run', started);
  const records = ports.records ?? directSink(ports.rawLog, ports.sessions);
  const log = runLog(records.rawLog, run.taskId, runId);
  const session = sessionWriter(records.sessions, run.taskId);
  log.write('run', null, startedRecord(ports, run, budget));
  session.start(run.stored, stages.map((stage) => stage.name), run.refinement);
  try {
    const gateway = ports.llm ? modelGateway(ports.llm.client, ports.llm.onError, log) : null;
    const reader = (ports.readMemo ?? new ReadMemo()).reader(ports.reader);
    let task = await analyzeTask(reader, run.text, { requested: run.requested, ...(ports.ranker ? { ranker: ports.ranker } : {}) });
    // The model's modules (and the schema library that checks its answers) load only when there is a model.
    if (gateway) task = await (await import('../task/intent.js')).enrichIntent(task, gateway);
    log.write('info', 'task', analysisRecord(task));
    const kb: KnowledgeBase = { reader, sources: diskSources(ports.root), enrichment: promotedEnrichment(ports.enrichment ?? null, reader) };
    if (!kb.enrichment && run.stored.stages.includes('scope')) log.write('info', 'scope', { event: 'tier-skipped', message: ENRICHMENT_MISSING_NOTE });
    const judge = gateway ? (await import('../judge/llm-judge.js')).llmJudge(gateway) : deterministicJudge;
    const staged = await runStages(emptyContext(run.taskId, runId, budget), { stages, kb, task, judge, log, session });
    const match = assessMatch(staged, kb, task, englishWords(), run.tuning.match);
    log.write('info', 'match', matchRecord(match));
    const warnings = [gateway?.fallbackNote() ?? null].filter((note) => note !== null);
    const context = warnings.length === 0 ? staged : { ...staged, notes: [...staged.notes, ...warnings] };
    const assembled = await assemblePackage(context, kb, task, {
      format: run.stored.format,
      fitter: fitterOf(ports),
      createdAt: new Date(clock()).toISOString(),
      minCoChange: DEFAULT_SCOPE_OPTIONS.minCoChange,
      tuning: run.tuning.candidates,
      historyCommits: run.stored.history ?? 0,
      lineHistory: ports.lineHistory ?? null,
      ...(run.stored.sectionShares ? { sectionShares: run.stored.sectionShares } : {}),
      match,
      matchTuning: run.tuning.match,
    });
    log.write('budget', 'budget', budgetRecord(assembled));
    session.finish(assembled.package);
    const ms = clock() - started;
    const { budget: summary, items } = assembled.package;
    log.write('run', null, { event: 'finished', items: items.length, used: summary.used, available: summary.available, ms });
    // Everything the run logged is stored before it answers (explain and refine read it).
    await records.flush();
    return { taskId: run.taskId, runId, package: assembled.package, rendered: assembled.rendered, notes: assembled.package.notes, warnings, ms };
  } catch (error) {
    log.write('run', null, { event: 'failed', code: isCairnError(error) ? error.code : 'INTERNAL', message: describeError(error) });
    // Queued after the run's own patches, so it lands last.
    if (run.previous !== null) session.restore(run.previous);
    // The run's own failure is the one to report, not a failure to log it.
    await records.flush().catch(() => undefined);
    throw error;
  }
}

function startedRecord(ports: RetrievalPorts, run: PipelineRun, budget: RunStarted['budget']): RunStarted {
  const model = ports.llm ? { provider: ports.llm.client.provider, model: ports.llm.client.model, onError: ports.llm.onError } : null;
  return { event: 'started', mode: run.mode, task: run.text, stages: run.stored.stages, budget, format: run.stored.format, model, refinement: run.refinement };
}

function fitterOf(ports: RetrievalPorts): Fitter {
  if (ports.counter) return inProcessFitter(ports.counter);
  return ports.fitter ?? inProcessFitter(createO200kCounter());
}

/**
 * The enrichment when it holds promoted summaries (staged ones are not retrieval's to read),
 * each used only while its file still has the content it was written from.
 */
function promotedEnrichment(enrichment: EnrichmentReader | null, reader: CuratedReader): EnrichmentReader | null {
  return enrichment !== null && enrichment.promotedCount() > 0 ? currentEnrichment(enrichment, reader) : null;
}
