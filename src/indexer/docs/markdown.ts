// Markdown sections: ATX (`#`..`######`) and setext (`===` / `---` under a paragraph)
// headings, ignoring lines inside fenced code blocks and YAML/TOML front matter.

import { HeadingStack, isBlank, sectionsFromHeadings, type ParsedDocument } from './sections.js';

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
/** Lines that cannot be (part of) a setext heading's text. */
const NOT_PARAGRAPH = /^( {4,}|\t| {0,3}([-*+]|\d+[.)])[ \t]| {0,3}>| {0,3}\|)/;

/** Marks lines that are code (fences included) or front matter: no headings there. */
function literalLines(lines: readonly string[]): boolean[] {
  const literal = new Array<boolean>(lines.length).fill(false);
  let i = 0;
  const matter = lines[0]?.trimEnd();
  if (matter === '---' || matter === '+++') {
    const close = lines.findIndex((line, at) => at > 0 && (line.trimEnd() === matter || (matter === '---' && line.trimEnd() === '...')));
    if (close > 0) for (; i <= close; i++) literal[i] = true;
  }
  for (; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]!);
    if (!open || (open[1]![0] === '`' && open[2]!.includes('`'))) continue;
    const fence = open[1]!;
    literal[i] = true;
    for (i++; i < lines.length; i++) {
      literal[i] = true;
      const line = lines[i]!.trim();
      if (line.length >= fence.length && line === fence[0]!.repeat(line.length)) break;
    }
  }
  return literal;
}

/** Heading text without inline HTML (badges, anchors) and runs of spaces. */
function cleanTitle(raw: string): string {
  return raw.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
}

function atxTitle(line: string): { level: number; title: string } | null {
  const match = ATX.exec(line);
  if (!match) return null;
  return { level: match[1]!.length, title: cleanTitle((match[2] ?? '').replace(/(^|[ \t]+)#+$/, '')) };
}

/** First line of the paragraph ending at `last`, or -1 when `last` is no paragraph text. */
function paragraphStart(lines: readonly string[], literal: readonly boolean[], last: number, headingLines: ReadonlySet<number>): number {
  let first = -1;
  for (let i = last; i >= 0; i--) {
    const line = lines[i]!;
    if (isBlank(line) || literal[i] || headingLines.has(i) || NOT_PARAGRAPH.test(line) || atxTitle(line)) break;
    first = i;
  }
  return first;
}

export function parseMarkdown(lines: readonly string[]): ParsedDocument {
  const literal = literalLines(lines);
  const stack = new HeadingStack();
  const headings: { line: number; path: string[] }[] = [];
  const headingLines = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (literal[i]) continue;
    const line = lines[i]!;
    const atx = atxTitle(line);
    if (atx) {
      headings.push({ line: i, path: stack.push(atx.level, atx.title) });
      headingLines.add(i);
      continue;
    }
    const underline = SETEXT_UNDERLINE.exec(line);
    const first = underline && i > 0 ? paragraphStart(lines, literal, i - 1, headingLines) : -1;
    if (underline && first >= 0) {
      const title = cleanTitle(lines.slice(first, i).join(' '));
      headings.push({ line: first, path: stack.push(underline[1]![0] === '=' ? 1 : 2, title) });
      for (let at = first; at <= i; at++) headingLines.add(at);
    }
  }
  return {
    sections: sectionsFromHeadings(lines.length, headings),
    breakAfter: (line) => isBlank(lines[line] ?? '') && !literal[line],
  };
}
