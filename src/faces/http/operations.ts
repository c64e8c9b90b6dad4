// The heavy operations of the HTTP face, as plain data in and out, so that they can run on
// a query thread (query-pool.ts) as well as in this one: the same function over the same
// index state gives the same answer wherever it runs.

import type { IndexView } from '../../app-workspace.js';
import type { RenderFormat } from '../../core/context-package.js';
import type { TokenBudget } from '../../retrieval/budget/limits.js';
import { DEFAULT_BUDGET } from '../../retrieval/pipeline/settings.js';
import { getContext, type ContextAnswer } from '../api/context.js';
import { searchCode, type SearchAnswer, type SearchInput } from '../api/search.js';

export interface ContextRequest {
  task: string;
  task_id?: string | undefined;
  budget?: { context_window: number; reserved_tokens: number } | undefined;
  max_tokens?: number | undefined;
  stages?: string[] | undefined;
  format: RenderFormat;
}

export const OPERATIONS = {
  search: (view: IndexView, input: SearchInput): Promise<SearchAnswer> => searchCode(view, input),
  context: async (view: IndexView, input: ContextRequest): Promise<Record<string, unknown>> =>
    contextJson(await getContext(view, { task: input.task, taskId: input.task_id, budget: budgetOf(view, input), stages: input.stages, format: input.format }), input.format),
};

export type OperationName = keyof typeof OPERATIONS;
export type OperationInput<N extends OperationName> = Parameters<(typeof OPERATIONS)[N]>[1];
export type OperationOutput<N extends OperationName> = Awaited<ReturnType<(typeof OPERATIONS)[N]>>;

/** The budget a request asks for: explicit, or a cap on the package, or the repository's default. */
export function budgetOf(view: IndexView, request: { budget?: { context_window: number; reserved_tokens: number } | undefined; max_tokens?: number | undefined }): TokenBudget {
  if (request.budget) return { contextWindow: request.budget.context_window, reservedTokens: request.budget.reserved_tokens };
  if (request.max_tokens !== undefined) return { contextWindow: request.max_tokens, reservedTokens: 0 };
  const configured = view.context.config.retrieval.budget;
  return configured ? { contextWindow: configured.context_window, reservedTokens: configured.reserved_tokens } : { ...DEFAULT_BUDGET };
}

export function contextJson(answer: ContextAnswer, format: RenderFormat): Record<string, unknown> {
  const { budget } = answer.package;
  return {
    task_id: answer.taskId,
    run_id: answer.runId,
    format,
    match: answer.package.match,
    match_evidence: answer.package.matchEvidence,
    ...(format === 'json' ? { package: JSON.parse(answer.rendered) as unknown } : { text: answer.rendered }),
    tokens: { used: budget.used, available: budget.available },
    notes: answer.notes,
    deleted: answer.deleted,
  };
}
