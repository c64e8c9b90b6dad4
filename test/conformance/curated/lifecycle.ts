// Deleting and rewriting files (what cascades, what stays), transactions, readers beside
// a writer, persistence, meta and state.

import { describe, expect, it } from 'vitest';
import type { CuratedReader } from '../../../src/store/curated.js';
import type { OpenCuratedStore } from '../curated-store.suite.js';
import { GUIDE, KEYS, REPO, SERVICE, STRINGS, TEST, edge, indexedFile, sampleFiles, tokenized } from '../fixtures.js';
import { useCuratedStore } from './harness.js';

/** Every stored edge reachable from a stored file, and the total the store reports. */
function edgesOf(reader: CuratedReader) {
  const paths = new Set(reader.filePaths());
  const edges = [...paths].flatMap((path) => reader.referencesFrom(path));
  return { paths, edges, total: reader.stats().references };
}

const search = (reader: CuratedReader, term: string, target: 'file' | 'symbol' | 'doc') =>
  reader.search({ terms: tokenized([term]), target, limit: 50 }).map((hit) => hit.id);

export function describeLifecycle(name: string, open: OpenCuratedStore): void {
  describe(`${name}: curated store lifecycle`, () => {
    const store = useCuratedStore(open);

    it('deletes a file with everything hanging off it and pointing at it', () => {
      store().writer.deleteFiles([REPO]);
      const reader = store().reader();
      expect(reader.file(REPO)).toBeNull();
      expect(reader.symbolsOfFile(REPO)).toEqual([]);
      expect(reader.symbol(KEYS.fetchUser)).toBeNull();
      expect(reader.referencesTo(REPO)).toEqual([]);
      expect(reader.referencesFrom(SERVICE)).toEqual([]);
      expect(reader.importedBy(REPO)).toEqual([]);
      expect(reader.importsOf(SERVICE).map((i) => i.toPaths)).toEqual([[], []]);
      expect(reader.docLinksTo(REPO)).toEqual([]);
      expect(reader.coChangeNeighbours(REPO)).toEqual([]);
      expect(reader.coChangeNeighbours(SERVICE)).toEqual([{ a: SERVICE, b: STRINGS, count: 1 }]);
      expect(search(reader, 'fetchuser', 'symbol').sort()).toEqual([KEYS.getUserName, KEYS.load].sort());
      expect(search(reader, 'db', 'file')).toEqual([]);
      expect(reader.stats()).toMatchObject({ files: 4, symbols: 5, references: 1, coChangePairs: 1 });
    });

    it('leaves no dangling edge, link, import or chunk after deletions', () => {
      store().writer.deleteFiles([SERVICE, GUIDE, 'never/indexed.ts']);
      const reader = store().reader();
      const { paths, edges, total } = edgesOf(reader);
      expect(edges).toHaveLength(total);
      for (const e of edges) expect(paths.has(e.toPath)).toBe(true);
      expect(reader.referencesTo(KEYS.getUserName)).toEqual([]);
      for (const path of paths) {
        for (const entry of reader.importsOf(path)) for (const to of entry.toPaths) expect(paths.has(to)).toBe(true);
      }
      expect(reader.docChunks()).toEqual([]);
      expect(reader.docChunk(`${GUIDE}#install`)).toBeNull();
      expect(reader.docLinksFrom(`${GUIDE}#install`)).toEqual([]);
      expect(search(reader, 'installer', 'doc')).toEqual([]);
      expect(reader.termStats('doc', ['installer'])).toEqual({ documents: 0, documentFrequency: new Map([['installer', 0]]) });
      expect(reader.stats()).toMatchObject({ files: 3, symbols: 4, imports: 2, docChunks: 0 });
    });

    it('rewrites a file: new content replaces old, edges into surviving symbols stay', () => {
      const { writer } = store();
      const renamed = indexedFile(REPO, {
        file: { hash: 'new-hash', size: 42 },
        text: 'export function fetchUser(id) { return cache.get(id); }',
        symbols: [{ qualifiedName: 'fetchUser', body: 'return cache.get(id);' }],
        imports: [{ specifier: './cache', names: ['cache'], line: 1, kind: 'static', toPaths: [STRINGS] }],
      });
      writer.writeFiles([renamed]);
      const reader = store().reader();
      expect(reader.file(REPO)).toMatchObject({ hash: 'new-hash', size: 42 });
      expect(reader.symbolsOfFile(REPO).map((s) => s.key)).toEqual([KEYS.fetchUser]);
      expect(reader.referencesTo(KEYS.fetchUser)).toHaveLength(2);
      expect(reader.referencesTo(KEYS.repo)).toEqual([]);
      expect(reader.importedBy(REPO).map((i) => i.fromPath)).toEqual([SERVICE]);
      expect(reader.importsOf(REPO).map((i) => i.specifier)).toEqual(['./cache']);
      expect(reader.coChangeNeighbours(REPO)).toHaveLength(2);
      expect(search(reader, 'db', 'file')).toEqual([]);
      expect(search(reader, 'cache', 'file')[0]).toBe(REPO); // the guide's "cached" follows, by stem
      expect(reader.symbolsByName('Repo')).toEqual([]);
      expect(reader.stats().symbols).toBe(6);
    });

    it('drops edges and doc links out of a rewritten file and links to its vanished symbols', () => {
      const { writer } = store();
      writer.writeFiles([indexedFile(SERVICE, { symbols: [{ qualifiedName: 'UserService' }] })]);
      const reader = store().reader();
      expect(reader.referencesFrom(SERVICE)).toEqual([]);
      expect(reader.referencesTo(KEYS.getUserName)).toEqual([]);
      expect(reader.docLinksTo(KEYS.getUserName)).toEqual([]);
      expect(reader.docLinksTo(REPO)).toHaveLength(1);
      expect(reader.importedBy(SERVICE).map((i) => i.fromPath)).toEqual([TEST]);
      expect(store().writer.rawReferencesOf([SERVICE])).toEqual([]);
    });

    it('keeps the later of two entries for one path in one call', () => {
      const { writer } = store();
      writer.writeFiles([
        indexedFile('src/twice.ts', { text: 'first draft', symbols: [{ qualifiedName: 'draftOne' }], rawReferences: [{ fromKey: 'src/twice.ts', name: 'one', qualifier: null, kind: 'call', line: 1 }] }),
        indexedFile('src/twice.ts', { text: 'second version', symbols: [{ qualifiedName: 'finalTwo' }], rawReferences: [{ fromKey: 'src/twice.ts', name: 'two', qualifier: null, kind: 'call', line: 2 }] }),
      ]);
      const reader = store().reader();
      expect(reader.symbolsOfFile('src/twice.ts').map((s) => s.name)).toEqual(['finalTwo']);
      expect(search(reader, 'draft', 'file')).toEqual([]);
      expect(search(reader, 'draftOne', 'symbol')).toEqual([]);
      expect(search(reader, 'version', 'file')).toEqual(['src/twice.ts']);
      expect(writer.rawReferencesOf(['src/twice.ts']).map((r) => r.name)).toEqual(['two']);
      expect(writer.rawReferencesNamed(['one'])).toEqual([]);
      expect(reader.stats().files).toBe(6);
    });

    it('prunes links into vanished symbols of every file rewritten in one call', () => {
      const { writer } = store();
      writer.writeFiles([
        indexedFile(SERVICE, { symbols: [{ qualifiedName: 'UserService' }] }),
        indexedFile(REPO, { symbols: [{ qualifiedName: 'Repo', kind: 'class' }] }),
      ]);
      const reader = store().reader();
      expect(reader.referencesTo(KEYS.fetchUser)).toEqual([]);
      expect(reader.referencesTo(KEYS.getUserName)).toEqual([]);
      expect(reader.docLinksTo(KEYS.getUserName)).toEqual([]);
      expect(reader.symbolsOfFile(REPO).map((s) => s.name)).toEqual(['Repo']);
    });

    it('writes all files of one call or none', () => {
      const broken = indexedFile('src/broken.ts', { symbols: [{ qualifiedName: 'x' }] });
      broken.symbols[0] = { ...broken.symbols[0]!, path: 'src/elsewhere.ts' };
      expect(() => store().writer.writeFiles([indexedFile('src/fine.ts', { text: 'fine' }), broken])).toThrow();
      const reader = store().reader();
      expect(reader.file('src/fine.ts')).toBeNull();
      expect(search(reader, 'fine', 'file')).toEqual([]);
      expect(reader.stats().files).toBe(5);
    });

    it('rolls back everything done inside a failed transaction', () => {
      const { writer } = store();
      expect(() =>
        writer.transaction(() => {
          writer.writeFiles([indexedFile('src/new.ts', { text: 'brand new', symbols: [{ qualifiedName: 'brandNew' }] })]);
          writer.deleteFiles([SERVICE]);
          writer.replaceCoChange([]);
          writer.setMeta('gitHead', 'abc');
          writer.setState('complete');
          throw new Error('cut off');
        }),
      ).toThrow('cut off');
      const reader = store().reader();
      expect(reader.file('src/new.ts')).toBeNull();
      expect(reader.file(SERVICE)).not.toBeNull();
      expect(search(reader, 'brandnew', 'symbol')).toEqual([]);
      expect(search(reader, 'displayname', 'file')).toEqual([SERVICE]);
      expect(reader.stats()).toMatchObject({ files: 5, symbols: 7, references: 4, coChangePairs: 3, state: 'empty', gitHead: null });
    });

    it('nests transactions: an inner failure caught inside rolls back the inner part only', () => {
      const { writer } = store();
      const result = writer.transaction(() => {
        writer.setMeta('outer', 'kept');
        try {
          writer.transaction(() => {
            writer.deleteFiles([REPO]);
            throw new Error('inner');
          });
        } catch {
          // the caller decided to carry on
        }
        return 'done';
      });
      expect(result).toBe('done');
      const reader = store().reader();
      expect(reader.meta('outer')).toBe('kept');
      expect(reader.file(REPO)).not.toBeNull();
    });

    it('lets readers read beside the writer: each reads the state it opened, until latest()', () => {
      const { writer } = store();
      writer.setState('complete');
      const reader = store().reader();
      writer.transaction(() => {
        writer.writeFiles([indexedFile('src/pending.ts', { text: 'pending' })]);
        expect(writer.file('src/pending.ts')).not.toBeNull();
        expect(reader.file('src/pending.ts')).toBeNull();
      });
      // Committed, but part of a run that is not complete: the reader stays where it was.
      writer.setState('building');
      expect(reader.latest()).toBe(false);
      expect(reader.file('src/pending.ts')).toBeNull();
      expect(reader.stats()).toMatchObject({ files: 5, state: 'complete' });
      expect(search(reader, 'displayname', 'file')).toEqual([SERVICE]);
      expect(store().reader().file('src/pending.ts')).not.toBeNull(); // a reader opened now sees it
      writer.setState('complete');
      expect(reader.latest()).toBe(true);
      expect(reader.file('src/pending.ts')).not.toBeNull();
      expect(search(reader, 'pending', 'file')).toEqual(['src/pending.ts']);
    });

    it('keeps its state (and its content version) through latest() when nothing was committed', () => {
      const { writer } = store();
      writer.setState('complete');
      const reader = store().reader();
      const before = reader.contentVersion();
      expect(reader.latest()).toBe(false);
      expect(reader.contentVersion()).toBe(before);
      writer.setMeta('note', 'a commit');
      expect(reader.contentVersion()).toBe(before);
      expect(reader.latest()).toBe(true);
      expect(reader.contentVersion()).not.toBe(before);
    });

    it('moves the content version when the reader moves to another state, and only then', () => {
      const { writer } = store();
      writer.setState('complete');
      const reader = store().reader();
      const before = reader.contentVersion();
      reader.symbolsOfFile(REPO);
      reader.search({ terms: tokenized(['user']), target: 'symbol', limit: 5 });
      expect(reader.contentVersion()).toBe(before);
      writer.transaction(() => {
        writer.writeFiles([indexedFile('src/pending.ts', { text: 'pending' })]);
        expect(reader.contentVersion()).toBe(before);
      });
      expect(reader.contentVersion()).toBe(before);
      reader.latest();
      const after = reader.contentVersion();
      expect(after).not.toBe(before);
      expect(reader.contentVersion()).toBe(after);
      const writerBefore = writer.contentVersion();
      writer.setMeta('note', 'its own write');
      expect(writer.contentVersion()).not.toBe(writerBefore);
    });

    it('keeps meta, state and indexedAt', () => {
      const { writer, clock } = store();
      writer.setMeta('gitHead', 'deadbeef');
      writer.setMeta('note', 'x');
      writer.setMeta('note', null);
      writer.setState('building');
      expect(store().reader().stats()).toMatchObject({ state: 'building', indexedAt: null, gitHead: 'deadbeef' });
      clock.now = 1_800_000_000_000;
      writer.setState('complete');
      const reader = store().reader();
      expect(reader.stats()).toMatchObject({ state: 'complete', indexedAt: 1_800_000_000_000 });
      expect(reader.meta('note')).toBeNull();
      expect(reader.meta('gitHead')).toBe('deadbeef');
    });

    it('persists everything across reopening', () => {
      const { writer } = store();
      writer.setMeta('gitHead', 'cafe');
      writer.setState('complete');
      const before = store().reader().stats();
      writer.close();
      const reopened = store().reopenWriter();
      expect(reopened.stats()).toEqual(before);
      expect(reopened.symbolsOfFile(SERVICE)).toEqual(sampleFiles()[0]?.symbols);
      expect(reopened.referencesTo(KEYS.getUserName)).toEqual([edge(KEYS.testGetUserName, KEYS.getUserName, { confidence: 0.5 })]);
      expect(reopened.search({ terms: tokenized(['bar_baz']), target: 'symbol', limit: 5 }).map((h) => h.id)).toEqual([KEYS.barBaz]);
      reopened.writeFiles([indexedFile('src/after.ts', { text: 'after reopen' })]);
      expect(store().reader().file('src/after.ts')).not.toBeNull();
    });
  });
}
