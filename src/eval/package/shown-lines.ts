// Which lines of which files a package shows as code. A block's text is matched back
// against the file on disk line by line (trimmed, in order), starting at the line the block
// says it starts at; lines that do not occur in the file (elision marks, a rewritten
// signature) match nothing. So a package gets credit only for code it really prints,
// whatever its headers claim.

/** One code block of a package: the file it is from, where it says it starts, its text. */
export interface ShownBlock {
  path: string;
  /** 1-based line the block claims to start at (a hint: matching searches onward from it). */
  startLine: number;
  text: string;
  /** Tokens the block takes in the package (for precision). */
  tokens: number;
}

/** Lines of `path` as they are on disk, or null when it cannot be read. */
export type FileLines = (path: string) => readonly string[] | null;

/** Shown lines per path (1-based), from the blocks that are matched against `lines`. */
export function shownLines(blocks: readonly ShownBlock[], lines: FileLines): Map<string, Set<number>> {
  const shown = new Map<string, Set<number>>();
  for (const block of blocks) {
    const file = lines(block.path);
    if (file === null) continue;
    let set = shown.get(block.path);
    if (set === undefined) shown.set(block.path, (set = new Set()));
    for (const line of alignBlock(file, block.text, block.startLine)) set.add(line);
  }
  return shown;
}

/**
 * The file lines (1-based) a block's text shows. Each non-blank text line is looked for
 * from the current position onward and, when found, moves the position past it; a blank
 * text line matches only a blank file line at the current position.
 */
export function alignBlock(file: readonly string[], text: string, startLine: number): number[] {
  const matched: number[] = [];
  let at = Math.min(Math.max(0, startLine - 1), file.length);
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      if (at < file.length && file[at]!.trim() === '') matched.push(++at);
      continue;
    }
    const found = findFrom(file, line, at);
    if (found >= 0) {
      matched.push(found + 1);
      at = found + 1;
    }
  }
  return matched;
}

function findFrom(file: readonly string[], trimmed: string, from: number): number {
  for (let index = from; index < file.length; index++) if (file[index]!.trim() === trimmed) return index;
  return -1;
}
