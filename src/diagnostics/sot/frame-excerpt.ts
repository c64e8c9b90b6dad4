// Source-of-truth evidence from a file a stack frame points into: the code around the frame's
// line, not the file's head. A file that fits the bytes left is given whole; otherwise its
// lines are taken in this order — the innermost definition holding each frame's line (from
// the index's symbols; a window centred on the line when the definition alone is too long),
// the header line of the class around it, then the lines around those, outward, while the
// file's share of the category lasts — and every gap is one line naming the lines left out.

import { elisionMark } from '../../core/context-package.js';
import type { SymbolRecord } from '../../core/entities.js';
import { PathSuffixIndex } from '../../search/query/path-suffixes.js';
import type { StackFrame } from '../../search/query/stack-frames.js';

type Definition = Pick<SymbolRecord, 'startLine' | 'endLine' | 'qualifiedName' | 'parent'>;

export interface FrameExcerptInput {
  text: string;
  /** The file's definitions (none when there is no index). */
  symbols: readonly Definition[];
  /** Frame lines in this file (1-based), innermost frame first. */
  lines: readonly number[];
  /** The most the evidence may take (the bytes left in the category). */
  maxBytes: number;
  /** How far the lines around the definitions may widen it (the file's share of the category). */
  shareBytes: number;
}

export interface FrameExcerpt {
  text: string;
  /** One line for the verdict: what was taken. */
  what: string;
}

/** The frame lines of each candidate file, innermost frame first (frames resolved as the ranking resolves them). */
export function frameLinesByPath(frames: readonly StackFrame[], candidates: Iterable<string>): Map<string, number[]> {
  const suffixes = new PathSuffixIndex(candidates);
  const out = new Map<string, number[]>();
  for (const frame of [...frames].sort((a, b) => a.depth - b.depth)) {
    if (frame.path === null || frame.line === null) continue;
    const hits = suffixes.resolve(frame.path, /^([/~]|[A-Za-z]:)/.test(frame.path) ? 2 : 1).paths;
    if (hits.length !== 1) continue;
    const lines = out.get(hits[0]!) ?? [];
    if (!lines.includes(frame.line)) lines.push(frame.line);
    out.set(hits[0]!, lines);
  }
  return out;
}

/**
 * The evidence, or null when no frame line is inside the file (a stale trace) or not even
 * one line of it fits: then its head is the evidence.
 */
export function frameExcerpt(input: FrameExcerptInput): FrameExcerpt | null {
  if (Buffer.byteLength(input.text) <= input.maxBytes) return { text: input.text, what: 'whole' };
  const lines = input.text.split('\n');
  const inside = input.lines.filter((at) => at >= 1 && at <= lines.length);
  if (inside.length === 0) return null;
  const picker = new LinePicker(lines, input.maxBytes);
  const named: string[] = [];
  for (const line of inside) {
    const definition = innermost(input.symbols, line);
    if (definition) named.push(`${definition.qualifiedName} (lines ${definition.startLine}-${definition.endLine})`);
    const [start, end] = definition ? [definition.startLine, Math.min(definition.endLine, lines.length)] : [line, line];
    if (!picker.range(start, end)) picker.around(line, start, end);
    const parent = definition?.parent ? input.symbols.find((symbol) => symbol.qualifiedName === definition.parent) : undefined;
    if (parent) picker.range(parent.startLine, parent.startLine);
  }
  if (picker.used === 0) return null;
  picker.widen(Math.max(input.shareBytes, picker.cost()));
  const where = named.length > 0 ? named.join(', ') : `lines around ${inside.join(', ')}`;
  return { text: picker.render(), what: `the code around the frame: ${where}` };
}

/** The smallest definition holding the line. */
function innermost(symbols: readonly Definition[], line: number): Definition | undefined {
  return symbols.filter((symbol) => symbol.startLine <= line && line <= symbol.endLine).sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
}

/**
 * Lines of a file kept within a byte budget. The cost of a choice bounds its render: each
 * kept line's bytes and newline, and for each run of lines left out, the longest gap line
 * this file can have.
 */
class LinePicker {
  private readonly keep: Uint8Array;
  private readonly bytes: number[];
  private readonly gapBytes: number;
  /** Bytes of the kept lines (with their newlines). */
  used = 0;
  /** Runs of lines left out: one gap line each. */
  private gaps = 1;

  constructor(
    private readonly lines: readonly string[],
    private readonly budget: number,
  ) {
    this.keep = new Uint8Array(lines.length);
    this.bytes = lines.map((line) => Buffer.byteLength(line) + 1);
    // The longest gap line this file can have: the plural form, with the largest line numbers.
    this.gapBytes = Buffer.byteLength(elisionMark(lines.length, lines.length + 1)) + 1;
  }

  cost(): number {
    return this.used + this.gaps * this.gapBytes;
  }

  /** Keeps lines start..end (1-based) when all of them fit; returns whether they did. */
  range(start: number, end: number): boolean {
    let extra = 0;
    for (let index = start - 1; index < end; index++) if (this.keep[index] === 0) extra += this.bytes[index]!;
    // At worst the range splits a run of left-out lines in two.
    if (this.cost() + extra + this.gapBytes > this.budget) return false;
    for (let index = start - 1; index < end; index++) this.take(index);
    return true;
  }

  /** Keeps the line, then lines on either side of it within start..end, while they fit. */
  around(line: number, start: number, end: number): void {
    this.grow([line - 1], start - 1, end - 1, this.budget);
  }

  /** Widens every kept stretch outward, a line above and a line below in turn, up to `limit` bytes. */
  widen(limit: number): void {
    const kept = [...this.keep.keys()].filter((index) => this.keep[index] === 1);
    this.grow(kept, 0, this.lines.length - 1, Math.min(limit, this.budget));
  }

  render(): string {
    const out: string[] = [];
    for (let index = 0; index < this.lines.length; ) {
      if (this.keep[index] === 1) {
        out.push(this.lines[index]!);
        index += 1;
        continue;
      }
      let end = index;
      while (end < this.lines.length && this.keep[end] !== 1) end += 1;
      out.push(elisionMark(index + 1, end));
      index = end;
    }
    return out.join('\n');
  }

  /** Keeps the line if it fits within `limit`; returns whether it is kept. */
  private take(index: number, limit = Number.POSITIVE_INFINITY): boolean {
    if (this.keep[index] === 1) return true;
    const left = index > 0 && this.keep[index - 1] === 0;
    const right = index < this.lines.length - 1 && this.keep[index + 1] === 0;
    const gaps = this.gaps + (left && right ? 1 : !left && !right ? -1 : 0);
    if (this.used + this.bytes[index]! + gaps * this.gapBytes > limit) return false;
    this.keep[index] = 1;
    this.used += this.bytes[index]!;
    this.gaps = gaps;
    return true;
  }

  /** Breadth-first from the seeds (0-based), one line out on each side per round, within low..high, up to `limit`. */
  private grow(seeds: readonly number[], low: number, high: number, limit: number): void {
    let frontier = seeds.filter((index) => index >= low && index <= high);
    for (const index of frontier) if (!this.take(index, limit)) return;
    while (frontier.length > 0) {
      const next: number[] = [];
      for (const index of frontier) {
        for (const side of [index - 1, index + 1]) {
          if (side < low || side > high || this.keep[side] === 1) continue;
          if (!this.take(side, limit)) return;
          next.push(side);
        }
      }
      frontier = next;
    }
  }
}
