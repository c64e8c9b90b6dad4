// Documentation for regex-found definitions: the comment block directly above (no blank
// line between, attributes allowed), and Python docstrings. Cleaned by the same helpers
// the tree-sitter extractors use, so both paths store docs alike.

import { cleanCommentBlock, cleanDocstring } from '../text.js';
import { lineText, type Scanned } from './scan.js';

/** Lines that may sit between a doc comment and its definition: `#[attr]`, `[Attr]`. */
const ATTRIBUTE_LINE = /^(?:#!?\[.*\]|\[[^\]]*\])$/;
const MAX_DOC_LINES = 200;

/** The cleaned comment block ending right above `line` (0-based), or null. */
export function leadingDoc(scanned: Scanned, line: number): string | null {
  const collected: string[] = [];
  for (let l = line - 1; l >= 0 && collected.length < MAX_DOC_LINES; l--) {
    const code = lineText(scanned, scanned.code, l).trim();
    if (code !== '') {
      if (ATTRIBUTE_LINE.test(code) && collected.length === 0) continue;
      break;
    }
    if (!scanned.hasComment[l]) break;
    collected.push(lineText(scanned, scanned.source, l).trim());
  }
  if (collected.length === 0) return null;
  return cleanCommentBlock(toComments(collected.reverse()));
}

/** Groups source lines into comment tokens: a block comment spanning lines becomes one. */
function toComments(lines: string[]): string[] {
  const comments: string[] = [];
  let block: string[] | null = null;
  for (const line of lines) {
    if (block) {
      block.push(line);
      if (line.includes('*/')) {
        comments.push(block.join('\n'));
        block = null;
      }
    } else if (line.startsWith('/*') && !line.includes('*/', 2)) block = [line];
    else comments.push(line);
  }
  if (block) comments.push(block.join('\n'));
  return comments;
}

const DOCSTRING_START = /^[rRuUbB]{0,2}("""|'''|"|')/;

/** The docstring opening the body that starts at `from` (just past the header's ":"). */
export function pythonDocstring(scanned: Scanned, from: number): string | null {
  const { code, source } = scanned;
  let at = from;
  const stop = Math.min(code.length, from + 2000);
  while (at < stop && /\s/.test(code[at]!)) at++;
  const m = DOCSTRING_START.exec(source.slice(at, at + 5));
  if (!m) return null;
  const quote = m[1]!;
  const open = at + m[0].length;
  const close = quote.length === 3 ? source.indexOf(quote, open) : code.indexOf(quote, open);
  if (close < 0) return null;
  return cleanDocstring(source.slice(at, close + quote.length));
}
