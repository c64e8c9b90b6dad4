// Test support (imported by tests only): a repository indexed in-process with episode
// memory on it — the real memory store, the retrieval pipeline, the o200k counter and the
// indexer's extraction, wired as src/app/memory.ts wires them — and a log that keeps lines.

import { openMemoryStore } from '../../src/app/stores.js';
import { extractEntities } from '../../src/indexer/extract-entities.js';
import { diskFileProbe } from '../../src/memory/disk/file-probe.js';
import type { MemoryLog, MemoryPorts } from '../../src/memory/ports.js';
import { createO200kCounter } from '../../src/tokenizer/tokens.js';
import { indexedFiles, indexedFixture, type IndexedRepo } from './retrieval-repo.js';

export interface MemoryRepo {
  repo: IndexedRepo;
  ports: MemoryPorts;
  /** Log lines by level, in order. */
  lines: { level: 'info' | 'warn' | 'debug'; line: string }[];
  /** Re-indexes after the test changed files; the memory ports read the new index. */
  reindex(): Promise<void>;
  close(): void;
}

const counter = createO200kCounter();

export async function memoryFixture(name: string, overrides: Partial<MemoryPorts> = {}): Promise<MemoryRepo> {
  return withMemory(await indexedFixture(name), overrides);
}

export async function memoryFiles(files: Record<string, string>, overrides: Partial<MemoryPorts> = {}): Promise<MemoryRepo> {
  return withMemory(await indexedFiles(files), overrides);
}

function withMemory(repo: IndexedRepo, overrides: Partial<MemoryPorts>): MemoryRepo {
  const lines: MemoryRepo['lines'] = [];
  const log: MemoryLog = {
    info: (line) => lines.push({ level: 'info', line }),
    warn: (line) => lines.push({ level: 'warn', line }),
    debug: (line) => lines.push({ level: 'debug', line }),
  };
  const ports: MemoryPorts = {
    store: openMemoryStore({ indexDir: `${repo.dir.path}/.cairn` }),
    reader: repo.ports.reader,
    files: diskFileProbe(repo.dir.path),
    extract: extractEntities,
    counter,
    settings: { etvTtlMs: 60_000, implicitAuthority: false, maxTokens: 8_000, maxEntities: 40 },
    log,
    retrieval: repo.ports,
    ...overrides,
  };
  return {
    repo,
    ports,
    lines,
    async reindex() {
      await repo.reindex();
      ports.reader = repo.ports.reader;
    },
    close() {
      ports.store.close();
      repo.close();
    },
  };
}
