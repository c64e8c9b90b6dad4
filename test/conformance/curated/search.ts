// Full-text search: code-aware tokens, ranking sanity, weights, filters applied before the
// limit, matchedFields that are true, and term statistics.

import { describe, expect, it } from 'vitest';
import { codeTokens } from '../../../src/core/tokens.js';
import { tokenized } from '../fixtures.js';
import type { TextQuery } from '../../../src/store/curated.js';
import type { OpenCuratedStore } from '../curated-store.suite.js';
import { GUIDE, KEYS, REPO, SERVICE, STRINGS, TEST, indexedFile } from '../fixtures.js';
import { useCuratedStore } from './harness.js';

/** Unrelated files so that the terms under test are rare, as in a real repository. */
function filler(count: number) {
  return Array.from({ length: count }, (_, at) =>
    indexedFile(`lib/filler_${at}.ts`, {
      text: `export function helper${at}() { return compute(${at}); }`,
      symbols: [{ qualifiedName: `helper${at}`, signature: `function helper${at}()`, body: `return compute(${at});` }],
    }),
  );
}

export function describeSearch(name: string, open: OpenCuratedStore): void {
  describe(`${name}: curated store search`, () => {
    const store = useCuratedStore(open);
    // Callers hand the store code-tokenized terms (the TextQuery contract), as here.
    const search = (query: Omit<TextQuery, 'limit'> & { limit?: number }) =>
      store().reader().search({ limit: 10, ...query, terms: tokenized(query.terms) });
    const ids = (query: Omit<TextQuery, 'limit'> & { limit?: number }) => search(query).map((hit) => hit.id);

    it('indexes the producer\'s pre-tokenized search text exactly when a file carries one', () => {
      const file = indexedFile('lib/pretokenized.ts', {
        text: 'export function plain() {}',
        symbols: [{ qualifiedName: 'plain', signature: 'function plain()', body: '{}' }],
      });
      file.searchText = {
        path: 'lib pretokenized',
        body: 'producertokenbody',
        symbols: [{ name: 'plain', qualified: 'plain', signature: 'function plain', doc: '', body: 'producertokensymbol' }],
        docChunks: [],
      };
      store().writer.writeFiles([file]);
      expect(ids({ terms: ['producertokenbody'], target: 'file' })).toEqual(['lib/pretokenized.ts']);
      expect(ids({ terms: ['producertokensymbol'], target: 'symbol' })).toEqual(['lib/pretokenized.ts::plain']);
      expect(ids({ terms: ['export'], target: 'file' })).not.toContain('lib/pretokenized.ts');
    });

    it('ranks a symbol named like the query above symbols that only mention it in their body', () => {
      store().writer.writeFiles(filler(20));
      const hits = search({ terms: ['fetchuser'], target: 'symbol' });
      expect(hits.map((h) => h.id)).toEqual([KEYS.fetchUser, expect.any(String), expect.any(String)]);
      expect(new Set(hits.slice(1).map((h) => h.id))).toEqual(new Set([KEYS.getUserName, KEYS.load]));
      expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? Infinity);
      expect(hits[0]).toMatchObject({ target: 'symbol', path: REPO, matchedFields: ['name', 'qualified', 'signature'] });
      for (const hit of hits.slice(1)) expect(hit.matchedFields).toEqual(['body']);
    });

    it('finds identifiers by their parts and whole (code-aware tokens)', () => {
      store().writer.writeFiles(filler(20));
      // Both are named get/user/name; the test symbol's body and path add "user" and "name" too.
      const userName = ids({ terms: codeTokens('user name'), target: 'symbol' });
      expect(new Set(userName.slice(0, 2))).toEqual(new Set([KEYS.getUserName, KEYS.testGetUserName]));
      expect(ids({ terms: codeTokens('getUserName'), target: 'symbol' })[0]).toBe(KEYS.getUserName);
      expect(ids({ terms: ['getusername'], target: 'symbol' })).toEqual([KEYS.getUserName, KEYS.testGetUserName]);
      expect(ids({ terms: ['bar_baz'], target: 'symbol' })).toEqual([KEYS.barBaz]);
      expect(ids({ terms: ['bar_baz'], target: 'file' })).toEqual([STRINGS]);
      expect(ids({ terms: ['foo.bar_baz'], target: 'file' })).toEqual([STRINGS]);
      expect(ids({ terms: ['baz'], target: 'file' })).toEqual([STRINGS]);
    });

    it('matches regardless of case, and matches word forms through stems', () => {
      expect(store().reader().search({ terms: ['FETCHUSER'], target: 'symbol', limit: 10 }).map((hit) => hit.id)).toContain(KEYS.fetchUser);
      expect(ids({ terms: ['installers'], target: 'doc' })).toEqual([`${GUIDE}#install`]);
      expect(ids({ terms: ['cache'], target: 'doc' })).toEqual([`${GUIDE}#caching`]);
    });

    it('returns file hits by path and doc hits by chunk id with their fields', () => {
      expect(search({ terms: ['installer'], target: 'doc' })).toEqual([
        // "installer" and the heading "Install" share the stem instal.
        { target: 'doc', path: GUIDE, id: `${GUIDE}#install`, score: expect.any(Number), matchedFields: ['heading', 'body'] },
      ]);
      expect(search({ terms: ['caching'], target: 'doc' })[0]).toMatchObject({ id: `${GUIDE}#caching`, matchedFields: ['heading', 'body'] }); // body: "cached"
      expect(search({ terms: ['guide'], target: 'doc' })[0]?.matchedFields).toEqual(['heading', 'path']);
      const fileHit = search({ terms: ['repo'], target: 'file' }).find((hit) => hit.id === REPO);
      expect(fileHit).toMatchObject({ target: 'file', path: REPO, matchedFields: ['path', 'body'] });
      expect(search({ terms: ['displayname'], target: 'file' })).toEqual([
        { target: 'file', path: SERVICE, id: SERVICE, score: expect.any(Number), matchedFields: ['body'] },
      ]);
    });

    it('reports exactly the fields each hit matched', () => {
      const hits = search({ terms: ['display', 'load'], target: 'symbol' });
      const byId = new Map(hits.map((hit) => [hit.id, hit.matchedFields]));
      // getUserName: "display" in its doc and body (displayName); load: name, qualified, signature.
      expect(byId.get(KEYS.getUserName)).toEqual(['doc', 'body']);
      expect(byId.get(KEYS.load)).toEqual(['name', 'qualified', 'signature']);
      expect(hits).toHaveLength(2);
    });

    it('orders by score, highest first, and honours the limit', () => {
      store().writer.writeFiles(filler(30));
      const hits = search({ terms: ['helper1', 'compute', 'fetchuser'], target: 'symbol', limit: 50 });
      const scores = hits.map((hit) => hit.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(hits.length).toBeGreaterThan(30);
      const top5 = ids({ terms: ['helper1', 'compute', 'fetchuser'], target: 'symbol', limit: 5 });
      expect(top5).toEqual(hits.slice(0, 5).map((hit) => hit.id));
    });

    it('ranks with the given field weights; fields not named weigh 1', () => {
      store().writer.writeFiles(filler(20));
      const bodyHeavy = ids({ terms: ['fetchuser'], target: 'symbol', fieldWeights: { body: 1000, name: 0, qualified: 0, signature: 0 } });
      expect(bodyHeavy[2]).toBe(KEYS.fetchUser);
      const nameOnly = ids({ terms: ['fetchuser'], target: 'symbol', fieldWeights: { name: 50 } });
      expect(nameOnly[0]).toBe(KEYS.fetchUser);
    });

    it('keeps rows that match only very common terms after the rarer ones', () => {
      // "return" is in half the symbols (FTS5 floors its IDF); fetchuser in three.
      const hits = ids({ terms: ['fetchuser', 'return'], target: 'symbol', limit: 20 });
      expect(hits.slice(0, 3).sort()).toEqual([KEYS.fetchUser, KEYS.getUserName, KEYS.load].sort());
      expect(hits).toContain(KEYS.barBaz);
      expect(ids({ terms: ['fetchuser', 'return'], target: 'symbol', limit: 3 })).toEqual(hits.slice(0, 3));
    });

    it('applies filters before the limit, even when they remove most hits', () => {
      const { writer } = store();
      writer.writeFiles(
        Array.from({ length: 40 }, (_, at) =>
          indexedFile(`tests/widget_${at}_test.ts`, {
            file: { isTest: true },
            text: 'widget widget widget widget',
            symbols: [{ qualifiedName: `widgetCase${at}`, body: 'widget widget widget' }],
          }),
        ),
      );
      writer.writeFiles([
        indexedFile('src/a.ts', { text: 'one widget here', symbols: [{ qualifiedName: 'alpha', body: 'uses widget once' }] }),
        indexedFile('src/b.py', { text: 'another widget', symbols: [{ qualifiedName: 'beta', body: 'widget' }] }),
      ]);
      expect(ids({ terms: ['widget'], target: 'file', limit: 2, filter: { includeTests: false } }).sort()).toEqual(['src/a.ts', 'src/b.py']);
      expect(ids({ terms: ['widget'], target: 'symbol', limit: 5, filter: { includeTests: false } }).sort()).toEqual([
        'src/a.ts::alpha',
        'src/b.py::beta',
      ]);
      expect(ids({ terms: ['widget'], target: 'file', limit: 5, filter: { languages: ['python'] } })).toEqual(['src/b.py']);
      expect(ids({ terms: ['widget'], target: 'file', limit: 5, filter: { pathGlobs: ['src/**/*.ts'] } })).toEqual(['src/a.ts']);
      expect(ids({ terms: ['widget'], target: 'file', limit: 50, filter: { kinds: ['doc'] } })).toEqual([]);
      expect(ids({ terms: ['widget'], target: 'file', limit: 50 })).toHaveLength(42);
    });

    it('filters doc hits by their file', () => {
      expect(ids({ terms: ['installer'], target: 'doc', filter: { kinds: ['doc'] } })).toEqual([`${GUIDE}#install`]);
      expect(ids({ terms: ['installer'], target: 'doc', filter: { pathGlobs: ['src/**'] } })).toEqual([]);
    });

    it('treats query text literally and returns nothing for nothing', () => {
      for (const terms of [['AND'], ['NOT', 'OR'], ['"'], ['*'], ['fetch"user'], ['NEAR(a b)'], ['{name}:x'], ['-'], ['a:b']]) {
        expect(() => search({ terms, target: 'symbol' })).not.toThrow();
      }
      expect(search({ terms: [], target: 'symbol' })).toEqual([]);
      expect(search({ terms: ['...', ''], target: 'file' })).toEqual([]);
      expect(search({ terms: ['fetchuser'], target: 'symbol', limit: 0 })).toEqual([]);
      expect(search({ terms: ['nosuchtermanywhere'], target: 'file' })).toEqual([]);
    });

    it('gives document frequencies and document counts per target', () => {
      const reader = store().reader();
      const symbols = reader.termStats('symbol', ['fetchuser', 'FetchUser', 'nosuchterm']);
      expect(symbols.documents).toBe(7);
      expect(symbols.documentFrequency).toEqual(new Map([['fetchuser', 3], ['FetchUser', 3], ['nosuchterm', 0]]));
      const files = reader.termStats('file', ['fetchuser', 'bar_baz']);
      expect(files).toEqual({ documents: 5, documentFrequency: new Map([['fetchuser', 2], ['bar_baz', 1]]) });
      expect(reader.termStats('doc', ['session']).documentFrequency.get('session')).toBe(1);
      expect(reader.termStats('doc', []).documents).toBe(2);
    });

    it('sees term statistics change once the reader moves to the changed index', () => {
      const reader = store().reader();
      expect(reader.termStats('file', ['bar_baz']).documentFrequency.get('bar_baz')).toBe(1);
      store().writer.writeFiles([indexedFile('src/more.py', { text: 'foo.bar_baz()' })]);
      store().writer.setState('complete');
      expect(reader.latest()).toBe(true);
      expect(reader.termStats('file', ['bar_baz'])).toEqual({ documents: 6, documentFrequency: new Map([['bar_baz', 2]]) });
      expect(store().writer.termStats('file', ['bar_baz']).documentFrequency.get('bar_baz')).toBe(2);
      store().writer.deleteFiles(['src/more.py', STRINGS]);
      expect(store().writer.termStats('file', ['bar_baz']).documentFrequency.get('bar_baz')).toBe(0);
      store().writer.setState('complete');
      expect(reader.latest()).toBe(true);
      expect(reader.termStats('file', ['bar_baz']).documents).toBe(4);
      expect(reader.search({ terms: ['bar_baz'], target: 'file', limit: 5 })).toEqual([]);
    });

    it('leaves test files in unless told otherwise', () => {
      expect(ids({ terms: ['getusername'], target: 'file' }).sort()).toEqual([GUIDE, SERVICE, TEST]);
      expect(ids({ terms: ['getusername'], target: 'file', filter: { includeTests: false } }).sort()).toEqual([GUIDE, SERVICE]);
    });
  });
}
