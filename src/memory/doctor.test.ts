// `cairn doctor` on real hydrations: intact data passes; tracking rows deleted behind
// cairn's back (failure mode 4: lost hydration rows) and a vault text rewritten are found
// and reported — and nothing is repaired.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryFixture, type MemoryRepo } from '../../test/support/memory-repo.js';
import { doctorText, runDoctor } from './doctor.js';
import { hydrate } from './hydrate/hydrate.js';

const open: MemoryRepo[] = [];
afterEach(() => {
  for (const repo of open.splice(0)) repo.close();
});

/** Another connection, without foreign keys, as a hand edit in the sqlite3 shell would be. */
function behindCairn(m: MemoryRepo, sql: string, ...params: unknown[]): void {
  const db = new Database(join(m.repo.dir.path, '.cairn', 'memory.db'));
  try {
    db.pragma('foreign_keys = OFF');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

async function twoEpisodes(): Promise<MemoryRepo> {
  const m = await memoryFixture('shop');
  open.push(m);
  await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e1', maxTokens: 2000 });
  await hydrate(m.ports, { query: '`apply_discount`', conversationId: 'c', episodeId: 'e2', maxTokens: 2000 });
  return m;
}

describe('doctor', () => {
  it('finds nothing wrong in what hydrations wrote', async () => {
    const m = await twoEpisodes();
    const report = runDoctor(m.ports.store);
    expect(report.findings).toEqual([]);
    expect(report.artifacts).toBeGreaterThan(1);
    expect(doctorText(report)).toMatch(/^memory store: no problems found/);
  });

  it('finds an episode whose hydration rows were deleted, and leaves them deleted', async () => {
    const m = await twoEpisodes();
    behindCairn(m, 'DELETE FROM blocks WHERE episode_id = ?', 'e2');
    const report = runDoctor(m.ports.store);
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: 'episode-rows-missing', subject: 'e2' }));
    expect(doctorText(report)).toContain('nothing was changed');
    expect(m.ports.store.blocks('e2')).toEqual([]);
    expect(runDoctor(m.ports.store).findings).toEqual(report.findings);
  });

  it('finds blocks naming lost artifacts, a lost episode, and a vault text that no longer matches its hash', async () => {
    const m = await twoEpisodes();
    const [block] = m.ports.store.blocks('e1');
    behindCairn(m, 'DELETE FROM evaluations WHERE artifact_hash = ?', block!.artifactHash);
    behindCairn(m, 'DELETE FROM ledger WHERE artifact_hash = ?', block!.artifactHash);
    behindCairn(m, 'DELETE FROM versions WHERE artifact_hash = ?', block!.artifactHash);
    behindCairn(m, 'DELETE FROM artifacts WHERE hash = ?', block!.artifactHash);
    const second = m.ports.store.blocks('e2')[0]!;
    behindCairn(m, "UPDATE artifacts SET text = text || ' ' WHERE hash = ?", second.artifactHash);
    behindCairn(m, 'DELETE FROM episodes WHERE id = ?', 'e2');
    const kinds = runDoctor(m.ports.store).findings.map((finding) => `${finding.kind} ${finding.subject}`);
    expect(kinds).toContain('block-artifact-missing e1 #1');
    expect(kinds).toContain('foreign-key blocks → episodes');
    expect(kinds).toContain(`artifact-hash-mismatch ${second.artifactHash!.slice(0, 12)}`);
  });
});
