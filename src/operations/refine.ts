// Refining a task's package: what the agent says is missing (files, symbols, an error) added
// to the task's last run, within the same budget (`cairn refine`, MCP `get_context` with a
// task id, HTTP `POST /tasks/{id}/refine`). Apart from context.ts because the stored task
// and the request are checked with zod, which `cairn retrieve` then never loads.

import type { RepoHandle } from './handle.js';
import type { RenderFormat } from '../core/context-package.js';
import { refine } from '../retrieval/pipeline/refine.js';
import type { RefinementRequest } from '../retrieval/pipeline/refinement.js';

/** A refinement request as a file (`cairn refine --request FILE`) is checked against this. */
export { refinementFileSchema, type RefinementRequest } from '../retrieval/pipeline/refinement.js';
import { withoutDeleted, type ContextAnswer } from './context.js';

export async function refineContext(repo: RepoHandle, input: { taskId: string; request: RefinementRequest; format?: RenderFormat | undefined }): Promise<ContextAnswer> {
  const result = await refine(repo.retrieval(), { taskId: input.taskId, request: input.request, ...(input.format ? { format: input.format } : {}) });
  return withoutDeleted(repo, result);
}

/**
 * Splits what an agent says is missing into files (paths the index holds) and symbols
 * (anything else: names, qualified names, entity keys), as `cairn refine` takes them.
 */
export function missingRequest(repo: RepoHandle, missing: readonly string[], errorText?: string): RefinementRequest {
  const files = missing.filter((name) => repo.reader().file(name) !== null);
  return {
    missingFiles: files,
    missingSymbols: missing.filter((name) => !files.includes(name)),
    missingTests: [],
    errorSignatures: errorText ? [errorText] : [],
  };
}
