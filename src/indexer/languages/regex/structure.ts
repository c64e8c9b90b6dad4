// Nesting facts from the code view, in one linear pass: which "{" closes where, which
// "{" encloses each line's start, and how deep in ( and [ each line starts. Unbalanced
// input is tolerated: a stray "}" is ignored, an unclosed "{" runs to the end of file.

import type { Scanned } from './scan.js';

export interface Structure {
  /** Index of "{" → index of its matching "}" (or the source length when unclosed). */
  closeOf: Map<number, number>;
  /** Index of "{" → index of the "{" enclosing it, or -1. */
  parentOf: Map<number, number>;
  /** Per line: index of the innermost "{" open at the line's start, or -1. */
  braceAtLine: Int32Array;
  /** Per line: depth of unclosed ( and [ at the line's start. */
  parenAtLine: Int32Array;
  /** Per line: depth of all unclosed brackets ( [ { at the line's start (Python). */
  bracketsAtLine: Int32Array;
}

export function buildStructure(scanned: Scanned): Structure {
  const { code, lineStarts } = scanned;
  const lines = lineStarts.length;
  const closeOf = new Map<number, number>();
  const parentOf = new Map<number, number>();
  const braceAtLine = new Int32Array(lines).fill(-1);
  const parenAtLine = new Int32Array(lines);
  const bracketsAtLine = new Int32Array(lines);
  const braces: number[] = [];
  let parens = 0;
  let line = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 10) {
      line++;
      braceAtLine[line] = braces.length > 0 ? braces[braces.length - 1]! : -1;
      parenAtLine[line] = parens;
      bracketsAtLine[line] = parens + braces.length;
    } else if (c === 123) {
      parentOf.set(i, braces.length > 0 ? braces[braces.length - 1]! : -1);
      braces.push(i);
    } else if (c === 125) {
      const open = braces.pop();
      if (open !== undefined) closeOf.set(open, i);
    } else if (c === 40 || c === 91) parens++;
    else if ((c === 41 || c === 93) && parens > 0) parens--;
  }
  for (const open of braces) closeOf.set(open, code.length);
  return { closeOf, parentOf, braceAtLine, parenAtLine, bracketsAtLine };
}

const CONTINUATION_ENDINGS = new Set([',', '(', '=', ':', '&', '|', '+', '.', '\\']);
const CONTINUATION_STARTS =
  /^(?:[{:.,&|+<>?]|->|=>|throws\b|where\b|extends\b|implements\b|with\b|requires\b|const\b|noexcept\b|override\b|final\b|mutable\b)/;

export interface BodySpan {
  /** Index of the body's "{", or null when the definition has none. */
  open: number | null;
  /** Index just past the definition's last character. */
  end: number;
}

/**
 * From a definition's start, the "{" that opens its body: the first "{" outside ( and [
 * before a ";" — following the header across lines only while it visibly continues.
 */
export function findBody(scanned: Scanned, structure: Structure, from: number, limit = 4000): BodySpan {
  const { code } = scanned;
  let depth = 0;
  const stop = Math.min(code.length, from + limit);
  for (let i = from; i < stop; i++) {
    const c = code[i]!;
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth > 0) continue;
    else if (c === '{') return { open: i, end: (structure.closeOf.get(i) ?? code.length - 1) + 1 };
    else if (c === ';' || c === '}') return { open: null, end: c === ';' ? i + 1 : trimmedEnd(code, from, i) };
    else if (c === '\n' && !continues(code, from, i)) return { open: null, end: trimmedEnd(code, from, i) };
  }
  return { open: null, end: trimmedEnd(code, from, stop) };
}

/** Whether the header goes on past the newline at `nl`. */
function continues(code: string, from: number, nl: number): boolean {
  const before = trimmedEnd(code, from, nl);
  if (before > from && CONTINUATION_ENDINGS.has(code[before - 1]!)) return true;
  const lastTwo = code.slice(Math.max(from, before - 2), before);
  if (lastTwo === '=>' || lastTwo === '->') return true;
  let next = nl + 1;
  while (next < code.length && (code[next] === ' ' || code[next] === '\t' || code[next] === '\r' || code[next] === '\n')) {
    next++;
    if (next - nl > 400) return false;
  }
  return CONTINUATION_STARTS.test(code.slice(next, next + 16));
}

function trimmedEnd(code: string, from: number, to: number): number {
  let end = to;
  while (end > from && /\s/.test(code[end - 1]!)) end--;
  return end;
}
