// Imports, reference edges, co-change pairs, doc chunks and doc links.

import { describe, expect, it } from 'vitest';
import type { OpenCuratedStore } from '../curated-store.suite.js';
import { GUIDE, KEYS, REPO, SERVICE, STRINGS, TEST, edge, indexedFile, sampleDocLinks, sampleFiles } from '../fixtures.js';
import { useCuratedStore } from './harness.js';

export function describeGraph(name: string, open: OpenCuratedStore): void {
  describe(`${name}: curated store graph`, () => {
    const store = useCuratedStore(open);

    it('returns a file\'s imports in source order with their targets', () => {
      const reader = store().reader();
      expect(reader.importsOf(SERVICE)).toEqual(sampleFiles()[0]?.imports);
      expect(reader.importsOf(GUIDE)).toEqual([]);
    });

    it('returns every import, by file and then in source order', () => {
      const reader = store().reader();
      const paths = reader.filePaths();
      expect(reader.allImports()).toEqual([...paths].sort().flatMap((path) => reader.importsOf(path)));
      expect(reader.allImports().length).toBeGreaterThan(1);
    });

    it('finds the importers of a file through resolved targets', () => {
      const reader = store().reader();
      expect(reader.importedBy(REPO).map((i) => [i.fromPath, i.specifier])).toEqual([[SERVICE, './repo']]);
      expect(reader.importedBy(SERVICE)).toEqual([
        { fromPath: TEST, specifier: 'src.user.service', names: ['getUserName'], line: 1, kind: 'static', toPaths: [SERVICE] },
      ]);
      expect(reader.importedBy(STRINGS)).toEqual([]);
    });

    it('replaces import targets of matching imports only', () => {
      const { writer } = store();
      writer.replaceImportTargets([
        { fromPath: STRINGS, specifier: 'foo', names: [], line: 1, kind: 'static', toPaths: [REPO, SERVICE] },
        { fromPath: STRINGS, specifier: 'gone', names: [], line: 9, kind: 'static', toPaths: [REPO] },
      ]);
      const reader = store().reader();
      expect(reader.importsOf(STRINGS).map((i) => i.toPaths)).toEqual([[REPO, SERVICE]]);
      expect(reader.importedBy(REPO).map((i) => i.fromPath)).toEqual([SERVICE, STRINGS]);
      expect(reader.importsOf(SERVICE)[0]?.toPaths).toEqual([REPO]);
      writer.replaceImportTargets([{ fromPath: STRINGS, specifier: 'foo', names: [], line: 1, kind: 'static', toPaths: [] }]);
      expect(store().reader().importedBy(SERVICE).map((i) => i.fromPath)).toEqual([TEST]);
    });

    it('matches re-resolved imports on file, specifier, line and kind, across files and repeats', () => {
      const { writer } = store();
      const twice = { specifier: './dup', names: ['x'], line: 4, kind: 'static' as const, toPaths: [] };
      writer.writeFiles([indexedFile('src/dup.ts', { imports: [twice, { ...twice }, { ...twice, line: 5 }, { ...twice, kind: 'dynamic' }] })]);
      writer.replaceImportTargets([
        { ...twice, fromPath: 'src/dup.ts', toPaths: [REPO] },
        { fromPath: TEST, specifier: 'src.user.service', names: [], line: 1, kind: 'static', toPaths: [SERVICE, REPO] },
        { ...twice, fromPath: SERVICE, toPaths: [TEST] },
      ]);
      const reader = store().reader();
      expect(reader.importsOf('src/dup.ts').map((i) => [i.line, i.kind, i.toPaths])).toEqual([
        [4, 'static', [REPO]],
        [4, 'static', [REPO]],
        [5, 'static', []],
        [4, 'dynamic', []],
      ]);
      expect(reader.importsOf(TEST)[0]?.toPaths).toEqual([SERVICE, REPO]);
      expect(reader.importedBy(TEST)).toEqual([]);
      // The same targets again change nothing; of two records for one import, the last wins.
      writer.replaceImportTargets([{ ...twice, fromPath: 'src/dup.ts', toPaths: [REPO] }]);
      writer.replaceImportTargets([
        { ...twice, fromPath: 'src/dup.ts', toPaths: [SERVICE] },
        { ...twice, fromPath: 'src/dup.ts', toPaths: [REPO] },
      ]);
      expect(store().reader().importsOf('src/dup.ts').map((i) => i.toPaths)).toEqual([[REPO], [REPO], [], []]);
      expect(store().reader().importedBy(SERVICE).map((i) => i.fromPath)).toEqual([TEST]);
      writer.replaceImportTargets([{ ...twice, fromPath: 'src/dup.ts', toPaths: [REPO, REPO, GUIDE] }]);
      expect(store().reader().importsOf('src/dup.ts')[0]?.toPaths).toEqual([REPO, GUIDE]);
    });

    it('answers references from and to a symbol and a file', () => {
      const reader = store().reader();
      // Ordered by from key, to key, kind (byte order: upper case first).
      expect(reader.referencesFrom(KEYS.getUserName).map((e) => e.toKey)).toEqual([KEYS.repo, KEYS.fetchUser]);
      expect(reader.referencesFrom(SERVICE)).toHaveLength(3);
      expect(reader.referencesTo(KEYS.fetchUser).map((e) => e.fromKey)).toEqual([KEYS.load, KEYS.getUserName]);
      expect(reader.referencesTo(REPO)).toHaveLength(3);
      expect(reader.referencesTo(KEYS.getUserName)).toEqual([edge(KEYS.testGetUserName, KEYS.getUserName, { confidence: 0.5 })]);
      expect(reader.referencesFrom(STRINGS)).toEqual([]);
    });

    it('aggregates references per file in both directions, most used first', () => {
      const { writer } = store();
      writer.replaceReferences([SERVICE], [
        edge(KEYS.getUserName, KEYS.fetchUser, { count: 2 }),
        edge(KEYS.load, KEYS.fetchUser),
        edge(KEYS.load, KEYS.barBaz, { count: 5 }),
        edge(KEYS.load, KEYS.getUserName, { count: 9 }),
      ]);
      const reader = store().reader();
      // References within the file itself are not a file-to-file relation.
      expect(reader.fileReferencesFrom(SERVICE)).toEqual([
        { path: STRINGS, count: 5 },
        { path: REPO, count: 3 },
      ]);
      expect(reader.fileReferencesTo(REPO)).toEqual([{ path: SERVICE, count: 3 }]);
      expect(reader.fileReferencesTo(SERVICE)).toEqual([{ path: TEST, count: 1 }]);
    });

    it('replaces the edges out of the given files and merges duplicate edges', () => {
      const { writer } = store();
      writer.replaceReferences([SERVICE], [
        edge(KEYS.load, KEYS.repo, { kind: 'type', count: 1, confidence: 0.4 }),
        edge(KEYS.load, KEYS.repo, { kind: 'type', count: 2, confidence: 0.9 }),
      ]);
      const reader = store().reader();
      expect(reader.referencesFrom(SERVICE)).toEqual([edge(KEYS.load, KEYS.repo, { kind: 'type', count: 3, confidence: 0.9 })]);
      expect(reader.referencesFrom(TEST)).toHaveLength(1);
    });

    it('replaces the edges out of the given keys only', () => {
      const { writer } = store();
      writer.replaceReferencesFromKeys([KEYS.getUserName], [edge(KEYS.getUserName, KEYS.barBaz)]);
      const reader = store().reader();
      expect(reader.referencesFrom(KEYS.getUserName).map((e) => e.toKey)).toEqual([KEYS.barBaz]);
      expect(reader.referencesFrom(KEYS.load).map((e) => e.toKey)).toEqual([KEYS.fetchUser]);
    });

    it('refuses edges outside the replaced scope, writing nothing', () => {
      const { writer } = store();
      expect(() => writer.replaceReferences([SERVICE], [edge(KEYS.testGetUserName, KEYS.fetchUser)])).toThrow();
      expect(() => writer.replaceReferencesFromKeys([KEYS.load], [edge(KEYS.getUserName, KEYS.fetchUser)])).toThrow();
      expect(store().reader().referencesFrom(SERVICE)).toHaveLength(3);
    });

    it('replaces edges given in parts, visible to other connections only when finished', () => {
      const { writer } = store();
      const before = store().reader().referencesFrom(SERVICE);
      const replacement = writer.beginReplacingReferences([SERVICE, TEST]);
      replacement.add([edge(KEYS.load, KEYS.repo, { kind: 'type', count: 1, confidence: 0.4 })]);
      replacement.add([edge(KEYS.load, KEYS.repo, { kind: 'type', count: 2, confidence: 0.9 }), edge(KEYS.testGetUserName, KEYS.fetchUser)]);
      expect(store().reader().referencesFrom(SERVICE)).toEqual(before);
      replacement.finish();
      const reader = store().reader();
      expect(reader.referencesFrom(SERVICE)).toEqual([edge(KEYS.load, KEYS.repo, { kind: 'type', count: 3, confidence: 0.9 })]);
      expect(reader.referencesFrom(TEST)).toEqual([edge(KEYS.testGetUserName, KEYS.fetchUser)]);
      expect(reader.referencesTo(KEYS.repo)).toEqual(reader.referencesFrom(SERVICE));
      expect(reader.stats().references).toBe(2);
    });

    it('keeps the old edges when a replacement in parts is aborted or given an edge outside it', () => {
      const { writer } = store();
      const before = store().reader().referencesFrom(SERVICE);
      const aborted = writer.beginReplacingReferences([SERVICE]);
      aborted.add([edge(KEYS.load, KEYS.repo)]);
      aborted.abort();
      aborted.abort();
      expect(store().reader().referencesFrom(SERVICE)).toEqual(before);
      const refused = writer.beginReplacingReferences([SERVICE]);
      expect(() => refused.add([edge(KEYS.testGetUserName, KEYS.fetchUser)])).toThrow();
      refused.abort();
      expect(() => refused.finish()).toThrow();
      expect(store().reader().referencesFrom(SERVICE)).toEqual(before);
      expect(store().reader().stats().references).toBe(4);
    });

    it('replaces every edge in parts, lookups by target included', () => {
      const { writer } = store();
      const everything = store().reader().filePaths();
      const replacement = writer.beginReplacingReferences(everything);
      replacement.add([edge(KEYS.getUserName, KEYS.fetchUser)]);
      replacement.finish();
      const reader = store().reader();
      expect(reader.referencesTo(KEYS.fetchUser)).toEqual([edge(KEYS.getUserName, KEYS.fetchUser)]);
      expect(reader.referencesTo(REPO)).toEqual([edge(KEYS.getUserName, KEYS.fetchUser)]);
      expect(reader.referencesTo(KEYS.getUserName)).toEqual([]);
      expect(reader.stats().references).toBe(1);
    });

    it('finds co-change neighbours in both directions, oriented from the asked file', () => {
      const reader = store().reader();
      expect(reader.coChangeNeighbours(REPO)).toEqual([
        { a: REPO, b: SERVICE, count: 5 },
        { a: REPO, b: TEST, count: 2 },
      ]);
      expect(reader.coChangeNeighbours(SERVICE)).toEqual([
        { a: SERVICE, b: REPO, count: 5 },
        { a: SERVICE, b: STRINGS, count: 1 },
      ]);
      expect(reader.coChangeNeighbours(REPO, 3)).toEqual([{ a: REPO, b: SERVICE, count: 5 }]);
      expect(reader.coChangeNeighbours(GUIDE)).toEqual([]);
    });

    it('replaces all co-change pairs, storing each unordered pair once', () => {
      const { writer } = store();
      writer.replaceCoChange([
        { a: TEST, b: SERVICE, count: 4 },
        { a: SERVICE, b: SERVICE, count: 9 },
      ]);
      const reader = store().reader();
      expect(reader.stats().coChangePairs).toBe(1);
      expect(reader.coChangeNeighbours(SERVICE)).toEqual([{ a: SERVICE, b: TEST, count: 4 }]);
      expect(reader.coChangeNeighbours(TEST)).toEqual([{ a: TEST, b: SERVICE, count: 4 }]);
    });

    it('returns doc chunks by file, by id, and all of them in document order', () => {
      const reader = store().reader();
      const chunks = sampleFiles()[4]?.docChunks;
      expect(reader.docChunks(GUIDE)).toEqual(chunks);
      expect(reader.docChunks()).toEqual(chunks);
      expect(reader.docChunk(`${GUIDE}#caching`)).toEqual(chunks?.[1]);
      expect(reader.docChunk('nope')).toBeNull();
      expect(reader.docChunks(SERVICE)).toEqual([]);
    });

    it('returns doc links from a chunk and to a file or a symbol', () => {
      const reader = store().reader();
      const [install, caching] = sampleDocLinks();
      expect(reader.docLinksFrom(`${GUIDE}#install`)).toEqual([install]);
      expect(reader.docLinksTo(KEYS.getUserName)).toEqual([install]);
      expect(reader.docLinksTo(SERVICE)).toEqual([install]);
      expect(reader.docLinksTo(REPO)).toEqual([caching]);
      expect(reader.docLinksTo(KEYS.fetchUser)).toEqual([]);
    });

    it('replaces doc links of the given files', () => {
      const { writer } = store();
      const moved = { chunkId: `${GUIDE}#caching`, fromPath: GUIDE, toPath: STRINGS, toKey: KEYS.barBaz, mention: 'bar_baz' };
      writer.replaceDocLinks([GUIDE], [moved]);
      const reader = store().reader();
      expect(reader.docLinksTo(REPO)).toEqual([]);
      expect(reader.docLinksFrom(`${GUIDE}#caching`)).toEqual([moved]);
      expect(() => writer.replaceDocLinks([SERVICE], [moved])).toThrow();
    });
  });
}
