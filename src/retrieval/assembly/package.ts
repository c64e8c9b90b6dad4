// Assembly: candidates fitted to the budget (retrieval/budget) and rendered (render/). The
// package is fitted for the format it is rendered in, so the promise "the render never
// exceeds contextWindow − reservedTokens" holds for that render.

import type { ContextItem, ContextPackage, RenderFormat } from '../../core/context-package.js';
import type { LineHistoryReader } from '../../core/line-history.js';
import type { FitResult } from '../budget/fit.js';
import type { SectionShares } from '../budget/section-shares.js';
import type { Fitter } from '../budget/fit-service.js';
import type { KnowledgeBase, RetrievalContext } from '../stages/stage.js';
import type { TaskQuery } from '../task/task-query.js';
import { matcherFor } from '../source/term-matcher.js';
import type { CandidateTuning, MatchTuning } from '../tuning.js';
import type { MatchAssessment } from '../match/assess-match.js';
import { candidatesForMatch, matchEvidence } from '../match/match-package.js';
import { buildCandidates } from './candidates.js';
import { candidateEdges } from './edges.js';
import { historySection } from './history.js';
import { fileSummaries } from './file-summaries.js';
import { itemSections } from './sections.js';

export interface AssembleOptions {
  format: RenderFormat;
  /** Fits and renders (in-process, or on the worker that holds the tokenizer). */
  fitter: Fitter;
  /** ISO 8601; given so that assembly stays deterministic. */
  createdAt: string;
  minCoChange: number;
  tuning: CandidateTuning;
  /** Recent commits per file for the historical section (0 or absent: none). */
  historyCommits?: number;
  /** Reads the lines commits changed inside definitions, for the historical section (absent: commit lines only). */
  lineHistory?: LineHistoryReader | null;
  /** Shares of the budget by section, when the caller asked for them (absent: one priority order). */
  sectionShares?: SectionShares;
  /** How strongly the repository matches the task: decides what the package may hold, and is stated first. */
  match: MatchAssessment;
  matchTuning: MatchTuning;
}

export interface Assembled {
  candidates: ContextItem[];
  fit: FitResult;
  package: ContextPackage;
  rendered: string;
}

export async function assemblePackage(context: RetrievalContext, kb: KnowledgeBase, task: TaskQuery, options: AssembleOptions): Promise<Assembled> {
  const built = buildCandidates(context, kb, { terms: matcherFor(task), frames: task.frames, tuning: options.tuning, docComments: isAboutDocs(task) });
  const candidates = candidatesForMatch(built, options.match, options.matchTuning);
  const paths = new Set(candidates.map((item) => item.path));
  const notes = [...context.notes, ...taskNotes(task), ...kb.sources.problems()];
  const shares = options.sectionShares;
  const history = await historySection(kb.reader, context, {
    commitsPerFile: options.historyCommits ?? 0,
    lines: options.lineHistory ?? null,
    ...(shares ? { share: shares.historical ?? 0 } : {}),
  });
  const { fit, rendered } = await options.fitter.fit({
    candidates,
    budget: { contextWindow: context.budget.contextWindow, reservedTokens: context.budget.reservedTokens },
    format: options.format,
    frame: {
      taskId: context.taskId,
      runId: context.runId,
      query: task.text,
      match: options.match.strength,
      matchEvidence: matchEvidence(options.match, options.matchTuning),
      notes,
      edges: candidateEdges(kb.reader, paths, options.minCoChange),
      history,
      summaries: fileSummaries(kb.enrichment, paths),
      createdAt: options.createdAt,
    },
    ...(shares ? { sections: { shares, of: itemSections(candidates, context, kb.reader) } } : {}),
  });
  return { candidates, fit, package: fit.package, rendered };
}

function taskNotes(task: TaskQuery): string[] {
  const notes = [`task type: ${task.type.replace('_', ' ')}`];
  if (task.intent) notes.push(`intent (model): ${task.intent.summary}`);
  return notes;
}

/**
 * Typed a docs task, or docs named in its title: "docs: fix useLinkClickHandler's description"
 * reads as a fix as much as docs, and changes the comment above the definition all the same.
 */
function isAboutDocs(task: TaskQuery): boolean {
  return task.type === 'docs' || task.typeEvidence.some((cue) => cue.startsWith('docs ← title:'));
}
