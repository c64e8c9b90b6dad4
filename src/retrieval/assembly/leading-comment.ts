// The comment written right above a definition (JSDoc, `//` lines, Rust's `///`, Python's
// `#` lines) is outside the definition's extracted range, though it documents it: where a
// task is about documentation, that comment is what it changes, so the definition is shown
// with it.

import type { SourceLines } from '../../core/source-lines.js';

/** Lines that continue a comment block, by language family. */
const SLASH_COMMENT = /^\s*(\/\/|\/\*|\*)/;
const HASH_COMMENT = /^\s*#/;
/** A decorator or attribute line between the comment and the definition (`@Component(…)`, `#[derive]`). */
const DECORATOR = /^\s*(@[\w.]+|#\[)/;

function isCommentLine(text: string, language: string): boolean {
  if (language === 'python' || language === 'ruby' || language === 'shell') return HASH_COMMENT.test(text);
  return SLASH_COMMENT.test(text);
}

/**
 * The first line of the comment block directly above line `start` (no blank line between),
 * or `start` itself when there is none. Decorator lines directly above are stepped over.
 */
export function leadingCommentStart(lines: SourceLines, start: number, language: string): number {
  let line = start - 1;
  while (line >= 1 && DECORATOR.test(lines.line(line)) && !isCommentLine(lines.line(line), language)) line -= 1;
  let first = start;
  while (line >= 1 && isCommentLine(lines.line(line), language)) {
    first = line;
    line -= 1;
  }
  return first;
}
