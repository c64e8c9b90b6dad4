// File texts for the package, read from disk and checked against the index: line and byte
// ranges come from the index, so a file that changed since it was indexed is not shown
// with them (that would show the wrong code) — it is reported in a note instead. What the
// package shows is cut by lines (`lines`: the file's own lines, core/source-lines.ts); the
// byte range of a definition (`symbolText`) is what the stages score. What looks like a
// credential is shown as "[redacted]" (core/redact.ts), lines kept, and the package's notes
// say on which lines: what a face hands an agent never carries a secret.

import { createHash } from 'node:crypto';
import type { FileRecord, SymbolRecord } from '../../core/entities.js';
import { readRepoFile, type RepoRead } from '../../core/repo-files.js';
import { redactShown } from '../../core/redact.js';
import { SourceLines } from '../../core/source-lines.js';

export type SourceRead = { ok: true; text: string; bytes: Buffer } | { ok: false; problem: string };

export interface SourceTexts {
  /** The file as indexed, or why it cannot be shown (missing, changed, binary, too large). */
  read(file: FileRecord): SourceRead;
  /** The symbol's source by its indexed byte range, or null when its file cannot be shown. */
  symbolText(file: FileRecord, symbol: SymbolRecord): string | null;
  /** The file as indexed, by lines (what items show), or null when it cannot be shown. */
  lines(file: FileRecord): SourceLines | null;
  /** One line per file that could not be shown as indexed, in the order they were met. */
  problems(): string[];
}

/** Larger files are listed by path and outline only. */
const MAX_READ_BYTES = 4 * 1024 * 1024;
const BINARY_SNIFF_BYTES = 8000;

export function diskSources(root: string): SourceTexts {
  const cache = new Map<string, SourceRead>();
  const byLines = new Map<string, SourceLines>();
  const problems: string[] = [];
  const read = (file: FileRecord): SourceRead => {
    let result = cache.get(file.path);
    if (result === undefined) {
      result = readChecked(root, file);
      cache.set(file.path, result);
      if (!result.ok) problems.push(`${file.path}: ${result.problem}`);
    }
    return result;
  };
  return {
    read,
    symbolText(file, symbol) {
      const source = read(file);
      if (!source.ok) return null;
      return source.bytes.subarray(symbol.startByte, symbol.endByte).toString('utf8');
    },
    lines(file) {
      const source = read(file);
      if (!source.ok) return null;
      let lines = byLines.get(file.path);
      if (lines === undefined) {
        lines = shownLines(source.text, file.language, (note) => problems.push(`${file.path}: ${note}`));
        byLines.set(file.path, lines);
      }
      return lines;
    },
    problems: () => [...problems],
  };
}

/** The file's lines as shown: credential-shaped values redacted, every line at its number. */
function shownLines(text: string, language: string, note: (text: string) => void): SourceLines {
  const redaction = redactShown(text, language);
  if (redaction.total === 0) return SourceLines.of(text);
  const shown = SourceLines.of(redaction.text);
  const original = SourceLines.of(text);
  const changed: number[] = [];
  for (let line = 1; line <= shown.count; line++) if (shown.line(line) !== original.line(line)) changed.push(line);
  const values = `${redaction.total} value${redaction.total === 1 ? '' : 's'} that look${redaction.total === 1 ? 's' : ''} like a credential`;
  note(`${values} shown as [redacted] (line${changed.length === 1 ? '' : 's'} ${changed.join(', ')}): edit around ${changed.length === 1 ? 'it' : 'them'}`);
  return shown;
}

const UNREAD: Record<Exclude<RepoRead, { ok: true }>['reason'], (detail: string) => string> = {
  missing: () => 'missing on disk since it was indexed; shown by path only (run `cairn index`)',
  outside: () => 'now a link leaving the repository; not read, shown by path only',
  'not-a-file': () => 'no longer a regular file; shown by path only',
  'too-large': (detail) => `too large to show (${detail})`,
  unreadable: (detail) => `unreadable (${detail}); shown by path only`,
};

function readChecked(root: string, file: FileRecord): SourceRead {
  const read = readRepoFile(root, file.path, { maxBytes: MAX_READ_BYTES });
  if (!read.ok) return { ok: false, problem: UNREAD[read.reason](read.detail) };
  const { bytes, stats } = read;
  // Same size and mtime as indexed: the indexer trusts this too; otherwise compare hashes.
  if (stats.size !== file.size || stats.mtimeMs !== file.mtimeMs) {
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (hash !== file.hash) return { ok: false, problem: 'changed on disk since it was indexed; shown by path only (run `cairn index`)' };
  }
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { ok: false, problem: 'binary; shown by path only' };
  return { ok: true, text: bytes.toString('utf8'), bytes };
}
