// The shapes of the pipeline's raw-log payloads, as `cairn explain` reads them back.
// Reading validates, because the log outlives the code that wrote it. Only the reader
// loads this module at run time; the pipeline imports its types alone (log-payloads.ts),
// so a retrieve does not load the schema library.

import { z } from 'zod';

export const runStartedSchema = z.object({
  event: z.literal('started'),
  mode: z.enum(['retrieve', 'refine']),
  task: z.string(),
  stages: z.array(z.string()),
  budget: z.object({ contextWindow: z.number(), reservedTokens: z.number(), available: z.number() }),
  format: z.string(),
  model: z.object({ provider: z.string(), model: z.string(), onError: z.string() }).nullable(),
  refinement: z.unknown().nullable(),
});
export type RunStarted = z.infer<typeof runStartedSchema>;

export const runFinishedSchema = z.object({
  event: z.literal('finished'),
  items: z.number(),
  used: z.number(),
  available: z.number(),
  ms: z.number(),
});
export type RunFinished = z.infer<typeof runFinishedSchema>;

export const runFailedSchema = z.object({
  event: z.enum(['failed', 'stage-failed']),
  code: z.string(),
  message: z.string(),
});

export const decisionSchema = z.object({
  subject: z.enum(['file', 'symbol']),
  id: z.string(),
  tier: z.number().nullable(),
  tierName: z.string().nullable(),
  verdict: z.enum(['included', 'excluded']),
  label: z.string(),
  reason: z.string(),
  score: z.number(),
  signals: z.record(z.string(), z.number()),
  judge: z.string(),
});
export type DecisionRecord = z.infer<typeof decisionSchema>;

/** A 'decisions' entry: a stage's decisions in order (each checked on its own when read). */
export const decisionListSchema = z.object({ decisions: z.array(z.unknown()) });

export const llmCallSchema = z.object({
  purpose: z.string(),
  provider: z.string(),
  model: z.string(),
  attempt: z.number(),
  accepted: z.boolean(),
  latencyMs: z.number(),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  error: z.string().nullable(),
});

export type LlmCallRecord = z.infer<typeof llmCallSchema>;

/** The match assessment of a run (retrieval/match/): verdict, summary, and the evidence weighed. */
export const matchSchema = z.object({
  event: z.literal('match'),
  message: z.string(),
  strength: z.enum(['strong', 'weak', 'none']),
  coverage: z.number(),
  presence: z.number(),
  anchor: z.object({ weight: z.number(), what: z.string() }).nullable(),
  words: z.array(
    z.object({
      word: z.string(),
      emphasis: z.number(),
      codeLike: z.boolean(),
      englishRank: z.number().nullable(),
      df: z.number(),
      fileDf: z.number(),
      specificity: z.number(),
      covered: z.boolean(),
    }),
  ),
  candidates: z.array(z.object({ key: z.string(), coverage: z.number(), holds: z.array(z.string()), lacks: z.array(z.string()) })),
});
export type MatchRecord = z.infer<typeof matchSchema>;

export const infoSchema = z.object({ event: z.string(), message: z.string().optional() }).passthrough();

const placementSchema = z.object({ id: z.string(), tier: z.number(), detail: z.string(), tokens: z.number(), demotedFrom: z.string().nullable() });
export const budgetSchema = z.object({
  contextWindow: z.number(),
  reservedTokens: z.number(),
  available: z.number(),
  used: z.number(),
  format: z.string(),
  tokenizer: z.string(),
  candidates: z.number(),
  included: z.array(placementSchema),
  demoted: z.array(z.object({ path: z.string(), symbolKey: z.string().nullable(), tier: z.number(), from: z.string(), to: z.string(), reason: z.string() })),
  evicted: z.array(z.object({ path: z.string(), symbolKey: z.string().nullable(), tier: z.number(), detail: z.string(), reason: z.string() })),
  deduplicated: z.array(z.object({ path: z.string(), symbolKey: z.string().nullable(), tier: z.number(), coveredBy: z.string(), reason: z.string() })),
});
export type BudgetRecord = z.infer<typeof budgetSchema>;

/** A diagnose run's escalation decision (written by src/diagnostics, read back by explain). */
export const diagnosisEscalationSchema = z.object({
  event: z.literal('escalation'),
  phaseId: z.string(),
  attempt: z.number(),
  escalate: z.boolean(),
  priority: z.enum(['high', 'medium', 'low']),
  triggers: z.array(z.object({ id: z.string(), fired: z.boolean(), reasons: z.array(z.string()), summary: z.string() })),
  attemptLogs: z.array(z.object({ path: z.string(), attempt: z.number(), markers: z.array(z.string()) })),
  warnings: z.array(z.string()),
  runDir: z.string(),
  errorMessage: z.string(),
});
export type DiagnosisEscalation = z.infer<typeof diagnosisEscalationSchema>;

const categoryOutcomeSchema = z.object({
  count: z.number(),
  bytes: z.number(),
  capCount: z.number(),
  capBytes: z.number(),
  truncated: z.number(),
  considered: z.number(),
  stoppedBy: z.enum(['count', 'bytes']).nullable(),
});

/** What a diagnose run's deep retrieval took, per category. */
export const diagnosisRetrievalSchema = z.object({
  event: z.literal('retrieval'),
  priority: z.enum(['high', 'medium', 'low']),
  categories: z.object({ run_artifacts: categoryOutcomeSchema, sot_files: categoryOutcomeSchema, memory_entries: categoryOutcomeSchema }),
  notes: z.array(z.string()),
  ms: z.number(),
});
export type DiagnosisRetrieval = z.infer<typeof diagnosisRetrievalSchema>;
