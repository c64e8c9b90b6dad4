// Looking after episode memory, the CLI's own use cases (no agent face offers them):
// checking its tracking data (`cairn doctor`, which reports and never repairs), and backing
// it up and restoring it (`cairn memory export` / `import`, JSON Lines: memory/backup.ts).

import type { MemoryDumpTable } from '../store/memory.js';
import { backupLines, parseBackup } from '../memory/backup.js';
import { runDoctor, type DoctorReport } from '../memory/doctor.js';
import type { RepoHandle } from './handle.js';

export { doctorText, type DoctorReport } from '../memory/doctor.js';
export { parseBackup };

export function checkMemory(repo: RepoHandle): DoctorReport {
  return runDoctor(repo.memoryStore('existing'));
}

/** The backup's lines, header first, read from the store as they are written. */
export function exportMemory(repo: RepoHandle): Iterable<string> {
  return backupLines(repo.memoryStore('existing'));
}

/** Loads a parsed backup into a memory store that holds nothing yet, all or nothing; the rows loaded. */
export function importMemory(repo: RepoHandle, tables: MemoryDumpTable[]): number {
  repo.memoryStore('create').load(tables);
  return tables.reduce((sum, table) => sum + table.rows.length, 0);
}
