// The budget stage's public surface: fit ranked candidates into a token budget.

export { fitToBudget, EMPTY_FRAME, type FitResult } from './fit.js';
export { availableTokens, type TokenBudget } from './limits.js';
export { countAtMost, createO200kCounter, withSafetyMargin, type TokenCounter } from './tokens.js';
