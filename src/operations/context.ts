// The retrieval pipeline for every face: a task in, its context package out, within the
// budget (`cairn retrieve`, MCP `get_context`, HTTP `POST /retrieval/context`, `/retrieve`).
// Items whose file was deleted after the index was last refreshed are taken out of the
// package (the rest of the package is unchanged, so it stays within its budget). The answer
// is the package itself, with the text the pipeline rendered it as (in the format asked)
// when nothing was taken out: a face that shows that format sends that text (the one the
// budget was counted on), any other form it renders once from the package (HTTP's JSON as
// the JSON view object). Refining a task's package is `refine.ts`: it checks stored
// requests with zod, which a retrieval never needs to load.

import type { RepoHandle } from './handle.js';
import type { ContextPackage, RenderFormat } from '../core/context-package.js';
import type { TokenBudget } from '../retrieval/budget/limits.js';
import { retrieve, type RetrieveResult } from '../retrieval/pipeline/retrieve.js';
import { DEFAULT_BUDGET, resolveStages } from '../retrieval/pipeline/settings.js';

/** What a request asks for, resolved against the repository's configuration: stages, budget, model. */
export { DEFAULT_BUDGET, resolveBudget, resolveModel, resolveStages, type ModelFlags } from '../retrieval/pipeline/settings.js';
export { STAGE_NAMES } from '../retrieval/stages/registry.js';
export { MAX_HISTORY_COMMITS } from '../retrieval/assembly/history.js';
export { parseSectionShares, SECTIONS } from '../retrieval/budget/section-shares.js';
import { checkSectionShares, type SectionShares } from '../retrieval/budget/section-shares.js';
import { onDiskOnly } from './on-disk.js';
import { renderPackage } from '../render/index.js';

export interface ContextInput {
  task: string;
  taskId?: string | undefined;
  budget: TokenBudget;
  stages?: string[] | undefined;
  format: RenderFormat;
  /** Recent commits per file in the package's historical section (absent or 0: none). */
  history?: number | undefined;
  /** Shares of the budget by section (primary, supporting, historical, supplementary); checked here for every face. */
  sectionShares?: Readonly<Record<string, unknown>> | undefined;
}

/** A retrieval's answer: the package, its ids, notes and warnings. */
export interface ContextAnswer extends Omit<RetrieveResult, 'rendered'> {
  /** Items left out because their file was deleted after the index was last refreshed. */
  deleted: number;
  /** The package as the pipeline rendered it, in `package.budget.format`; null when items were taken out after. */
  rendered: string | null;
}

/**
 * The budget a request asks for: a context window and what to keep free of it, or a cap on
 * the package (`maxTokens`), or the repository's configured budget, or the default.
 */
export function budgetFor(repo: RepoHandle, asked: { contextWindow?: number | undefined; reservedTokens?: number | undefined; maxTokens?: number | undefined }): TokenBudget {
  if (asked.contextWindow !== undefined) return { contextWindow: asked.contextWindow, reservedTokens: asked.reservedTokens ?? 0 };
  if (asked.maxTokens !== undefined) return { contextWindow: asked.maxTokens, reservedTokens: 0 };
  const configured = repo.context.config.retrieval.budget;
  return configured ? { contextWindow: configured.context_window, reservedTokens: configured.reserved_tokens } : { ...DEFAULT_BUDGET };
}

export async function getContext(repo: RepoHandle, input: ContextInput): Promise<ContextAnswer> {
  const stages = resolveStages(input.stages, repo.context.config);
  const sectionShares: SectionShares | undefined = input.sectionShares === undefined ? undefined : checkSectionShares(input.sectionShares);
  const result = await retrieve(repo.retrieval(), {
    task: input.task,
    stages,
    budget: input.budget,
    format: input.format,
    ...(input.taskId !== undefined ? { taskId: input.taskId } : {}),
    ...(input.history ? { history: input.history } : {}),
    ...(sectionShares ? { sectionShares } : {}),
  });
  return withoutDeleted(repo, result);
}

/** The answer with the items whose file is gone from disk left out (and said so in a note). */
export function withoutDeleted(repo: RepoHandle, { rendered, ...result }: RetrieveResult): ContextAnswer {
  const { kept, gone } = onDiskOnly(repo.context.root, result.package.items, (item) => item.path);
  if (gone === 0) return { ...result, deleted: 0, rendered };
  const paths = new Set(kept.map((item) => item.path));
  const pkg: ContextPackage = {
    ...result.package,
    items: kept,
    edges: result.package.edges.filter((edge) => paths.has(edge.from) && paths.has(edge.to)),
    notes: [...result.package.notes, `${gone} item${gone === 1 ? '' : 's'} left out: deleted since the index was last refreshed`],
  };
  return { ...result, package: pkg, deleted: gone, rendered: null };
}

/** The package's text in `format`: the pipeline's own render when it is in that format and still whole, else rendered now. */
export function packageText(answer: ContextAnswer, format: RenderFormat): string {
  return answer.rendered !== null && answer.package.budget.format === format ? answer.rendered : renderPackage(answer.package, format);
}
