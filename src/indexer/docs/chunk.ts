// Splits a document into chunks by its headings: Markdown, reStructuredText, or plain
// text (paragraph groups). Each chunk carries its heading path and 1-based inclusive line
// range; ids are `${path}#${ordinal}` (0-based, in document order), so the same text always
// gets the same ids. Sections longer than `maxChunkChars` are cut into several chunks with
// the same heading path.

import type { DocChunk } from '../../core/entities.js';
import { parseMarkdown } from './markdown.js';
import { parseRst } from './rst.js';
import { isBlank, type ParsedDocument } from './sections.js';
import { splitRange, type LineRange } from './split.js';

export type DocFormat = 'markdown' | 'rst' | 'text';

/** ~1,500 tokens of English prose. */
export const MAX_CHUNK_CHARS = 6_000;

export interface ChunkOptions {
  maxChunkChars?: number;
}

function parse(format: DocFormat, lines: readonly string[]): ParsedDocument {
  if (format === 'markdown') return parseMarkdown(lines);
  if (format === 'rst') return parseRst(lines);
  return {
    sections: [{ headingPath: [], start: 0, end: lines.length }],
    breakAfter: (line) => isBlank(lines[line] ?? ''),
  };
}

/** The range without blank lines at either end; null when nothing is left. */
function trimmed(lines: readonly string[], range: LineRange): LineRange | null {
  let { start, end } = range;
  while (start < end && isBlank(lines[start]!)) start++;
  while (end > start && isBlank(lines[end - 1]!)) end--;
  return start < end ? { start, end } : null;
}

export function chunkDocument(path: string, text: string, format: DocFormat, options: ChunkOptions = {}): DocChunk[] {
  const maxChars = options.maxChunkChars ?? MAX_CHUNK_CHARS;
  const lines = text.split(/\r\n|\r|\n/);
  const document = parse(format, lines);
  const chunks: DocChunk[] = [];
  for (const section of document.sections) {
    const body = trimmed(lines, section);
    if (body === null) continue;
    for (const part of splitRange(lines, body, document.breakAfter, maxChars)) {
      const kept = trimmed(lines, part);
      if (kept === null) continue;
      chunks.push({
        id: `${path}#${chunks.length}`,
        path,
        headingPath: [...section.headingPath],
        text: lines.slice(kept.start, kept.end).join('\n'),
        startLine: kept.start + 1,
        endLine: kept.end,
      });
    }
  }
  return chunks;
}
