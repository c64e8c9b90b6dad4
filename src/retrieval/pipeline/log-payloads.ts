// The pipeline's raw-log payloads as it writes them; their shapes (and the validation
// `cairn explain` applies when reading them back) are in log-schemas.ts.

import type { Assembled } from '../assembly/package.js';
import type { TaskQuery } from '../task/task-query.js';
import type { MatchAssessment } from '../match/assess-match.js';
import type { BudgetRecord, MatchRecord } from './log-schemas.js';

export type { BudgetRecord, MatchRecord, DecisionRecord, DiagnosisEscalation, DiagnosisRetrieval, LlmCallRecord, RunFinished, RunStarted } from './log-schemas.js';

export function budgetRecord(assembled: Assembled): BudgetRecord {
  const { budget, items } = assembled.package;
  return {
    contextWindow: budget.contextWindow,
    reservedTokens: budget.reservedTokens,
    available: budget.available,
    used: budget.used,
    format: budget.format,
    tokenizer: budget.tokenizer,
    candidates: assembled.candidates.length,
    included: items.map((item) => ({
      id: item.symbolKey ?? item.path,
      tier: item.provenance.tier,
      detail: item.detail,
      tokens: item.tokens,
      demotedFrom: item.demotedFrom,
    })),
    demoted: budget.demoted,
    evicted: budget.evicted,
    deduplicated: budget.deduplicated,
  };
}

/** What the log keeps of the task analysis (the ranked lists are cut to their heads). */
export function analysisRecord(task: TaskQuery): Record<string, unknown> {
  return {
    event: 'analysis',
    type: task.type,
    typeEvidence: task.typeEvidence,
    mentionedFiles: task.mentionedFiles,
    mentionedSymbols: task.mentionedSymbols.slice(0, 50),
    frames: task.frames,
    errorTypes: task.errorTypes,
    errorLines: task.errorLines,
    keywords: task.keywords,
    requested: task.requested,
    intent: task.intent,
    rankedFiles: task.ranked.files.slice(0, 20).map((file) => ({ path: file.path, score: file.score })),
    rankedSymbols: task.ranked.symbols.slice(0, 20).map((symbol) => ({ key: symbol.key, score: symbol.score })),
  };
}

/** The match assessment as logged: the verdict, its summary and the evidence it was decided on. */
export function matchRecord(match: MatchAssessment): MatchRecord {
  const round = (value: number): number => Math.round(value * 1000) / 1000;
  return {
    event: 'match',
    message: match.summary,
    strength: match.strength,
    coverage: round(match.coverage),
    presence: round(match.presence),
    anchor: match.anchor === null ? null : { weight: round(match.anchor.weight), what: match.anchor.what },
    words: match.words.map((word) => ({
      word: word.word,
      emphasis: round(word.emphasis),
      codeLike: word.codeLike,
      englishRank: word.englishRank,
      df: word.df,
      fileDf: word.fileDf,
      specificity: round(word.specificity),
      covered: word.covered,
    })),
    candidates: match.candidates.map((candidate) => ({ key: candidate.key, coverage: round(candidate.coverage), holds: candidate.holds, lacks: candidate.lacks })),
  };
}
