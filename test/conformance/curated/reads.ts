// Files, symbols, raw references, fingerprints and stats: what the writer stores comes
// back unchanged through a separate reader.

import { describe, expect, it } from 'vitest';
import type { OpenCuratedStore } from '../curated-store.suite.js';
import { GUIDE, KEYS, REPO, SERVICE, STRINGS, TEST, fileRecord, indexedFile, sampleFiles } from '../fixtures.js';
import { useCuratedStore } from './harness.js';
import { describeRawReferences } from './raw-references.js';

export function describeReads(name: string, open: OpenCuratedStore): void {
  describeRawReferences(name, open);
  describe(`${name}: curated store reads`, () => {
    const store = useCuratedStore(open);

    it('returns file records exactly as written', () => {
      const reader = store().reader();
      for (const written of sampleFiles()) expect(reader.file(written.file.path)).toEqual(written.file);
      expect(reader.file('no/such/file.ts')).toBeNull();
    });

    it('lists paths sorted and files honouring every filter', () => {
      const reader = store().reader();
      expect(reader.filePaths()).toEqual([GUIDE, REPO, SERVICE, STRINGS, TEST]);
      expect(reader.files().map((f) => f.path)).toEqual([GUIDE, REPO, SERVICE, STRINGS, TEST]);
      expect(reader.files({ languages: ['python'] }).map((f) => f.path)).toEqual([STRINGS, TEST]);
      expect(reader.files({ kinds: ['doc'] }).map((f) => f.path)).toEqual([GUIDE]);
      expect(reader.files({ includeTests: false }).map((f) => f.path)).toEqual([GUIDE, REPO, SERVICE, STRINGS]);
      expect(reader.files({ pathGlobs: ['src/user/**'] }).map((f) => f.path)).toEqual([REPO, SERVICE]);
      expect(reader.files({ pathGlobs: ['docs/*.md', '**/*.py'], includeTests: false }).map((f) => f.path)).toEqual([
        GUIDE,
        STRINGS,
      ]);
      expect(reader.files({ languages: ['python'], kinds: ['doc'] })).toEqual([]);
      // Empty lists restrict nothing, like absent ones.
      expect(reader.files({ languages: [], kinds: [], pathGlobs: [] })).toHaveLength(5);
    });

    it('matches path globs on dotfiles too', () => {
      store().writer.writeFiles([indexedFile('.github/workflows/ci.yml', { file: { language: 'yaml', kind: 'config' } })]);
      expect(store().reader().files({ pathGlobs: ['**/*.yml'] }).map((f) => f.path)).toEqual(['.github/workflows/ci.yml']);
    });

    it('returns symbols as written, in source order per file and by key overall', () => {
      const reader = store().reader();
      const service = sampleFiles()[0];
      expect(reader.symbolsOfFile(SERVICE)).toEqual(service?.symbols);
      expect(reader.symbol(KEYS.load)).toEqual(service?.symbols[2]);
      expect(reader.symbol(`${SERVICE}::nothing`)).toBeNull();
      const all = reader.allSymbols().map((s) => s.key);
      expect(all).toEqual([...all].sort());
      expect(all).toHaveLength(7);
    });

    it('looks symbols up by exact name, by kind, and case-insensitively', () => {
      const reader = store().reader();
      expect(reader.symbolsByName('getUserName').map((s) => s.key)).toEqual([KEYS.getUserName]);
      expect(reader.symbolsByName('getusername')).toEqual([]);
      expect(reader.symbolsByName('Repo', ['class']).map((s) => s.key)).toEqual([KEYS.repo]);
      expect(reader.symbolsByName('Repo', ['function'])).toEqual([]);
      expect(reader.symbolsByNameInsensitive('GETUSERNAME').map((s) => s.key)).toEqual([KEYS.getUserName]);
      expect(reader.symbolsByNameInsensitive('repo').map((s) => s.key)).toEqual([KEYS.repo]);
    });

    it('gives fingerprints and records touched sizes and mtimes', () => {
      const { writer } = store();
      expect(writer.fingerprints().get(SERVICE)).toEqual({ size: 100, mtimeMs: 1_700_000_000_000, hash: `hash-of-${SERVICE}` });
      expect(writer.fingerprints().size).toBe(5);
      writer.touchFiles([{ path: SERVICE, size: 120, mtimeMs: 1_700_000_000_500.5 }]);
      expect(store().reader().file(SERVICE)).toEqual(fileRecord(SERVICE, { size: 120, mtimeMs: 1_700_000_000_500.5 }));
    });

    it('records git history per file', () => {
      store().writer.setFileHistory([
        { path: SERVICE, lastCommitAt: 1_690_000_000, commitCount: 7 },
        { path: 'not/indexed.ts', lastCommitAt: 1, commitCount: 1 },
      ]);
      const reader = store().reader();
      expect(reader.file(SERVICE)).toMatchObject({ lastCommitAt: 1_690_000_000, commitCount: 7 });
      expect(reader.file('not/indexed.ts')).toBeNull();
    });

    it('returns raw references by name and by file, in extraction order', () => {
      const { writer } = store();
      const service = sampleFiles()[0];
      expect(writer.rawReferencesOf([SERVICE])).toEqual(service?.rawReferences);
      expect(writer.rawReferencesOf([SERVICE, STRINGS])).toHaveLength(4);
      expect(writer.rawReferencesNamed(['fetchUser']).map((r) => r.fromKey)).toEqual([KEYS.getUserName, KEYS.load]);
      expect(writer.rawReferencesNamed(['bar_baz'])).toEqual([
        { fromPath: STRINGS, fromKey: KEYS.barBaz, name: 'bar_baz', qualifier: 'foo', kind: 'call', line: 4 },
      ]);
      expect(writer.rawReferencesNamed([])).toEqual([]);
    });

    it('counts everything in stats', () => {
      const stats = store().reader().stats();
      expect(stats).toMatchObject({
        state: 'empty',
        files: 5,
        symbols: 7,
        imports: 4,
        references: 4,
        docChunks: 2,
        docLinks: 2,
        commits: 0,
        coChangePairs: 3,
        indexedAt: null,
        gitHead: null,
        filesByLanguage: { typescript: 2, python: 2, markdown: 1 },
      });
      expect(stats.schemaVersion).toBeGreaterThanOrEqual(1);
    });
  });
}
