// Nesting facts from the code view, in one linear pass: which "{" closes where, which
// "{" encloses each line's start, and how deep in ( and [ each line starts. Unbalanced
// input is tolerated: a stray "}" is ignored, an unclosed "{" runs to the end of file.

import type { Scanned } from './scan.js';

export interface Structure {
  /** Index of "{" → 1 + index of its matching "}" (the source length + 1 when unclosed); 0 elsewhere. */
  closeAfter: Int32Array;
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
  const closeAfter = new Int32Array(code.length);
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
      braces.push(i);
    } else if (c === 125) {
      const open = braces.pop();
      if (open !== undefined) closeAfter[open] = i + 1;
    } else if (c === 40 || c === 91) parens++;
    else if ((c === 41 || c === 93) && parens > 0) parens--;
  }
  for (const open of braces) closeAfter[open] = code.length + 1;
  return { closeAfter, braceAtLine, parenAtLine, bracketsAtLine };
}

/** Index of the "}" matching the "{" at `open` (the source length when unclosed). */
export function closeOf(structure: Structure, open: number): number {
  return structure.closeAfter[open]! - 1;
}

const CONTINUATION_ENDINGS = new Set([',', '(', '=', ':', '&', '|', '+', '.', '\\']);
const CONTINUATION_STARTS =
  /^(?:[{:.,&|+<>?]|->|=>|throws\b|where\b|extends\b|implements\b|with\b|requires\b)/;

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
    else if (c === '{' && isTypeLiteral(code, from, i)) i = Math.max(i, closeOf(structure, i));
    else if (c === '{') return { open: i, end: Math.min(code.length, closeOf(structure, i) + 1) };
    else if (c === ';' || c === '}') return { open: null, end: c === ';' ? i + 1 : trimmedEnd(code, from, i) };
    else if (c === '\n' && !continues(code, from, i)) return { open: null, end: trimmedEnd(code, from, i) };
  }
  return { open: null, end: trimmedEnd(code, from, stop) };
}

/** `): { a: T } {`, `A | { b: U }`, `Promise<{ c: V }>` — after ":", "|", "&" or "<" a "{" opens a type, not the body. */
function isTypeLiteral(code: string, from: number, brace: number): boolean {
  let p = brace - 1;
  while (p > from && (code[p] === ' ' || code[p] === '\t' || code[p] === '\n' || code[p] === '\r')) p--;
  return p > from && ':|&<'.includes(code[p]!);
}

/** Whether the header goes on past the newline at `nl`. */
function continues(code: string, from: number, nl: number): boolean {
  const before = trimmedEnd(code, from, nl);
  if (before > from && CONTINUATION_ENDINGS.has(code[before - 1]!)) return true;
  const lastTwo = code.slice(Math.max(from, before - 2), before);
  if (lastTwo === '=>' || lastTwo === '->') return true;
  if (/\b(?:where|extends|implements|throws)$/.test(code.slice(Math.max(from, before - 12), before))) return true;
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
