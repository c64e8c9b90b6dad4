// Test support (imported by tests only): a fixture repository copied to a temp folder,
// indexed in-process, with the real stores open on it — the same ports the CLI uses.

import { drainIndex, openRawLog, openReader, openSessions, runIndex } from '../../src/app/stores.js';
import { openRepo } from '../../src/app/repo.js';
import { fixtureRepo, tempDir, type TempDir } from './temp-repo.js';
import type { RetrievalPorts } from '../../src/retrieval/pipeline/retrieve.js';

export interface IndexedRepo {
  dir: TempDir;
  ports: RetrievalPorts;
  /** Re-indexes after the test changed files, and reopens the reader. */
  reindex(): Promise<void>;
  close(): void;
}

export async function indexedFixture(name: string, overrides: Partial<RetrievalPorts> = {}): Promise<IndexedRepo> {
  return indexedDir(fixtureRepo(name), overrides);
}

export async function indexedFiles(files: Record<string, string>, overrides: Partial<RetrievalPorts> = {}): Promise<IndexedRepo> {
  const dir = tempDir('cairn-retrieval-');
  for (const [path, text] of Object.entries(files)) dir.write(path, text);
  return indexedDir(dir, overrides);
}

async function indexedDir(dir: TempDir, overrides: Partial<RetrievalPorts>): Promise<IndexedRepo> {
  const context = await openRepo({ repo: dir.path, env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
  const ports: RetrievalPorts = {
    reader: openReader(context),
    rawLog: openRawLog(context),
    sessions: openSessions(context),
    root: context.root,
    llm: null,
    ...overrides,
  };
  return {
    dir,
    ports,
    async reindex() {
      ports.reader.close();
      await drainIndex(runIndex(context, { workers: 0 }));
      ports.reader = openReader(context);
    },
    close() {
      ports.reader.close();
      ports.rawLog.close();
      ports.sessions.close();
      dir.remove();
    },
  };
}
