import { afterEach, describe, expect, it } from 'vitest';
import { drainIndex, openReader, runIndex } from '../../app/stores.js';
import { openRepo } from '../../app/repo.js';
import type { CuratedReader } from '../../store/curated.js';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { ReadMemo } from './memo-reader.js';

const CART = 'cart.py';

describe('ReadMemo', () => {
  let dir: TempDir | null = null;
  let reader: CuratedReader | null = null;
  afterEach(() => {
    reader?.close();
    dir?.remove();
    reader = null;
    dir = null;
  });

  async function indexed(files: Record<string, string>) {
    dir = tempDir('cairn-memo-');
    for (const [path, text] of Object.entries(files)) dir.write(path, text);
    const context = await openRepo({ repo: dir.path, env: {} });
    await drainIndex(runIndex(context, { workers: 0 }));
    reader = openReader(context);
    return { context, dir, reader };
  }

  it('answers later runs from what earlier runs read while the index is unchanged', async () => {
    const { reader } = await indexed({ [CART]: 'def total(items):\n    return sum(items)\n' });
    const memo = new ReadMemo();
    const first = memo.reader(reader).symbolsOfFile(CART);
    expect(first.map((symbol) => symbol.name)).toEqual(['total']);
    expect(memo.reader(reader).symbolsOfFile(CART)).toBe(first);
    expect(memo.reader(reader).file(CART)).toBe(memo.reader(reader).file(CART));
    expect(memo.reader(reader).filePaths()).toBe(memo.reader(reader).filePaths());
  });

  it('forgets everything once another connection commits to the index', async () => {
    const { context, dir, reader } = await indexed({ [CART]: 'def total(items):\n    return sum(items)\n' });
    const memo = new ReadMemo();
    const before = memo.reader(reader);
    expect(before.symbolsOfFile(CART).map((symbol) => symbol.name)).toEqual(['total']);
    const hashBefore = before.file(CART)?.hash;
    dir.write(CART, 'def total(items):\n    return sum(items)\n\ndef discount(items):\n    return 0\n');
    await drainIndex(runIndex(context, { workers: 0 }));
    const after = memo.reader(reader);
    expect(after.symbolsOfFile(CART).map((symbol) => symbol.name)).toEqual(['total', 'discount']);
    expect(after.file(CART)?.hash).not.toBe(hashBefore);
  });

  it('keeps one run on the state it started with', async () => {
    const { context, dir, reader } = await indexed({ [CART]: 'def total(items):\n    return sum(items)\n' });
    const run = new ReadMemo().reader(reader);
    expect(run.symbolsOfFile(CART)).toHaveLength(1);
    dir.write(CART, 'def total(items):\n    return 1\n\ndef tax(items):\n    return 0\n');
    await drainIndex(runIndex(context, { workers: 0 }));
    expect(run.symbolsOfFile(CART)).toHaveLength(1);
  });

  it('empties a lookup that outgrew its bound when the next run starts', async () => {
    const { reader } = await indexed({ 'a.py': 'def a():\n    pass\n', 'b.py': 'def b():\n    pass\n', 'c.py': 'def c():\n    pass\n' });
    const memo = new ReadMemo(2);
    const run = memo.reader(reader);
    const first = run.symbolsOfFile('a.py');
    run.symbolsOfFile('b.py');
    expect(memo.reader(reader).symbolsOfFile('a.py')).toBe(first); // two entries: within the bound
    memo.reader(reader).symbolsOfFile('c.py');
    const again = memo.reader(reader).symbolsOfFile('a.py'); // three entries: emptied at this run's start
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('starts afresh for another reader, whose version numbers are its own', async () => {
    const { context, dir, reader } = await indexed({ [CART]: 'def total(items):\n    return sum(items)\n' });
    const memo = new ReadMemo();
    expect(memo.reader(reader).symbolsOfFile(CART)).toHaveLength(1);
    dir.write(CART, 'def total(items):\n    return 1\n\ndef tax(items):\n    return 0\n');
    await drainIndex(runIndex(context, { workers: 0 }));
    const fresh = openReader(context); // a new connection: its data_version and total_changes start over
    try {
      expect(memo.reader(fresh).symbolsOfFile(CART).map((symbol) => symbol.name)).toEqual(['total', 'tax']);
    } finally {
      fresh.close();
    }
  });
});
