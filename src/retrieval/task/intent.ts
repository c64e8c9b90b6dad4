// LLM enrichment of a task's intent: one strict-JSON call that restates what the task wants
// done, the model's view of its type, and the code words it would search for. Kept beside
// the deterministic analysis, never instead of it.

import { z } from 'zod';
import type { ModelGateway } from '../judge/model-gateway.js';
import { TASK_TYPES } from './task-type.js';
import type { TaskQuery } from './task-query.js';

const TASK_EXCERPT_CHARS = 4000;
const MAX_KEYWORDS = 12;

const intentSchema = z
  .object({
    summary: z.string().min(1).max(600),
    task_type: z.enum(TASK_TYPES),
    keywords: z.array(z.string().min(1).max(80)).max(MAX_KEYWORDS),
  })
  .strict();

export async function enrichIntent(task: TaskQuery, gateway: ModelGateway): Promise<TaskQuery> {
  const excerpt = task.text.length > TASK_EXCERPT_CHARS ? `${task.text.slice(0, TASK_EXCERPT_CHARS)}…` : task.text;
  const answer = await gateway.ask('task', 'intent', {
    system:
      'You read tasks given to a coding agent. State in one or two sentences what change or answer the task asks for, ' +
      `classify it as one of ${TASK_TYPES.join(', ')}, and list up to ${MAX_KEYWORDS} identifiers or code words worth searching the repository for.`,
    user: `Task:\n${excerpt}\n\nA deterministic reading classified it as ${task.type}.`,
    schema: {
      type: 'object',
      properties: {
        summary: { type: 'string' },
        task_type: { type: 'string', enum: [...TASK_TYPES] },
        keywords: { type: 'array', items: { type: 'string' } },
      },
      required: ['summary', 'task_type', 'keywords'],
      additionalProperties: false,
    },
    schemaName: 'intent',
    validate: (value) => intentSchema.parse(value),
    temperature: 0,
  });
  if (answer === null) return task;
  return { ...task, intent: { summary: answer.summary, type: answer.task_type, keywords: answer.keywords } };
}
