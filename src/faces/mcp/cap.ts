// Every MCP answer stays under its token cap, counted with o200k on what the client passes
// to the model: clients that understand structured content hand the model its JSON, the
// others the text block, so each of the two must fit. What does not fit is cut from the
// end of the answer's main list (or its code), and the answer says what was left out and
// how to get it.

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

export function tokensOf(counter: TokenCounter, answer: Answer): number {
  return Math.max(counter.count(JSON.stringify(answer.structured)), counter.count(answer.text));
}

/** The answer as it is when it fits; else cut to the largest prefix of `cut.field` that fits, with a note. */
export function fitAnswer(counter: TokenCounter, answer: Answer, cap: number, cut: Cut): Answer {
  if (tokensOf(counter, answer) <= cap) return answer;
  const value = answer.structured[cut.field];
  const isList = Array.isArray(value);
  const units: unknown[] = isList ? value : typeof value === 'string' ? value.split('\n') : [];
  const build = (kept: number): Answer => {
    const left = units.length - kept;
    const part = isList ? units.slice(0, kept) : (units.slice(0, kept) as string[]).join('\n');
    const structured = { ...answer.structured, [cut.field]: part, omitted: cut.note(left, kept) };
    return { structured, text: cut.text(structured) };
  };
  // The largest number of units that fits (the cut is monotone: fewer units, fewer tokens).
  let low = 0;
  let high = units.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (tokensOf(counter, build(middle)) <= cap) low = middle;
    else high = middle - 1;
  }
  const fitted = build(low);
  if (tokensOf(counter, fitted) <= cap) return fitted;
  // Nothing of the list fits next to the rest (a huge task text echoed back): say so only.
  const bare = { omitted: cut.note(units.length, 0) };
  return { structured: bare, text: bare.omitted };
}
