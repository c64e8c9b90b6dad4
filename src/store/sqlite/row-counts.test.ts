// The writer keeps row counts in meta between runs that change nothing; every change
// that adds or removes rows must drop them, or `cairn status` and index summaries lie.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { edge, indexedFile, seedSample } from '../../../test/conformance/fixtures.js';
import type { IndexWriter } from '../curated.js';
import { ROW_COUNTS_META } from './curated-reader.js';
import { openSqliteCuratedReader, openSqliteIndexWriter } from './index.js';

let dir: string;
let writer: IndexWriter;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-counts-'));
  writer = openSqliteIndexWriter(dir);
});
afterEach(() => {
  writer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cached row counts', () => {
  it('are kept after a count and dropped by every change of rows', () => {
    seedSample(writer);
    const seeded = writer.stats();
    expect(writer.meta(ROW_COUNTS_META)).not.toBeNull();

    writer.writeFiles([indexedFile('extra.py', { symbols: [{ qualifiedName: 'extra' }] })]);
    expect(writer.meta(ROW_COUNTS_META)).toBeNull();
    expect(writer.stats()).toMatchObject({ files: seeded.files + 1, symbols: seeded.symbols + 1 });

    writer.replaceReferences(['extra.py'], [edge('extra.py::extra', 'extra.py', { fromPath: 'extra.py', toPath: 'extra.py' })]);
    expect(writer.stats().references).toBe(seeded.references + 1);

    writer.deleteFiles(['extra.py']);
    const reader = openSqliteCuratedReader(dir);
    try {
      expect(reader.stats()).toEqual({ ...seeded, indexedAt: reader.stats().indexedAt });
    } finally {
      reader.close();
    }
  });

  it('are left alone by a run that deletes nothing', () => {
    seedSample(writer);
    writer.stats();
    writer.deleteFiles([]);
    writer.touchFiles([]);
    expect(writer.meta(ROW_COUNTS_META)).not.toBeNull();
  });
});
