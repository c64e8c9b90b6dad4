// Cuts a long section into parts of at most `maxChars` characters, at paragraph
// boundaries where possible, else at line boundaries. A single line longer than the limit
// stays whole (lines are the unit of DocChunk positions).

export interface LineRange {
  /** 0-based, inclusive. */
  start: number;
  /** 0-based, exclusive. */
  end: number;
}

/** Runs of lines each ending at a line after which a cut is allowed (or at `end`). */
function paragraphs(start: number, end: number, breakAfter: (line: number) => boolean): LineRange[] {
  const units: LineRange[] = [];
  let from = start;
  for (let line = start; line < end; line++) {
    if (breakAfter(line) || line === end - 1) {
      units.push({ start: from, end: line + 1 });
      from = line + 1;
    }
  }
  return units;
}

function charsOf(lines: readonly string[], range: LineRange): number {
  let chars = 0;
  for (let i = range.start; i < range.end; i++) chars += lines[i]!.length + 1;
  return chars;
}

/** Greedy packing of consecutive units into ranges of at most `maxChars` (oversized units alone). */
function pack(lines: readonly string[], units: readonly LineRange[], maxChars: number): LineRange[] {
  const parts: LineRange[] = [];
  let current: LineRange | null = null;
  let currentChars = 0;
  for (const unit of units) {
    const chars = charsOf(lines, unit);
    if (current !== null && currentChars + chars <= maxChars) {
      current.end = unit.end;
      currentChars += chars;
      continue;
    }
    if (current !== null) parts.push(current);
    current = { ...unit };
    currentChars = chars;
  }
  if (current !== null) parts.push(current);
  return parts;
}

export function splitRange(
  lines: readonly string[],
  range: LineRange,
  breakAfter: (line: number) => boolean,
  maxChars: number,
): LineRange[] {
  if (charsOf(lines, range) <= maxChars) return [range];
  return pack(lines, paragraphs(range.start, range.end, breakAfter), maxChars).flatMap((part) => {
    if (charsOf(lines, part) <= maxChars) return [part];
    // One paragraph (or code block) larger than the limit: cut between lines.
    return pack(lines, paragraphs(part.start, part.end, () => true), maxChars);
  });
}
