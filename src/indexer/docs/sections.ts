// The intermediate form every document format is parsed into before chunking: sections
// of consecutive lines under a heading path, plus which lines may end a part when a long
// section is cut (blank lines outside code).

export interface Section {
  headingPath: string[];
  /** 0-based index of the first line (the heading line, when there is one). */
  start: number;
  /** 0-based index one past the last line. */
  end: number;
}

export interface ParsedDocument {
  sections: Section[];
  /** True for line indexes after which a long section may be cut. */
  breakAfter: (line: number) => boolean;
}

/** Maintains the heading path as headings of various levels arrive. */
export class HeadingStack {
  private readonly stack: { level: number; title: string }[] = [];

  push(level: number, title: string): string[] {
    while (this.stack.length > 0 && this.stack[this.stack.length - 1]!.level >= level) this.stack.pop();
    this.stack.push({ level, title });
    return this.stack.map((entry) => entry.title);
  }
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/**
 * Sections from heading positions: a preamble before the first heading (headingPath []),
 * then one section per heading running to the next one.
 */
export function sectionsFromHeadings(lineCount: number, headings: { line: number; path: string[] }[]): Section[] {
  const sections: Section[] = [];
  const firstHeading = headings[0]?.line ?? lineCount;
  if (firstHeading > 0) sections.push({ headingPath: [], start: 0, end: firstHeading });
  headings.forEach((heading, i) => {
    sections.push({ headingPath: heading.path, start: heading.line, end: headings[i + 1]?.line ?? lineCount });
  });
  return sections;
}
