// reStructuredText sections: a title underlined (and optionally overlined) with a line of
// one repeated punctuation character. As in docutils, levels are not fixed per character:
// each new (character, overline?) style gets the next level in order of first appearance.

import { HeadingStack, isBlank, sectionsFromHeadings, type ParsedDocument } from './sections.js';

/** A line of one repeated ASCII punctuation character (trailing spaces allowed). */
const ADORNMENT = /^([!-/:-@[-`{-~])\1*[ \t]*$/;

function adornment(line: string | undefined): { char: string; length: number } | null {
  const match = line === undefined ? null : ADORNMENT.exec(line);
  return match ? { char: match[1]!, length: line!.trimEnd().length } : null;
}

/** docutils accepts a short underline only when it is at least 4 characters long. */
function underlineFits(title: string, length: number): boolean {
  return length >= [...title.trimEnd()].length || length >= 4;
}

interface Title {
  style: string;
  title: string;
  /** Lines the title occupies (2 or 3). */
  span: number;
}

/** The title starting at line i, if any. The caller ensures line i starts a block. */
function titleAt(lines: readonly string[], i: number): Title | null {
  const over = adornment(lines[i]);
  if (over) {
    const text = lines[i + 1];
    const under = adornment(lines[i + 2]);
    if (text === undefined || isBlank(text) || adornment(text) || !under) return null;
    if (under.char !== over.char || under.length !== over.length) return null;
    return { style: `${over.char}/over`, title: text.trim(), span: 3 };
  }
  const text = lines[i]!;
  const under = adornment(lines[i + 1]);
  if (isBlank(text) || /^\s/.test(text) || !under || !underlineFits(text, under.length)) return null;
  return { style: under.char, title: text.trim(), span: 2 };
}

export function parseRst(lines: readonly string[]): ParsedDocument {
  const styles: string[] = [];
  const stack = new HeadingStack();
  const headings: { line: number; path: string[] }[] = [];
  let titleEnd = -1;
  for (let i = 0; i < lines.length; i++) {
    // A title starts a block: the first line, after a blank line, or right after a title.
    if (i > 0 && i !== titleEnd && !isBlank(lines[i - 1]!)) continue;
    const title = titleAt(lines, i);
    if (!title) continue;
    if (!styles.includes(title.style)) styles.push(title.style);
    headings.push({ line: i, path: stack.push(styles.indexOf(title.style) + 1, title.title) });
    titleEnd = i + title.span;
    i = titleEnd - 1;
  }
  return {
    sections: sectionsFromHeadings(lines.length, headings),
    breakAfter: (line) => isBlank(lines[line] ?? ''),
  };
}
