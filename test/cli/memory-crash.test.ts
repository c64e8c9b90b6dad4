// A process killed mid-write loses nothing it committed: a writer recording episodes is
// killed with SIGKILL while it writes; every episode it reported committed is there whole
// (every block), and `verify` finds no damage — an episode cut off mid-transaction is
// simply absent.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteMemoryStore } from '../../src/store/sqlite/memory-store.js';
import { tempDir, type TempDir } from '../support/temp-repo.js';

const WRITER = fileURLToPath(new URL('./memory-writer.mjs', import.meta.url));
const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

/** Starts a writer and kills it `delayMs` after it reported `commits` more commits. */
function killAfter(indexDir: string, commits: number, delayMs: number): Promise<{ acknowledged: number; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, indexDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let acknowledged = 0;
    let seen = 0;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/committed (\d+)/g)) {
        acknowledged = Math.max(acknowledged, Number(match[1]));
        seen++;
      }
      if (seen >= commits && child.exitCode === null && !child.killed) setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve({ acknowledged, signal }) : reject(new Error(`writer exited: ${stderr}`))));
  });
}

describe('memory store crash safety', () => {
  it('keeps every committed episode whole when its writers are killed mid-write', async () => {
    const dir = tempDir('cairn-memory-crash-');
    dirs.push(dir);
    const indexDir = `${dir.path}/.cairn`;
    // Kills at different points of a transaction: right after a commit, and a few ms into the next ones.
    let acknowledged = 0;
    for (const delayMs of [0, 2, 5, 9, 14]) {
      const round = await killAfter(indexDir, 5, delayMs);
      expect(round.signal).toBe('SIGKILL');
      acknowledged = round.acknowledged;
    }
    const store = openSqliteMemoryStore(indexDir);
    try {
      const episodes = store.episodes('c');
      expect(episodes.length).toBeGreaterThanOrEqual(acknowledged);
      expect(episodes.map((episode) => episode.sequence)).toEqual(episodes.map((_, at) => at + 1));
      for (const episode of episodes) expect(store.blocks(episode.id)).toHaveLength(episode.blockCount);
      expect(store.verify()).toEqual([]);
    } finally {
      store.close();
    }
  });
});
