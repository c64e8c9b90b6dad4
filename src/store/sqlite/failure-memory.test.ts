// Adapter-specific: the failure memory is read by diagnostics, which promises to write
// nothing, so its file must be readable without any write (a rollback journal, not WAL).

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshotTree } from '../../../test/support/tree-snapshot.js';
import { openSqliteFailureMemory, openSqliteFailureReader } from './failure-memory.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function recorded(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-failures-'));
  dirs.push(dir);
  const memory = openSqliteFailureMemory(dir);
  memory.record({
    phaseId: 'test',
    errorMessage: 'ValueError: quantity must be positive',
    errorType: 'ValueError',
    errorPattern: 'ValueError: quantity must be positive',
    frames: [],
    rootCause: 'negative quantities from the importer',
    resolution: 'reject them at import',
    digest: 'd'.repeat(64),
  });
  memory.close();
  return dir;
}

describe('sqlite failure memory', () => {
  it('leaves no journal or WAL files behind after recording', () => {
    expect(readdirSync(recorded())).toEqual(['failures.db']);
  });

  it('reading writes nothing: same files, bytes and mtimes', () => {
    const dir = recorded();
    const before = snapshotTree(dir);
    const reader = openSqliteFailureReader(dir);
    expect(reader.list()).toHaveLength(1);
    expect(reader.count()).toBe(1);
    reader.close();
    expect(snapshotTree(dir)).toEqual(before);
  });
});
