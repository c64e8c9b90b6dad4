// What changed in one index run, as the link phase needs it: which files were written or
// removed, their definitions before and after, and their imports before (to tell whether
// import targets moved). Captured just before each write, when the old rows still exist.

import type { ImportRecord } from '../core/entities.js';
import type { IndexedFile, IndexWriter } from '../store/curated.js';
import { symbolIdentity, type SymbolIdentity } from './resolve/symbol-identity.js';
import { compareText } from '../core/compare.js';

/**
 * Definitions are kept by identity only (key, kind, parent, name): a full index notes every
 * file, and holding each definition's signature and docstring until the link phase cost
 * tens of MB of peak memory on sympy.
 */
export interface TrackedChange {
  path: string;
  symbolsBefore: SymbolIdentity[];
  symbolsAfter: SymbolIdentity[];
  importsBefore: ImportRecord[];
  added: boolean;
  removed: boolean;
}

export class ChangeTracker {
  private readonly changes = new Map<string, TrackedChange>();

  constructor(private readonly writer: IndexWriter) {}

  noteRemoved(paths: string[]): void {
    for (const path of paths) {
      this.changes.set(path, {
        path,
        symbolsBefore: this.writer.symbolsOfFile(path).map(symbolIdentity),
        symbolsAfter: [],
        importsBefore: this.writer.importsOf(path),
        added: false,
        removed: true,
      });
    }
  }

  /** Call before writing: carries git facts over from the old row, which extraction cannot know. */
  noteWritten(files: IndexedFile[]): void {
    for (const indexed of files) {
      const path = indexed.file.path;
      const previous = this.writer.file(path);
      if (previous) {
        indexed.file.lastCommitAt = previous.lastCommitAt;
        indexed.file.commitCount = previous.commitCount;
      }
      this.changes.set(path, {
        path,
        symbolsBefore: previous ? this.writer.symbolsOfFile(path).map(symbolIdentity) : [],
        symbolsAfter: indexed.symbols.map(symbolIdentity),
        importsBefore: previous ? this.writer.importsOf(path) : [],
        added: previous === null,
        removed: false,
      });
    }
  }

  all(): TrackedChange[] {
    return [...this.changes.values()].sort((a, b) => compareText(a.path, b.path));
  }

  get writtenPaths(): string[] {
    return this.all().filter((change) => !change.removed).map((change) => change.path);
  }

  get addedPaths(): string[] {
    return this.all().filter((change) => change.added).map((change) => change.path);
  }
}
