// `get_context`, the tool an agent starts with: the retrieval pipeline for a task within a
// token budget; with task_id and what was missing, a refinement of an earlier answer; with
// a conversation id, an episode of that conversation (episode memory's hydration: what the
// task names, what earlier calls of the conversation showed — marked when changed on disk
// since — then the pipeline's ranking), so that later calls carry what the agent saw.

import { z } from 'zod';
import { MAX_MCP_TOKENS } from '../../config/schema.js';
import { UsageError } from '../../core/errors.js';
import type { Hydration } from '../../core/memory.js';
import { renderPackage } from '../../render/index.js';
import { parseJson } from '../../render/json.js';
import { getContext, missingRequest, refineContext, type ContextAnswer } from '../api/context.js';
import { hydrateEpisode } from '../api/memory.js';
import { fitAnswer, type Answer } from './cap.js';
import type { Tool, ToolContext } from './tools.js';

const maxTokens = z.number().int().min(1000).max(MAX_MCP_TOKENS).optional().describe(`Answer size cap in tokens (default 8000, max ${MAX_MCP_TOKENS})`);

/** Tokens kept free for the answer's own fields around the package (ids, counts, the note on what was left out). */
const CONTEXT_RESERVE = 400;

function capOf(asked: number | undefined, context: ToolContext): number {
  return Math.min(asked ?? context.maxTokens, context.maxTokens, MAX_MCP_TOKENS);
}

const getContextInput = z
  .object({
    task: z.string().optional().describe('The task as written: issue, bug report with traceback, feature request'),
    max_tokens: maxTokens,
    task_id: z.string().optional().describe('Refine an earlier answer: its task_id'),
    missing: z.array(z.string()).optional().describe('With task_id: files or symbols the answer lacked'),
    error: z.string().optional().describe('With task_id: error output of the last attempt'),
    conversation_id: z.string().optional().describe('Your conversation id: later calls with it list what earlier ones showed (one line each when unchanged), with the code when changed since'),
    resend_unchanged: z.boolean().optional().describe('With conversation_id: send the code of unchanged entities earlier calls showed again'),
  })
  .strict();

type Args = z.infer<typeof getContextInput>;

async function runGetContext(args: Args, context: ToolContext): Promise<Answer> {
  const cap = capOf(args.max_tokens, context);
  const refining = args.task_id !== undefined && (args.missing?.length || args.error);
  if (refining && args.conversation_id !== undefined) {
    throw new UsageError('get_context: conversation_id cannot refine a task_id', { hint: 'refine without conversation_id, or ask again with the task and conversation_id' });
  }
  if (!refining && (args.task === undefined || args.task.trim() === '')) {
    throw new UsageError('get_context: task is missing', { hint: 'pass the task text (or task_id with missing or error to refine an answer)' });
  }
  if (args.conversation_id !== undefined) return episodeAnswer(args.task!, args.conversation_id, cap, context, args.resend_unchanged === true);
  const answer = await context.withIndex((view) =>
    refining
      ? refineContext(view, { taskId: args.task_id!, request: missingRequest(view, args.missing ?? [], args.error), format: 'json' })
      : getContext(view, { task: args.task!, taskId: args.task_id, budget: { contextWindow: cap, reservedTokens: CONTEXT_RESERVE }, format: 'json' }),
  );
  return fitAnswer(context.counter, contextAnswer(answer), cap, {
    field: 'items',
    note: (left) => `${left} more item${left === 1 ? '' : 's'} did not fit under ${cap} tokens: raise max_tokens, or read_symbol what you need`,
    text: (structured) => JSON.stringify(structured),
  });
}

function contextAnswer(answer: ContextAnswer): Answer {
  const view = parseJson(answer.package.budget.format === 'json' ? answer.rendered : renderPackage(answer.package, 'json'));
  const evicted = answer.package.budget.evicted;
  const structured: Record<string, unknown> = {
    task_id: view.taskId,
    run_id: view.runId,
    items: view.items,
    edges: view.edges,
    notes: view.notes,
    tokens: { used: view.budget.used, available: view.budget.available },
  };
  if (evicted.length > 0) {
    const named = evicted.slice(0, 5).map((entry) => entry.symbolKey ?? entry.path);
    structured['omitted'] = `${evicted.length} candidate${evicted.length === 1 ? '' : 's'} left out for the budget (${named.join(', ')}${evicted.length > 5 ? ', …' : ''}): raise max_tokens, read_symbol one, or call again with task_id and missing`;
  }
  const markdown = renderPackage(answer.package, 'markdown');
  const text = structured['omitted'] ? `${markdown.trimEnd()}\n\n(${String(structured['omitted'])})\n` : markdown;
  return { structured, text };
}

async function episodeAnswer(task: string, conversationId: string, cap: number, context: ToolContext, resendUnchanged: boolean): Promise<Answer> {
  const { hydration, rendered } = await context.withIndex((view) =>
    hydrateEpisode(view, { query: task, conversationId, maxTokens: cap - CONTEXT_RESERVE, format: 'markdown', resendUnchanged }),
  );
  const structured = hydrationAnswer(hydration);
  const text = structured['omitted'] ? `${rendered.trimEnd()}\n\n(${String(structured['omitted'])})\n` : rendered;
  return fitAnswer(context.counter, { structured, text }, cap, {
    field: 'items',
    note: (left) => `${left} more item${left === 1 ? '' : 's'} did not fit under ${cap} tokens: raise max_tokens, or read_symbol what you need`,
    text: (value) => JSON.stringify(value),
  });
}

function hydrationAnswer(hydration: Hydration): Record<string, unknown> {
  const structured: Record<string, unknown> = {
    conversation_id: hydration.conversationId,
    episode_id: hydration.episodeId,
    sequence: hydration.sequence,
    items: hydration.blocks.map((block) => ({
      path: block.path,
      entity_key: block.entityKey,
      lines: [block.startLine, block.endLine],
      status: block.status,
      ...(block.previousEpisode !== null ? { body: block.body, since_episode: block.previousEpisode } : {}),
      ...(block.movedTo ? { moved_to: block.movedTo } : {}),
      why: block.triggeredBy,
      text: block.text,
    })),
    notes: hydration.notes,
    tokens: { used: hydration.budget.usedTokens, available: hydration.budget.maxTokens },
  };
  if (hydration.cut.length > 0) {
    const named = hydration.cut.slice(0, 5).map((entry) => entry.entityKey);
    structured['omitted'] = `${hydration.cut.length} entit${hydration.cut.length === 1 ? 'y' : 'ies'} left out for the budget (${named.join(', ')}${hydration.cut.length > 5 ? ', …' : ''}): raise max_tokens or read_symbol one`;
  }
  return structured;
}

const loose = <T extends z.ZodRawShape>(shape: T): z.ZodObject => z.object(shape).loose();

export const GET_CONTEXT: Tool = {
  name: 'get_context',
  description:
    'Start here for a coding task in this repository. Returns the code the task needs (functions to change, their callers, callees and tests), ranked, fitted to a token budget, each item with why it was picked. To get more: call again with task_id and missing.',
  input: getContextInput,
  output: loose({ task_id: z.string().optional(), episode_id: z.string().optional(), items: z.array(z.object({ path: z.string(), text: z.string() }).loose()) }),
  // Writes only cairn's own records (the raw log, episode memory), never the repository.
  readOnly: true,
  run: runGetContext as Tool['run'],
};
