// Where each line of one file's text starts, and where its tokens start in the file's
// encoded text, so that a part of the file tokenized again (a symbol's body) copies the
// tokens of every line it shares with the file instead of scanning it. A part's lines are
// matched against the file's in order, from the part's first line on: no hashing, just
// the comparison that proves the lines equal.

const INITIAL_LINES = 4096;

export class FileLines {
  private text = '';
  /** Per line, its start in the text; after the last, the text's length + 1. */
  private starts = new Int32Array(INITIAL_LINES + 1);
  /** Per line, the start of its tokens in the output; after the last, the output's end. */
  private tokenStarts = new Int32Array(INITIAL_LINES + 1);
  private count = 0;

  /** Forgets the previous file; its lines are then given in order with addLine and closed with end. */
  begin(text: string): void {
    this.text = text;
    this.count = 0;
  }

  addLine(start: number, tokenStart: number): void {
    if (this.count + 1 >= this.starts.length) this.grow();
    this.starts[this.count] = start;
    this.tokenStarts[this.count] = tokenStart;
    this.count++;
  }

  end(tokenEnd: number): void {
    this.starts[this.count] = this.text.length + 1;
    this.tokenStarts[this.count] = tokenEnd;
  }

  get lineCount(): number {
    return this.count;
  }

  tokenStart(line: number): number {
    return this.tokenStarts[line]!;
  }

  tokenEnd(line: number): number {
    return this.tokenStarts[line + 1]!;
  }

  /** Whether line `line` (0-based) of the file is other[start, end). */
  matches(line: number, other: string, start: number, end: number): boolean {
    if (line < 0 || line >= this.count) return false;
    const lineStart = this.starts[line]!;
    if (this.starts[line + 1]! - 1 - lineStart !== end - start) return false;
    for (let at = 0; at < end - start; at++) {
      if (this.text.charCodeAt(lineStart + at) !== other.charCodeAt(start + at)) return false;
    }
    return true;
  }

  /** The first line in [from, to) that is other[start, end), or -1. */
  find(from: number, to: number, other: string, start: number, end: number): number {
    const last = Math.min(to, this.count);
    for (let line = Math.max(from, 0); line < last; line++) {
      if (this.matches(line, other, start, end)) return line;
    }
    return -1;
  }

  private grow(): void {
    const starts = new Int32Array(this.starts.length * 2);
    starts.set(this.starts);
    this.starts = starts;
    const tokenStarts = new Int32Array(this.tokenStarts.length * 2);
    tokenStarts.set(this.tokenStarts);
    this.tokenStarts = tokenStarts;
  }
}
