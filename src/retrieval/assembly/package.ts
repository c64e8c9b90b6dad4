// Assembly: candidates fitted to the budget (retrieval/budget) and rendered (render/). The
// package is fitted for the format it is rendered in, so the promise "the render never
// exceeds contextWindow − reservedTokens" holds for that render.

import type { ContextItem, ContextPackage, RenderFormat } from '../../core/context-package.js';
import { renderPackage } from '../../render/index.js';
import { fitToBudget, type FitResult } from '../budget/fit.js';
import type { TokenCounter } from '../budget/tokens.js';
import type { KnowledgeBase, RetrievalContext } from '../stages/stage.js';
import type { TaskQuery } from '../task/task-query.js';
import { buildCandidates } from './candidates.js';
import { candidateEdges } from './edges.js';

export interface AssembleOptions {
  format: RenderFormat;
  counter: TokenCounter;
  /** ISO 8601; given so that assembly stays deterministic. */
  createdAt: string;
  minCoChange: number;
}

export interface Assembled {
  candidates: ContextItem[];
  fit: FitResult;
  package: ContextPackage;
  rendered: string;
}

export function assemblePackage(context: RetrievalContext, kb: KnowledgeBase, task: TaskQuery, options: AssembleOptions): Assembled {
  const candidates = buildCandidates(context, kb);
  const paths = new Set(candidates.map((item) => item.path));
  const notes = [...context.notes, ...taskNotes(task), ...kb.sources.problems()];
  const fit = fitToBudget(
    candidates,
    { contextWindow: context.budget.contextWindow, reservedTokens: context.budget.reservedTokens },
    options.counter,
    options.format,
    {
      taskId: context.taskId,
      runId: context.runId,
      query: task.text,
      notes,
      edges: candidateEdges(kb.reader, paths, options.minCoChange),
      createdAt: options.createdAt,
    },
  );
  return { candidates, fit, package: fit.package, rendered: renderPackage(fit.package, options.format) };
}

function taskNotes(task: TaskQuery): string[] {
  const notes = [`task type: ${task.type.replace('_', ' ')}`];
  if (task.intent) notes.push(`intent (model): ${task.intent.summary}`);
  return notes;
}
