// How strongly this repository matches the task, decided after the stages ranked its code:
// strong when an anchor of the task resolves (a stack frame inside the project, a path or
// module it names, a name it writes as code) or when the strongest candidates hold most of
// the task's specific vocabulary; none when neither holds anything worth the name; weak in
// between. The vocabulary is the task's words weighted by emphasis and specificity
// (task-vocabulary.ts): rare in the index, not ordinary English. A word the index lacks
// counts against the match as much as a found one counts for it, so a task from another
// project — whose names and terms of art are not here — is told apart from a short task
// about this one.

import type { MatchStrength } from '../../core/context-package.js';
import { codeTokens, pathTokens } from '../../core/tokens.js';
import type { EnglishWords } from '../../search/query/english.js';
import { parseIssueText } from '../../search/query/issue-text.js';
import type { KnowledgeBase, RetrievalContext } from '../stages/stage.js';
import type { TaskQuery } from '../task/task-query.js';
import type { MatchTuning } from '../tuning.js';
import { strongestAnchor, type AnchorEvidence } from './anchor-evidence.js';
import { topCandidates, type CandidateText } from './top-candidates.js';
import { taskVocabulary, type TaskWord } from './task-vocabulary.js';

/** What one of the strongest candidates holds of the task's specific words. */
export interface CandidateCoverage {
  /** Entity key or path. */
  key: string;
  /** Share of the specific vocabulary (weighted) it holds. */
  coverage: number;
  /** The task's words it holds and lacks, most important first. */
  holds: string[];
  lacks: string[];
}

export interface MatchAssessment {
  strength: MatchStrength;
  /** Share of the task's specific vocabulary (weighted) the top candidates hold together. */
  coverage: number;
  /** Share of it the index holds anywhere. */
  presence: number;
  /** The strongest anchor that resolved, or null. */
  anchor: AnchorEvidence | null;
  /** The top candidates, strongest first, with what each holds. */
  candidates: CandidateCoverage[];
  /** The task's words as weighed, most important first. */
  words: (TaskWord & { importance: number; covered: boolean })[];
  /** One line: the evidence behind the verdict. */
  summary: string;
}

export function assessMatch(context: RetrievalContext, kb: KnowledgeBase, task: TaskQuery, english: EnglishWords, tuning: MatchTuning): MatchAssessment {
  const issue = parseIssueText(task.text);
  const vocabulary = taskVocabulary(issue, english, (target, tokens) => kb.reader.termStats(target, tokens));
  const texts = topCandidates(context, kb, tuning.topCandidates);
  const held = texts.map((candidate) => candidateTokens(candidate));
  const words = vocabulary.map((word) => ({ ...word, importance: importance(word, tuning), covered: held.some((tokens) => tokens.has(word.token)) }));
  // An everyday word the repository does not use ("charging", "twice") says nothing either
  // way: small repositories lack most of English. Every other word counts, found or not.
  const counted = words.filter((word) => isPresent(word) || !isOrdinary(word, tuning));
  const presence = share(counted, (word) => word.importance, isPresent);
  const coverage = share(counted, specificWeight, (word) => word.covered);
  const anchor = strongestAnchor(task, vocabulary);
  const candidates = texts.map((candidate, index) => candidateCoverage(candidate.key, held[index]!, words));
  const strength = decide({ presence, coverage, anchor }, tuning);
  const byImportance = [...words].sort((a, b) => specificWeight(b) - specificWeight(a));
  return { strength, coverage, presence, anchor, candidates, words: byImportance, summary: summarize(strength, { presence, coverage, anchor }, byImportance) };
}

type WeighedWord = TaskWord & { importance: number; covered: boolean };

/** How much a word counts in the task: where it is written, less when it is everyday English. */
function importance(word: TaskWord, tuning: MatchTuning): number {
  return Math.sqrt(word.emphasis) * (isOrdinary(word, tuning) ? tuning.ordinaryWordWeight : 1);
}

function isOrdinary(word: TaskWord, tuning: MatchTuning): boolean {
  return word.englishRank !== null && word.englishRank <= tuning.ordinaryEnglishRank;
}

function isPresent(word: TaskWord): boolean {
  return word.df > 0 || word.fileDf > 0;
}

/** Importance times specificity: what finding the word in a candidate is worth. */
function specificWeight(word: WeighedWord): number {
  return word.importance * word.specificity;
}

function share(words: readonly WeighedWord[], weight: (word: WeighedWord) => number, keep: (word: WeighedWord) => boolean): number {
  const total = words.reduce((sum, word) => sum + weight(word), 0);
  return total > 0 ? words.filter(keep).reduce((sum, word) => sum + weight(word), 0) / total : 0;
}

interface Evidence {
  presence: number;
  coverage: number;
  anchor: AnchorEvidence | null;
}

function decide(evidence: Evidence, tuning: MatchTuning): MatchStrength {
  const anchor = evidence.anchor?.weight ?? 0;
  if (anchor >= tuning.strongAnchor) return 'strong';
  if (evidence.presence >= tuning.strongPresence && evidence.coverage >= tuning.strongCoverage) return 'strong';
  if (anchor >= tuning.weakAnchor) return 'weak';
  return evidence.presence < tuning.nonePresence && evidence.coverage < tuning.noneCoverage ? 'none' : 'weak';
}

/** The tokens a candidate holds: its text's code tokens and its path's. */
function candidateTokens(candidate: CandidateText): Set<string> {
  return new Set([...codeTokens(candidate.text), ...pathTokens(candidate.path)]);
}

function candidateCoverage(key: string, tokens: Set<string>, words: readonly WeighedWord[]): CandidateCoverage {
  const ordered = words.filter((word) => specificWeight(word) > 0).sort((a, b) => specificWeight(b) - specificWeight(a));
  const holds = ordered.filter((word) => tokens.has(word.token));
  return { key, coverage: share(words, specificWeight, (word) => tokens.has(word.token)), holds: holds.map((word) => word.word), lacks: ordered.filter((word) => !tokens.has(word.token)).map((word) => word.word) };
}

const LISTED_WORDS = 4;

function summarize(strength: MatchStrength, evidence: Evidence, words: readonly WeighedWord[]): string {
  const missing = words.filter((word) => word.df === 0 && word.fileDf === 0).slice(0, LISTED_WORDS).map((word) => word.word);
  const found = words.filter((word) => word.covered).slice(0, LISTED_WORDS).map((word) => word.word);
  const parts = [
    `this repository holds ${percent(evidence.presence)} of the task's words${missing.length > 0 ? ` (not: ${missing.join(', ')})` : ''}`,
    `its strongest candidates ${percent(evidence.coverage)} of the specific ones${found.length > 0 ? ` (${found.join(', ')})` : ''}`,
    evidence.anchor === null ? 'no path, frame or name of the task resolves' : `anchor: ${evidence.anchor.what}`,
  ];
  const lead = { strong: 'the task matches this repository', weak: 'only a weak match', none: 'nothing in this repository matches the task' }[strength];
  return `${lead}: ${parts.join('; ')}`;
}

function percent(value: number): string {
  return `${Math.round(value * 100)} %`;
}
