import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IndexWriter } from '../../store/curated.js';
import { miningStamp } from './mining-version.js';
import { startHistoryRead } from './prefetch.js';
import { TestRepo } from './test-repo.fixture.js';

let dir: string;
let repo: TestRepo;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-prefetch-'));
  repo = TestRepo.init(dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Only meta() is read: the stored mining version and HEAD. */
function storedHistory(meta: Record<string, string>): IndexWriter {
  return { meta: (key: string) => meta[key] ?? null } as unknown as IndexWriter;
}

const options = { maxCommits: 10, maxFilesPerCommit: 5 };

describe('startHistoryRead', () => {
  it('reads nothing when the stored history is at HEAD and mined by this version', async () => {
    const head = repo.commit(1000, 'one', { 'a.py': 'a' });
    const read = await startHistoryRead(dir, storedHistory({ gitMining: miningStamp(options), gitHead: head }), options, false);
    expect(read.needed).toBe(false);
  });

  it('reads the history from HEAD when HEAD moved, or when forced', async () => {
    const first = repo.commit(1000, 'one', { 'a.py': 'a' });
    const head = repo.commit(2000, 'two', { 'a.py': 'b', 'b.py': 'b' });
    const moved = await startHistoryRead(dir, storedHistory({ gitMining: miningStamp(options), gitHead: first }), options, false);
    expect(moved.needed).toBe(true);
    expect((await moved.history())?.commits.map((commit) => commit.subject)).toEqual(['two', 'one']);
    const forced = await startHistoryRead(dir, storedHistory({ gitMining: miningStamp(options), gitHead: head }), options, true);
    expect(forced.needed).toBe(true);
    expect((await forced.history())?.head).toBe(head);
  });
});
