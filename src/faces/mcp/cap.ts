// Every MCP answer stays under its token cap, counted with o200k on what the client passes
// to the model. Clients differ: some hand the model the text block, some the structured
// content as JSON, some both; so the cap holds for the two together, and then for either
// alone. What does not fit is cut from the end of the answer's main list (or its code),
// and the answer says what was left out and how to get it.

import type { TokenCounter } from '../../retrieval/budget/tokens.js';

export interface Answer {
  structured: Record<string, unknown>;
  text: string;
}

export interface Cut {
  /** The list in `structured` to shorten, or the string of code to cut by lines. */
  field: string;
  /** What to tell the model about the rest, given how much was left out. */
  note(left: number, kept: number): string;
  /** The text block for a (possibly cut) structured answer. */
  text(structured: Record<string, unknown>): string;
}

/** What the answer costs a client that hands the model both parts: the text block and the structured content as JSON. */
export function tokensOf(counter: TokenCounter, answer: Answer): number {
  return counter.count(answer.text) + counter.count(JSON.stringify(answer.structured));
}

/**
 * The answer built from the largest number of units (0..total) that fits under the cap, or
 * null when not even `build(0)` fits. `build` must shrink as `kept` does; `build(total)` is
 * tried first, so an answer that fits is built once.
 */
export function fitPrefix(counter: TokenCounter, cap: number, total: number, build: (kept: number) => Answer): Answer | null {
  const whole = build(total);
  if (tokensOf(counter, whole) <= cap) return whole;
  let low = 0;
  let high = total - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (tokensOf(counter, build(middle)) <= cap) low = middle;
    else high = middle - 1;
  }
  const fitted = build(low);
  return tokensOf(counter, fitted) <= cap ? fitted : null;
}

/** The answer as it is when it fits; else cut to the largest prefix of `cut.field` that fits, with a note. */
export function fitAnswer(counter: TokenCounter, answer: Answer, cap: number, cut: Cut): Answer {
  if (tokensOf(counter, answer) <= cap) return answer;
  const value = answer.structured[cut.field];
  const isList = Array.isArray(value);
  const units: unknown[] = isList ? value : typeof value === 'string' ? value.split('\n') : [];
  const build = (kept: number): Answer => {
    const part = isList ? units.slice(0, kept) : (units.slice(0, kept) as string[]).join('\n');
    const structured = { ...answer.structured, [cut.field]: part, omitted: cut.note(units.length - kept, kept) };
    return { structured, text: cut.text(structured) };
  };
  // The whole answer did not fit: the search starts below it.
  return fitPrefix(counter, cap, Math.max(units.length - 1, 0), build) ?? nothingFits(cut.note(units.length, 0));
}

/** Nothing of the list fits next to the rest (a huge task text echoed back): say so only. */
export function nothingFits(note: string): Answer {
  return { structured: { omitted: note }, text: note };
}
