// Refinement: re-enter a task's session with what the agent found missing — files, symbols,
// tests, the error its last attempt produced — and run the task again under the same task
// id and budget. The request is merged into the session's earlier requests; the new run's
// decisions go to the raw log like any other run's.

import type { RenderFormat } from '../../core/context-package.js';
import { DEFAULT_TUNING } from '../tuning.js';
import { InputError, NotFoundError, UsageError } from '../../core/errors.js';
import { checkTaskId } from '../../runlog/ids.js';
import {
  EMPTY_REFINEMENT,
  isEmptyRefinement,
  mergeRefinements,
  refinedText,
  requestedItems,
  storedRefinementSchema,
  type RefinementRequest,
} from './refinement.js';
import { runPipeline, type RetrievalPorts, type RetrieveResult } from './retrieve.js';
import { storedTaskSchema } from './stored-task.js';

export interface RefineRequest {
  taskId: string;
  request: RefinementRequest;
  /** Render in another format than the task's first run. */
  format?: RenderFormat;
}

export async function refine(ports: RetrievalPorts, refinement: RefineRequest): Promise<RetrieveResult> {
  const taskId = checkTaskId(refinement.taskId);
  if (isEmptyRefinement(refinement.request)) {
    throw new UsageError('nothing to refine', {
      hint: 'pass --missing-files, --missing-symbols, --missing-tests or --error-signature, or --request FILE',
    });
  }
  const record = ports.sessions.get(taskId);
  if (record === null) {
    throw new NotFoundError(`no session for task id "${taskId}"`, {
      hint: 'refine a task that `cairn retrieve` ran in this index (it prints the task id), or pass --task-id to retrieve',
    });
  }
  const stored = storedTaskSchema.safeParse(record.task);
  if (!stored.success) {
    throw new InputError('INPUT_INVALID', `the session of task "${taskId}" does not hold a task this cairn can run again`, {
      hint: 'run `cairn retrieve` again for this task',
      cause: stored.error,
    });
  }
  const earlier = storedRefinementSchema.safeParse(record.refinementRequest);
  const merged = mergeRefinements(earlier.success ? earlier.data : EMPTY_REFINEMENT, refinement.request);
  const task = refinement.format ? { ...stored.data, format: refinement.format } : stored.data;
  return runPipeline(ports, {
    mode: 'refine',
    taskId,
    stored: task,
    text: refinedText(task.text, merged),
    requested: requestedItems(merged),
    refinement: merged,
    tuning: DEFAULT_TUNING,
    // A failed refine leaves the session as it was, earlier requests included.
    previous: record,
  });
}
