// The pipeline's raw-log payloads as it writes them; their shapes (and the validation
// `cairn explain` applies when reading them back) are in log-schemas.ts.

import type { Assembled } from '../assembly/package.js';
import type { TaskQuery } from '../task/task-query.js';
import type { BudgetRecord } from '../../runlog/log-schemas.js';

export type { BudgetRecord, DecisionRecord, DiagnosisEscalation, DiagnosisRetrieval, LlmCallRecord, RunFinished, RunStarted } from '../../runlog/log-schemas.js';

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
