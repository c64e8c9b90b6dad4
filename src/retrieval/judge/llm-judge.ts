// The model as judge: one strict-JSON call per stage — the task and numbered candidates
// with summaries in, a class per number out, validated (unknown numbers or classes are
// rejected and retried by the client). Numbers instead of paths keep the answer short and
// leave the model nothing to misspell.

import { z } from 'zod';
import { jsonContract } from '../../providers/llm/contract.js';
import type { TaskQuery } from '../task/task-query.js';
import { proposalsOf, required, type Judge, type JudgeKind, type JudgeRequest, type Judgement } from './judge.js';
import type { ModelGateway } from '../task/model-gateway.js';

/** Candidates beyond this many keep their proposed class (a prompt stays a few thousand tokens). */
export const MAX_JUDGED_CANDIDATES = 80;
const TASK_EXCERPT_CHARS = 3000;

export function llmJudge(gateway: ModelGateway): Judge {
  return {
    kind: 'llm',
    async judge<C extends string>(task: TaskQuery, request: JudgeRequest<C>): Promise<Judgement<C>> {
      const sent = request.candidates.slice(0, MAX_JUDGED_CANDIDATES);
      if (sent.length === 0) return proposalsOf(request, 'llm');
      const contract = jsonContract(verdictSchema(request.classes, sent.length));
      const answer = await gateway.ask(request.stage, `judge ${request.subject}`, {
        system: systemPrompt(request),
        user: userPrompt(task, request, sent.length),
        ...contract,
        schemaName: 'relevance',
        temperature: 0,
      });
      if (answer === null) return proposalsOf(request, 'fallback');
      return mergeAnswer(request, sent.length, new Map(answer.verdicts.map((verdict) => [verdict.n, verdict.class])));
    },
  };
}

type Verdicts<C extends string> = Map<number, C>;

function mergeAnswer<C extends string>(request: JudgeRequest<C>, sentCount: number, answer: Verdicts<C>): Judgement<C> {
  const classes = new Map<string, C>();
  const by = new Map<string, JudgeKind>();
  request.candidates.forEach((candidate, index) => {
    const answered = index < sentCount ? answer.get(index + 1) : undefined;
    classes.set(candidate.id, answered ?? candidate.proposed);
    // A candidate the model was not shown, or skipped, keeps the stage's own class.
    by.set(candidate.id, answered === undefined ? 'deterministic' : 'llm');
  });
  return { classOf: (id) => required(classes.get(id), id), byWhom: (id) => required(by.get(id), id) };
}

function systemPrompt<C extends string>(request: JudgeRequest<C>): string {
  const meanings = request.classes.map((name) => `- ${name}: ${request.meanings[name]}`).join('\n');
  return [
    `You are the relevance judge of a code retrieval engine. A developer (or coding agent) has a task; you decide which ${request.subject} of the repository they need to see to do it.`,
    `Put every numbered candidate in exactly one class:\n${meanings}`,
    'Judge from the task and the one-line summaries only. Answer for every number you are given.',
  ].join('\n\n');
}

function userPrompt<C extends string>(task: TaskQuery, request: JudgeRequest<C>, count: number): string {
  const excerpt = task.text.length > TASK_EXCERPT_CHARS ? `${task.text.slice(0, TASK_EXCERPT_CHARS)}…` : task.text;
  const intent = task.intent ? `\nIntent: ${task.intent.summary}` : '';
  const lines = request.candidates.slice(0, count).map((candidate, index) => `${index + 1}. ${candidate.summary}`);
  return `Task (${task.type.replace('_', ' ')}):\n${excerpt}${intent}\n\nCandidate ${request.subject}:\n${lines.join('\n')}`;
}

/** The answer: a class for each candidate number shown (1..count); sent to the model as JSON Schema too. */
function verdictSchema<C extends string>(classes: readonly C[], count: number) {
  return z
    .object({
      verdicts: z.array(z.object({ n: z.number().int().min(1).max(count), class: z.enum(classes as unknown as [C, ...C[]]) }).strict()),
    })
    .strict();
}
