// The shapes of the pipeline's raw-log payloads: written by the pipeline, read back by
// `cairn explain`. Reading validates, because the log outlives the code that wrote it.

import { z } from 'zod';
import type { Assembled } from '../assembly/package.js';
import type { TaskQuery } from '../task/task-query.js';

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

export function budgetRecord(assembled: Assembled): BudgetRecord {
  const { budget, items } = assembled.package;
  return {
    contextWindow: budget.contextWindow,
    reservedTokens: budget.reservedTokens,
    available: budget.available,
    used: budget.used,
    format: budget.format,
    tokenizer: budget.tokenizer,
    candidates: assembled.candidates.length,
    included: items.map((item) => ({
      id: item.symbolKey ?? item.path,
      tier: item.provenance.tier,
      detail: item.detail,
      tokens: item.tokens,
      demotedFrom: item.demotedFrom,
    })),
    demoted: budget.demoted,
    evicted: budget.evicted,
    deduplicated: budget.deduplicated,
  };
}

/** What the log keeps of the task analysis (the ranked lists are cut to their heads). */
export function analysisRecord(task: TaskQuery): Record<string, unknown> {
  return {
    event: 'analysis',
    type: task.type,
    typeEvidence: task.typeEvidence,
    mentionedFiles: task.mentionedFiles,
    mentionedSymbols: task.mentionedSymbols.slice(0, 50),
    frames: task.frames,
    errorTypes: task.errorTypes,
    errorLines: task.errorLines,
    keywords: task.keywords,
    requested: task.requested,
    intent: task.intent,
    rankedFiles: task.ranked.files.slice(0, 20).map((file) => ({ path: file.path, score: file.score })),
    rankedSymbols: task.ranked.symbols.slice(0, 20).map((symbol) => ({ key: symbol.key, score: symbol.score })),
  };
}
