// The heavy operations of the HTTP face, as plain data in and out, so that they can run on
// a query thread (serve/query-pool.ts) as well as in this one: the same function over the
// same index state gives the same answer wherever it runs. Each takes its route's validated
// body (less `repo`) and returns the JSON the route sends.

import type { z } from '@hono/zod-openapi';
import type { RepoHandle } from '../../operations/handle.js';
import type { RenderFormat } from '../../core/context-package.js';
import { jsonView } from '../../render/index.js';
import { snakeKeys } from '../../render/snake-case.js';
import { budgetFor, getContext, packageText, type ContextAnswer, type ContextInput } from '../../operations/context.js';
import { diagnoseRun, diagnosisMarkdown } from '../../operations/diagnose.js';
import { hydrateEpisode } from '../../operations/memory.js';
import { refineContext } from '../../operations/refine.js';
import { searchCode, type SearchAnswer, type SearchInput } from '../../operations/search.js';
import { FILE_RELATIONS, graphAround, referencesOf, similarOf, type Impact, type Similarity } from '../../operations/targets.js';
import type { diagnoseBody, graphBody, hydrateBody, impactBody, refineBody, retrieveBody, similarBody } from './schemas.js';

/** A route's validated body without the repository it names (the runner picks the repository). */
type Body<S extends z.ZodType> = Omit<z.infer<S>, 'repo'>;

/** `/retrieve`'s body (a task id may be given); `/retrieval/context` sends the same without one. */
export type ContextRequest = Body<typeof retrieveBody>;

export const OPERATIONS = {
  search: (repo: RepoHandle, input: SearchInput): Promise<SearchAnswer> => searchCode(repo, input),
  context: async (repo: RepoHandle, input: ContextRequest): Promise<Record<string, unknown>> => contextJson(await getContext(repo, contextInput(repo, input)), input.format),
  refine: async (repo: RepoHandle, request: Body<typeof refineBody>): Promise<Record<string, unknown>> => {
    const answer = await refineContext(repo, {
      taskId: request.task_id,
      request: { missingFiles: request.missing_files, missingSymbols: request.missing_symbols, missingTests: request.missing_tests, errorSignatures: request.error_signature },
      format: request.format,
    });
    return contextJson(answer, request.format ?? answer.package.budget.format);
  },
  similar: async (repo: RepoHandle, request: Body<typeof similarBody>): Promise<Similarity> => similarOf(repo, request),
  graph: async (repo: RepoHandle, request: Body<typeof graphBody>): Promise<Record<string, unknown>> => {
    const { target, depth, nodes, edges } = graphAround(repo, { start: request.start, maxDistance: request.max_distance, relations: request.relations ?? [...FILE_RELATIONS], limit: request.limit });
    return { target, max_distance: depth, nodes, edges };
  },
  impact: async (repo: RepoHandle, request: Body<typeof impactBody>): Promise<Impact> => referencesOf(repo, request),
  hydrate: async (repo: RepoHandle, request: Body<typeof hydrateBody>): Promise<Record<string, unknown>> => {
    const { hydration, rendered, evaluations } = await hydrateEpisode(repo, {
      query: request.query,
      conversationId: request.conversation_id,
      episodeId: request.episode_id,
      maxTokens: request.max_tokens,
      maxEntities: request.max_entities,
      format: request.format,
      resendUnchanged: request.resend_unchanged,
    });
    return { ...(snakeKeys(hydration) as object), gates: snakeKeys(evaluations), ...(request.format === 'markdown' ? { text: rendered } : {}) };
  },
  diagnose: async (repo: RepoHandle, request: Body<typeof diagnoseBody>): Promise<Record<string, unknown>> => {
    const answer = await diagnoseRun(repo, { bundle: request.bundle, runDir: request.run_dir, phase: request.phase, attempt: request.attempt, always: request.always, taskId: request.task_id });
    return {
      task_id: answer.taskId,
      decision: answer.json.decision,
      retrieval: answer.json.retrieval,
      notes: answer.notes,
      ms: answer.ms,
      ...(answer.unlogged !== null ? { unlogged: answer.unlogged } : {}),
      ...(request.format === 'markdown' ? { text: diagnosisMarkdown(answer.json.decision, answer.json.retrieval) } : {}),
    };
  },
};

function contextInput(repo: RepoHandle, input: ContextRequest): ContextInput {
  const budget = budgetFor(repo, { contextWindow: input.budget?.context_window, reservedTokens: input.budget?.reserved_tokens, maxTokens: input.max_tokens });
  return { task: input.task, taskId: input.task_id, budget, stages: input.stages, format: input.format, history: input.history, sectionShares: input.section_shares };
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
    ...(format === 'json' ? { package: jsonView(answer.package) } : { text: packageText(answer, format) }),
    tokens: { used: budget.used, available: budget.available },
    notes: answer.notes,
    deleted: answer.deleted,
  };
}
