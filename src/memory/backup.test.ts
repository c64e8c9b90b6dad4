// Backups: export → import into an empty store → export gives the same bytes, after real
// hydrations, approvals and rejections; a damaged backup names its bad line and imports nothing.

import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryStore } from '../app/stores.js';
import { memoryFixture, type MemoryRepo } from '../../test/support/memory-repo.js';
import { tempDir } from '../../test/support/temp-repo.js';
import { backupLines, parseBackup } from './backup.js';
import { hydrate } from './hydrate/hydrate.js';
import { approve, reject } from './states/lifecycle.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function* linesOf(text: string): AsyncGenerator<string> {
  for (const line of text.split('\n')) yield line;
}

async function hydrated(): Promise<MemoryRepo> {
  const m = await memoryFixture('shop');
  cleanups.push(() => m.close());
  await hydrate(m.ports, { query: '`Cart.total` and `apply_discount`', conversationId: 'c', episodeId: 'e1', maxTokens: 3000 });
  approve(m.ports, 'shop/cart.py::Cart.total');
  reject(m.ports, 'shop/pricing.py::apply_discount');
  await hydrate(m.ports, { query: 'next', conversationId: 'c', episodeId: 'e2', maxTokens: 3000 });
  return m;
}

function emptyStore() {
  const dir = tempDir('cairn-backup-');
  const store = openMemoryStore({ indexDir: `${dir.path}/.cairn` });
  cleanups.push(() => {
    store.close();
    dir.remove();
  });
  return store;
}

describe('memory backups', () => {
  it('round-trips exactly: the import of an export exports the same bytes', async () => {
    const m = await hydrated();
    const exported = `${[...backupLines(m.ports.store)].join('\n')}\n`;
    expect(exported.split('\n')[0]).toBe('{"format":"cairn-memory","version":1}');
    const copy = emptyStore();
    copy.load(await parseBackup('backup.jsonl', linesOf(exported)));
    expect(`${[...backupLines(copy)].join('\n')}\n`).toBe(exported);
    expect(copy.currentVersion('shop/cart.py::Cart.total')?.state).toBe('AUTHORITATIVE');
    expect(copy.blocks('e2').map((block) => block.entityKey)).toEqual(m.ports.store.blocks('e2').map((block) => block.entityKey));
  });

  it('names the bad line of a damaged backup and imports nothing', async () => {
    const m = await hydrated();
    const lines = [...backupLines(m.ports.store)];
    const cases: [string, RegExp][] = [
      ['', /line 1: not JSON/],
      [['{"format":"other","version":1}', ...lines.slice(1)].join('\n'), /line 1: not a cairn-memory version 1 header/],
      [[...lines.slice(0, 3), '{"table":"episodes"', ...lines.slice(3)].join('\n'), /line 4: not JSON/],
      [[...lines.slice(0, 2), '{"table":"nope","row":{}}'].join('\n'), /line 3: not a \{"table", "row"\} line/],
      [[...lines.slice(0, 2), '{"table":"authority","row":{"seq":1}}'].join('\n'), /line 3: the authority row does not have the columns/],
    ];
    for (const [text, message] of cases) {
      await expect(parseBackup('b.jsonl', linesOf(text))).rejects.toMatchObject({ code: 'INPUT_INVALID', message: expect.stringMatching(message) });
    }
  });
});
