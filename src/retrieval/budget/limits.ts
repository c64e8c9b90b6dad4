// The budget numbers. cairn.yaml and flags are validated where they are read; this re-checks
// the invariants the fitter relies on, because a package built on impossible numbers would
// silently break the one promise the budget makes.

import { CairnError } from '../../core/errors.js';

export interface TokenBudget {
  /** The model's context window, in tokens. */
  contextWindow: number;
  /** Tokens kept free for the system prompt, the task and the answer. */
  reservedTokens: number;
}

/** contextWindow − reservedTokens, the most the rendered package may take. */
export function availableTokens(budget: TokenBudget): number {
  const { contextWindow, reservedTokens } = budget;
  if (!Number.isSafeInteger(contextWindow) || contextWindow <= 0) {
    throw budgetError(`context window must be a positive integer, got ${contextWindow}`);
  }
  if (!Number.isSafeInteger(reservedTokens) || reservedTokens < 0) {
    throw budgetError(`reserved tokens must be a non-negative integer, got ${reservedTokens}`);
  }
  if (reservedTokens >= contextWindow) {
    throw budgetError(`reserved tokens (${reservedTokens}) leave nothing of the context window (${contextWindow})`);
  }
  return contextWindow - reservedTokens;
}

function budgetError(message: string): CairnError {
  return new CairnError('BUDGET', message, {
    hint: 'Set retrieval.budget.context_window above retrieval.budget.reserved_tokens.',
  });
}
