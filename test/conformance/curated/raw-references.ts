// Raw references: what the link phase reads back to resolve. Both reads return references
// exactly as written, ordered by file path and then extraction order, and the lookup by
// name follows every rewrite and deletion of a file.

import { describe, expect, it } from 'vitest';
import type { RawReference } from '../../../src/core/entities.js';
import type { OpenCuratedStore } from '../curated-store.suite.js';
import { KEYS, SERVICE, STRINGS, TEST, indexedFile } from '../fixtures.js';
import { useCuratedStore } from './harness.js';

const LATER = 'src/z/later.py';
const EARLIER = 'lib/a/earlier.py';

/** Names that are awkward in any encoding: quotes, separators, non-ASCII, an empty qualifier. */
function awkwardReferences(): Omit<RawReference, 'fromPath'>[] {
  return [
    { fromKey: `${LATER}::f`, name: 'fetchUser', qualifier: null, kind: 'call', line: 3 },
    { fromKey: LATER, name: 'we"ird\\name', qualifier: 'a,b', kind: 'read', line: 1 },
    { fromKey: `${LATER}::g`, name: 'größe', qualifier: '', kind: 'type', line: 9 },
    { fromKey: `${LATER}::f`, name: 'fetchUser', qualifier: 'repo', kind: 'call', line: 2 },
    { fromKey: `${LATER}::f`, name: '[0]', qualifier: 'null', kind: 'inherit', line: 2 },
  ];
}

export function describeRawReferences(name: string, open: OpenCuratedStore): void {
  describe(`${name}: raw references`, () => {
    const store = useCuratedStore(open);

    it('returns every field exactly as written, repeats and awkward strings included', () => {
      const { writer } = store();
      const written = indexedFile(LATER, { rawReferences: awkwardReferences() });
      writer.writeFiles([written]);
      expect(writer.rawReferencesOf([LATER])).toEqual(written.rawReferences);
      expect(writer.rawReferencesNamed(['we"ird\\name', 'größe', '[0]']).map((r) => r.line)).toEqual([1, 9, 2]);
    });

    it('orders by file path, then extraction order, whatever order paths and names are asked in', () => {
      const { writer } = store();
      writer.writeFiles([
        indexedFile(LATER, { rawReferences: awkwardReferences() }),
        indexedFile(EARLIER, { rawReferences: [{ fromKey: EARLIER, name: 'fetchUser', qualifier: null, kind: 'call', line: 7 }] }),
      ]);
      const of = writer.rawReferencesOf([LATER, TEST, EARLIER, SERVICE]);
      expect(of.map((r) => r.fromPath)).toEqual([EARLIER, SERVICE, SERVICE, SERVICE, LATER, LATER, LATER, LATER, LATER, TEST]);
      const named = writer.rawReferencesNamed(['getUserName', 'fetchUser', 'no-such-name']);
      expect(named.map((r) => [r.fromPath, r.line])).toEqual([
        [EARLIER, 7],
        [SERVICE, 2],
        [SERVICE, 3],
        [LATER, 3],
        [LATER, 2],
        [TEST, 4],
      ]);
      expect(writer.rawReferencesOf(['no/such/file.py'])).toEqual([]);
    });

    it('forgets the names of a rewritten file and finds its new ones', () => {
      const { writer } = store();
      writer.writeFiles([
        indexedFile(SERVICE, { rawReferences: [{ fromKey: KEYS.getUserName, name: 'renamedFetch', qualifier: null, kind: 'call', line: 5 }] }),
      ]);
      expect(writer.rawReferencesNamed(['fetchUser']).map((r) => r.fromPath)).toEqual([]);
      expect(writer.rawReferencesNamed(['Repo'])).toEqual([]);
      expect(writer.rawReferencesNamed(['renamedFetch']).map((r) => r.fromKey)).toEqual([KEYS.getUserName]);
      writer.writeFiles([indexedFile(SERVICE)]);
      expect(writer.rawReferencesNamed(['renamedFetch'])).toEqual([]);
      expect(writer.rawReferencesOf([SERVICE])).toEqual([]);
    });

    it('forgets every reference of a deleted file, by path and by name', () => {
      const { writer } = store();
      writer.deleteFiles([STRINGS]);
      expect(writer.rawReferencesOf([STRINGS])).toEqual([]);
      expect(writer.rawReferencesNamed(['bar_baz'])).toEqual([]);
      writer.writeFiles([indexedFile(STRINGS, { rawReferences: [{ fromKey: KEYS.barBaz, name: 'bar_baz', qualifier: null, kind: 'call', line: 1 }] })]);
      expect(writer.rawReferencesNamed(['bar_baz']).map((r) => r.qualifier)).toEqual([null]);
    });

    it('keeps references across a reopen', () => {
      const before = store().writer.rawReferencesOf([SERVICE, STRINGS, TEST]);
      store().writer.close();
      const writer = store().reopenWriter();
      expect(writer.rawReferencesOf([SERVICE, STRINGS, TEST])).toEqual(before);
      expect(writer.rawReferencesNamed(['fetchUser'])).toHaveLength(2);
    });
  });
}
