// Pure text clean-up for what extraction stores: signatures (one line, capped), leading
// comment blocks and Python docstrings (markers stripped, dedented, capped).

export const SIGNATURE_CAP = 400;
export const DOC_CAP = 2000;

/** Trims, collapses every whitespace run to one space, caps at `cap` characters. */
export function oneLine(text: string, cap: number = SIGNATURE_CAP): string {
  // Whitespace can only shrink the text, so a generous prefix is enough to fill the cap.
  const head = text.length > cap * 16 ? text.slice(0, cap * 16) : text;
  return capText(head.replace(/\s+/g, ' ').trim(), cap);
}

/** Cuts at `cap` characters without splitting a surrogate pair. */
export function capText(text: string, cap: number): string {
  if (text.length <= cap) return text;
  const last = text.charCodeAt(cap - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? cap - 1 : cap;
  return text.slice(0, end).trimEnd();
}

/**
 * The text of consecutive comments (`/** *\/`, `/* *\/`, `//`, `///`, `//!`, `#`) with
 * their markers removed, joined by newlines and dedented; null when nothing is left.
 */
export function cleanCommentBlock(comments: readonly string[]): string | null {
  const lines: string[] = [];
  for (const comment of comments) {
    if (comment.startsWith('/*')) lines.push(...blockCommentLines(comment));
    else lines.push(lineCommentText(comment));
  }
  return finishDoc(lines, false);
}

function blockCommentLines(comment: string): string[] {
  const match = /^\/\*([\s\S]*?)\*\/$/.exec(comment);
  const inner = (match?.[1] ?? comment.slice(2)).replace(/^[*!]/, '');
  const lines = inner.split(/\r?\n/).map((line) => line.replace(/^\s*\*(?!\/) ?/, '').trimEnd());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function lineCommentText(comment: string): string {
  return comment.replace(/^(?:\/\/[/!]?|#+!?) ?/, '').trimEnd();
}

/**
 * A Python string literal used as a docstring, as `inspect.cleandoc` would show it:
 * prefix and quotes removed, first line stripped, the rest dedented by their common margin.
 */
export function cleanDocstring(literal: string): string | null {
  const unprefixed = literal.replace(/^[rRuUbBfF]{0,2}/, '');
  const quote = unprefixed.startsWith('"""') || unprefixed.startsWith("'''") ? 3 : 1;
  const closing = unprefixed.slice(0, quote);
  const body = unprefixed.endsWith(closing) && unprefixed.length >= quote * 2
    ? unprefixed.slice(quote, unprefixed.length - quote)
    : unprefixed.slice(quote);
  const lines = body.replace(/\t/g, '        ').split(/\r?\n/);
  lines[0] = (lines[0] ?? '').trimStart();
  return finishDoc(lines, true);
}

/**
 * Dedents by the lines' common margin, trims, caps. A docstring's first line sits right
 * after the quotes, so its indentation says nothing about the margin.
 */
function finishDoc(lines: string[], firstLineAfterQuotes: boolean): string | null {
  const margin = commonMargin(lines, firstLineAfterQuotes);
  const dedented = lines.map((line) => (line.length >= margin && line.slice(0, margin).trim() === '' ? line.slice(margin) : line.trimStart()));
  const text = dedented.map((line) => line.trimEnd()).join('\n').trim();
  return text.length === 0 ? null : capText(text, DOC_CAP);
}

function commonMargin(lines: readonly string[], skipFirst: boolean): number {
  let margin = Number.POSITIVE_INFINITY;
  lines.forEach((line, index) => {
    if (line.trim() === '' || (skipFirst && index === 0)) return;
    margin = Math.min(margin, line.length - line.trimStart().length);
  });
  return Number.isFinite(margin) ? margin : 0;
}
