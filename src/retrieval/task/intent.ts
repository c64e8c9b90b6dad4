// LLM enrichment of a task's intent: one strict-JSON call that restates what the task wants
// done, the model's view of its type, and the code words it would search for. Kept beside
// the deterministic analysis, never instead of it.

import { z } from 'zod';
import { jsonContract } from '../../providers/llm/contract.js';
import type { ModelGateway } from './model-gateway.js';
import { TASK_TYPES } from './task-type.js';
import type { TaskQuery } from './task-query.js';

const TASK_EXCERPT_CHARS = 4000;
const MAX_KEYWORDS = 12;

const SUMMARY_CHARS = 600;
const KEYWORD_CHARS = 80;

/** Sent to the model as JSON Schema too (providers/llm/contract.ts): lengths are cut after, not checked. */
const intentContract = jsonContract(
  z
    .object({
      summary: z.string(),
      task_type: z.enum(TASK_TYPES),
      keywords: z.array(z.string()).max(MAX_KEYWORDS),
    })
    .strict(),
);

export async function enrichIntent(task: TaskQuery, gateway: ModelGateway): Promise<TaskQuery> {
  const excerpt = task.text.length > TASK_EXCERPT_CHARS ? `${task.text.slice(0, TASK_EXCERPT_CHARS)}…` : task.text;
  const answer = await gateway.ask('task', 'intent', {
    system:
      'You read tasks given to a coding agent. State in one or two sentences what change or answer the task asks for, ' +
      `classify it as one of ${TASK_TYPES.join(', ')}, and list up to ${MAX_KEYWORDS} identifiers or code words worth searching the repository for.`,
    user: `Task:\n${excerpt}\n\nA deterministic reading classified it as ${task.type}.`,
    ...intentContract,
    schemaName: 'intent',
    temperature: 0,
  });
  if (answer === null) return task;
  const summary = answer.summary.trim().slice(0, SUMMARY_CHARS);
  const keywords = answer.keywords.map((word) => word.trim().slice(0, KEYWORD_CHARS)).filter((word) => word !== '');
  // An empty summary says nothing: the deterministic reading stands.
  if (summary === '') return task;
  return { ...task, intent: { summary, type: answer.task_type, keywords } };
}
