// Judgement: candidates with one-line summaries in, a relevance class for each out. A stage
// proposes a class for every candidate from its deterministic evidence; the judge decides.
// Without a model the proposals stand (the deterministic judgement); with one, the model
// classifies and the proposals fill in whatever it left out.

import type { TaskQuery } from '../task/task-query.js';

/** Who decided: the stage's thresholds, the model, or the thresholds after the model failed. */
export type JudgeKind = 'deterministic' | 'llm' | 'fallback';

export interface JudgeCandidate<C extends string> {
  id: string;
  /** One line: path or signature, and the first line of its docstring. */
  summary: string;
  /** The class the stage's evidence points to. */
  proposed: C;
}

export interface JudgeRequest<C extends string> {
  stage: string;
  /** What the candidates are, for the prompt: "files", "symbols". */
  subject: string;
  classes: readonly C[];
  /** What each class means, one line each. */
  meanings: Readonly<Record<C, string>>;
  candidates: readonly JudgeCandidate<C>[];
}

export interface Judgement<C extends string> {
  classOf(id: string): C;
  /** How the class of `id` was decided. */
  byWhom(id: string): JudgeKind;
}

export interface Judge {
  /** 'llm' when a model is configured (it may still fall back per call). */
  readonly kind: 'deterministic' | 'llm';
  judge<C extends string>(task: TaskQuery, request: JudgeRequest<C>): Promise<Judgement<C>>;
}

/** The proposals stand: every class comes from the stage's own thresholds. */
export const deterministicJudge: Judge = {
  kind: 'deterministic',
  judge: async (_task, request) => proposalsOf(request, 'deterministic'),
};

export function proposalsOf<C extends string>(request: JudgeRequest<C>, by: JudgeKind): Judgement<C> {
  const proposed = new Map(request.candidates.map((candidate) => [candidate.id, candidate.proposed]));
  return {
    classOf: (id) => required(proposed.get(id), id),
    byWhom: () => by,
  };
}

export function required<T>(value: T | undefined, id: string): T {
  if (value === undefined) throw new RangeError(`no judgement for candidate ${id}`);
  return value;
}
