// The heavy operations of the HTTP face, as plain data in and out, so that they can run on
// a query thread (query-pool.ts) as well as in this one: the same function over the same
// index state gives the same answer wherever it runs.

import type { RepoHandle } from '../../operations/handle.js';
import type { RenderFormat } from '../../core/context-package.js';
import { jsonView, renderPackage } from '../../render/index.js';
import { budgetFor, getContext, type ContextAnswer, type ContextInput } from '../../operations/context.js';
import { searchCode, type SearchAnswer, type SearchInput } from '../../operations/search.js';

export interface ContextRequest {
  task: string;
  task_id?: string | undefined;
  budget?: { context_window: number; reserved_tokens: number } | undefined;
  max_tokens?: number | undefined;
  stages?: string[] | undefined;
  format: RenderFormat;
  history?: number | undefined;
}

export const OPERATIONS = {
  search: (repo: RepoHandle, input: SearchInput): Promise<SearchAnswer> => searchCode(repo, input),
  context: async (repo: RepoHandle, input: ContextRequest): Promise<Record<string, unknown>> => contextJson(await getContext(repo, contextInput(repo, input)), input.format),
};

function contextInput(repo: RepoHandle, input: ContextRequest): ContextInput {
  const budget = budgetFor(repo, { contextWindow: input.budget?.context_window, reservedTokens: input.budget?.reserved_tokens, maxTokens: input.max_tokens });
  return { task: input.task, taskId: input.task_id, budget, stages: input.stages, format: input.format, history: input.history };
}

export type OperationName = keyof typeof OPERATIONS;
export type OperationInput<N extends OperationName> = Parameters<(typeof OPERATIONS)[N]>[1];
export type OperationOutput<N extends OperationName> = Awaited<ReturnType<(typeof OPERATIONS)[N]>>;

/** The answer as HTTP sends it: the package rendered once, as the JSON view object or as text. */
export function contextJson(answer: ContextAnswer, format: RenderFormat): Record<string, unknown> {
  const { budget } = answer.package;
  return {
    task_id: answer.taskId,
    run_id: answer.runId,
    format,
    match: answer.package.match,
    match_evidence: answer.package.matchEvidence,
    ...(format === 'json' ? { package: jsonView(answer.package) } : { text: renderPackage(answer.package, format) }),
    tokens: { used: budget.used, available: budget.available },
    notes: answer.notes,
    deleted: answer.deleted,
  };
}
