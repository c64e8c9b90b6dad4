// Reading `-U0` diffs: their hunks as printed, each hunk's sides, and where a range of lines
// of the newer file stood in the older one (the lines of a definition at HEAD, back in the
// commit that changed them).

export interface LineRange {
  /** 1-based, inclusive. */
  start: number;
  end: number;
}

interface Side {
  start: number;
  count: number;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The hunks of a `-U0` diff: each its header line and the lines that follow it, as printed. */
export function splitHunks(diff: string): string[][] {
  const hunks: string[][] = [];
  let current: string[] | null = null;
  for (const line of diff.split('\n')) {
    if (HUNK_HEADER.test(line)) hunks.push((current = [line]));
    else if (line.startsWith('diff --git ')) current = null;
    else if (current !== null && (line.startsWith('+') || line.startsWith('-') || line.startsWith('\\'))) current.push(line);
  }
  return hunks;
}

/** A hunk header's old side: its first line (for a pure addition, the line it follows) and line count. */
export function hunkOldSide(header: string): Side {
  const match = HUNK_HEADER.exec(header)!;
  return { start: Number(match[1]), count: match[2] === undefined ? 1 : Number(match[2]) };
}

/** A hunk header's new side: its first line (for a pure removal, the line it follows) and line count. */
export function hunkNewSide(header: string): Side {
  const match = HUNK_HEADER.exec(header)!;
  return { start: Number(match[3]), count: match[4] === undefined ? 1 : Number(match[4]) };
}

/**
 * Where `range` (lines of the diff's newer file) stood in its older file: each end moved by
 * the lines the hunks before it added or removed; an end inside a changed region goes to
 * that region's old lines (the start to its first, the end to its last). Null when none of
 * the range existed in the older file (all of it added since).
 */
export function rangeBefore(hunks: readonly string[][], range: LineRange): LineRange | null {
  const sides = hunks.map((hunk) => ({ old: hunkOldSide(hunk[0]!), new: hunkNewSide(hunk[0]!) }));
  const start = mapLine(sides, range.start, 'start');
  const end = mapLine(sides, range.end, 'end');
  return start <= end ? { start, end } : null;
}

function mapLine(sides: readonly { old: Side; new: Side }[], line: number, end: 'start' | 'end'): number {
  let shift = 0;
  for (const side of sides) {
    const inside = side.new.count > 0 && line >= side.new.start && line < side.new.start + side.new.count;
    if (inside) {
      // A pure addition has no old lines: its region sits between old lines `start` and `start + 1`.
      if (side.old.count === 0) return end === 'start' ? side.old.start + 1 : side.old.start;
      return end === 'start' ? side.old.start : side.old.start + side.old.count - 1;
    }
    const before = side.new.count > 0 ? side.new.start + side.new.count - 1 < line : side.new.start < line;
    if (!before) break;
    shift += side.new.count - side.old.count;
  }
  return line - shift;
}
