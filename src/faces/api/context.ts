// The retrieval pipeline for the agent faces: a task in, its context package out, within
// the budget (MCP `get_context`, HTTP `POST /retrieval/context`, `/retrieve`, `/refine`).
// Items whose file was deleted after the index was last refreshed are taken out of the
// package (the rest of the package is unchanged, so it stays within its budget).

import type { IndexView } from '../../app-workspace.js';
import type { ContextPackage, RenderFormat } from '../../core/context-package.js';
import { renderPackage } from '../../render/index.js';
import type { TokenBudget } from '../../retrieval/budget/limits.js';
import { refine } from '../../retrieval/pipeline/refine.js';
import type { RefinementRequest } from '../../retrieval/pipeline/refinement.js';
import { retrieve, type RetrieveResult } from '../../retrieval/pipeline/retrieve.js';
import { resolveStages } from '../../retrieval/pipeline/settings.js';
import { onDiskOnly } from './on-disk.js';

export interface ContextInput {
  task: string;
  taskId?: string | undefined;
  budget: TokenBudget;
  stages?: string[] | undefined;
  format: RenderFormat;
  /** Recent commits per file in the package's historical section (absent or 0: none). */
  history?: number | undefined;
}

export interface ContextAnswer extends RetrieveResult {
  /** Items left out because their file was deleted after the index was last refreshed. */
  deleted: number;
}

export async function getContext(view: IndexView, input: ContextInput): Promise<ContextAnswer> {
  const stages = resolveStages(input.stages, view.context.config);
  const result = await retrieve(view.retrieval, {
    task: input.task,
    stages,
    budget: input.budget,
    format: input.format,
    ...(input.taskId !== undefined ? { taskId: input.taskId } : {}),
    ...(input.history ? { history: input.history } : {}),
  });
  return withoutDeleted(view, result, input.format);
}

export async function refineContext(view: IndexView, input: { taskId: string; request: RefinementRequest; format?: RenderFormat | undefined }): Promise<ContextAnswer> {
  const result = await refine(view.retrieval, { taskId: input.taskId, request: input.request, ...(input.format ? { format: input.format } : {}) });
  return withoutDeleted(view, result, input.format ?? result.package.budget.format);
}

/**
 * Splits what an agent says is missing into files (paths the index holds) and symbols
 * (anything else: names, qualified names, entity keys), as `cairn refine` takes them.
 */
export function missingRequest(view: IndexView, missing: readonly string[], errorText?: string): RefinementRequest {
  const files = missing.filter((name) => view.reader.file(name) !== null);
  return {
    missingFiles: files,
    missingSymbols: missing.filter((name) => !files.includes(name)),
    missingTests: [],
    errorSignatures: errorText ? [errorText] : [],
  };
}

function withoutDeleted(view: IndexView, result: RetrieveResult, format: RenderFormat): ContextAnswer {
  const { kept, gone } = onDiskOnly(view.context.root, result.package.items, (item) => item.path);
  if (gone === 0) return { ...result, deleted: 0 };
  const paths = new Set(kept.map((item) => item.path));
  const pkg: ContextPackage = {
    ...result.package,
    items: kept,
    edges: result.package.edges.filter((edge) => paths.has(edge.from) && paths.has(edge.to)),
    notes: [...result.package.notes, `${gone} item${gone === 1 ? '' : 's'} left out: deleted since the index was last refreshed`],
  };
  return { ...result, package: pkg, rendered: renderPackage(pkg, format), deleted: gone };
}
