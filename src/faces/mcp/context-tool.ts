// `get_context`, the tool an agent starts with: the retrieval pipeline for a task within a
// token budget; with task_id and what was missing, a refinement of an earlier answer; with
// a conversation id, an episode of that conversation (episode memory's hydration: what the
// task names, what earlier calls of the conversation showed — marked when changed on disk
// since — then the pipeline's ranking), so that later calls carry what the agent saw.

import { z } from 'zod';
import { MAX_MCP_TOKENS } from '../../config/schema.js';
import { MAX_HISTORY_COMMITS } from '../../operations/context.js';
import { MATCH_STRENGTHS } from '../../core/context-package.js';
import { UsageError } from '../../core/errors.js';
import { getContext } from '../../operations/context.js';
import { missingRequest, refineContext } from '../../operations/refine.js';
import { hydrateEpisode } from '../../operations/memory.js';
import type { Answer } from './cap.js';
import { answerReserve, episodeAnswer, packageAnswer } from './context-answer.js';
import type { Tool, ToolContext } from './tools.js';

const maxTokens = z.number().int().min(1000).max(MAX_MCP_TOKENS).optional().describe(`Answer size cap in tokens (default 8000, max ${MAX_MCP_TOKENS})`);

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
    history: z.number().int().min(0).max(MAX_HISTORY_COMMITS).optional().describe('Also show this many recent commits of each main file (how the code came to be)'),
    section_shares: z.record(z.string(), z.number()).optional().describe('Budget shares by section (primary, supporting, historical, supplementary), each 0-1, sum ≤ 1'),
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
  const reserve = answerReserve(cap);
  if (args.conversation_id !== undefined) {
    const conversationId = args.conversation_id;
    const { hydration, rendered } = await context.withIndex((view) => hydrateEpisode(view, { query: args.task!, conversationId, maxTokens: cap - reserve, format: 'markdown', resendUnchanged: args.resend_unchanged === true }));
    return episodeAnswer(context.counter, hydration, rendered, cap);
  }
  // Rendered once, as markdown: the pipeline counts that render against the budget, and it is the text block.
  const answer = await context.withIndex((view) =>
    refining
      ? refineContext(view, { taskId: args.task_id!, request: missingRequest(view, args.missing ?? [], args.error), format: 'markdown' })
      : getContext(view, { task: args.task!, taskId: args.task_id, budget: { contextWindow: cap, reservedTokens: reserve }, format: 'markdown', history: args.history, sectionShares: args.section_shares }),
  );
  return packageAnswer(context.counter, answer, cap);
}

const loose = <T extends z.ZodRawShape>(shape: T): z.ZodObject => z.object(shape).loose();

export const GET_CONTEXT: Tool = {
  name: 'get_context',
  description:
    'Start here for a coding task in this repository. Returns the code the task needs (functions to change, their callers, callees and tests), ranked, fitted to a token budget, each item with why it was picked; says first whether anything here matches the task (match: strong, weak or none). To get more: call again with task_id and missing.',
  input: getContextInput,
  // Item metadata only: the code is in the text block (context-answer.ts).
  output: loose({ task_id: z.string().optional(), episode_id: z.string().optional(), match: z.enum(MATCH_STRENGTHS).optional(), items: z.array(z.object({ path: z.string(), lines: z.array(z.number()) }).loose()) }),
  // Writes only cairn's own records (the raw log, episode memory), never the repository.
  readOnly: true,
  run: runGetContext as Tool['run'],
};
