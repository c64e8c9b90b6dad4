// A file's text by lines, the one way code is cut for an agent: an agent edits by
// search/replace on the text it was shown, so every piece of code it is shown is the file's
// own lines, byte for byte (indentation, tabs, trailing spaces, "\r\n" as written), and
// whatever is left out between them is one whole line saying which lines are missing.
//
// Lines are counted as the index counts them: a line ends at "\n" ("\r\n" is one line
// break), and a final line break does not open another line. A piece `first..last` holds
// those lines with the breaks between them; the break after `last` is not part of it (the
// code block that shows it ends there), so a piece never gains or loses a line.

import { elisionMark } from './context-package.js';

export class SourceLines {
  /** Per line (0-based), the index its text starts at; then where a next line would start. */
  private readonly starts: number[];

  private constructor(readonly text: string) {
    const starts = [0];
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    // A final "\n" ends the last line rather than opening an empty one; nor does an empty text have one.
    const closed = text.endsWith('\n');
    if (closed || text.length === 0) starts.pop();
    // Where the line after the last would start: past its "\n", or one past the end without one.
    starts.push(closed ? text.length : text.length + 1);
    this.starts = starts;
  }

  static of(text: string): SourceLines {
    return new SourceLines(text);
  }

  /** Lines in the file (0 for an empty file). */
  get count(): number {
    return this.starts.length - 1;
  }

  /** Line `line` (1-based) without its line break ("\n" or "\r\n"); '' outside the file. */
  line(line: number): string {
    if (line < 1 || line > this.count) return '';
    return this.text.slice(this.starts[line - 1]!, this.contentEnd(line));
  }

  /** The line break after line `line`: "\r\n", "\n", or '' for a last line without one. */
  breakAfter(line: number): string {
    if (line < 1 || line > this.count) return '';
    return this.text.slice(this.contentEnd(line), Math.min(this.text.length, this.starts[line]!));
  }

  /** Lines first..last (1-based, inclusive, clamped to the file) as written; '' when none. */
  slice(first: number, last: number): string {
    const from = Math.max(1, first);
    const to = Math.min(this.count, last);
    if (to < from) return '';
    return this.text.slice(this.starts[from - 1]!, this.contentEnd(to));
  }

  /**
   * Lines first..last where `keep(line)` holds, each run of the others replaced by one
   * gap line (`elisionMark`, indented like the code around it, ending in the line break of
   * the last line it stands for). All lines kept: the same as `slice`.
   */
  excerpt(first: number, last: number, keep: (line: number) => boolean): string {
    const from = Math.max(1, first);
    const to = Math.min(this.count, last);
    const out: string[] = [];
    for (let line = from; line <= to; ) {
      if (keep(line)) {
        let end = line;
        while (end + 1 <= to && keep(end + 1)) end += 1;
        out.push(this.slice(line, end), end < to ? this.breakAfter(end) : '');
        line = end + 1;
        continue;
      }
      let end = line;
      while (end + 1 <= to && !keep(end + 1)) end += 1;
      out.push(`${this.markIndent(line, end, to)}${elisionMark(line, end)}`, end < to ? this.breakAfter(end) : '');
      line = end + 1;
    }
    return out.join('');
  }

  /** A gap mark is indented like the line after it, or at the end like the first written line it stands for. */
  private markIndent(first: number, last: number, to: number): string {
    if (last < to) return leadingBlanks(this.line(last + 1));
    for (let line = first; line <= last; line++) if (this.line(line).trim() !== '') return leadingBlanks(this.line(line));
    return '';
  }

  /** Where line `line`'s text ends: before its "\n", and before a "\r" right ahead of it. */
  private contentEnd(line: number): number {
    const next = this.starts[line]!;
    if (next > this.text.length) return this.text.length;
    const end = next - 1;
    return end > this.starts[line - 1]! && this.text.charCodeAt(end - 1) === 13 ? end - 1 : end;
  }
}

function leadingBlanks(line: string): string {
  let at = 0;
  while (at < line.length && (line.charCodeAt(at) === 32 || line.charCodeAt(at) === 9)) at += 1;
  return line.slice(0, at);
}
