// `cairn memory export FILE` / `cairn memory import FILE`: a backup of the episode memory
// (episodes, blocks, cuts, the vault, versions, the ledger, evaluations, approvals) as JSON
// Lines. Export writes only the file it is given (never over an existing one); import
// loads into an index directory without memory, all or nothing.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { renameSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import type { Command } from 'commander';
import { checkOutputFile, MIB } from '../../../config/option-file.js';
import { optionFileLines } from '../../../config/option-lines.js';
import { InputError, isCairnError } from '../../../core/errors.js';
import { exportMemory, importMemory, parseBackup } from '../../../operations/memory-admin.js';
import { repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { withStoresRepo } from '../repo-handle.js';

/** Rows written per append: a few MB at most in memory, however large the memory store. */
const LINES_PER_WRITE = 2_000;
/** An import is held in memory before it is loaded: a backup past this is refused unread. */
const MAX_BACKUP_BYTES = 2 * 1024 * MIB;
/** One row: a vault blob (a file's content as JSON text) at most. */
const MAX_BACKUP_LINE_BYTES = 64 * MIB;
const IMPORT_HINT = 'pass the path of a file written by `cairn memory export`';

export function registerMemoryCommand(program: Command, io: Io): void {
  const memory = program.command('memory').description(COMMAND_SUMMARIES.memory.summary);
  withRepoOptions(memory.command('export').description('write the episode memory to FILE (JSON Lines)').argument('<file>', 'the backup file to write (must not exist)'))
    .action(async (file: string, flags: RepoFlags) => {
      checkOutputFile({ what: 'backup file', path: file, hint: 'name a new file in an existing folder: an export never overwrites one', mustNotExist: true });
      await withStoresRepo(await repoFrom(flags, io), io, (repo) => {
        const rows = writeBackup(file, exportMemory(repo));
        io.err(`cairn: exported ${rows} rows to ${file}\n`);
      });
    });
  withRepoOptions(memory.command('import').description('load a backup written by `cairn memory export` into an empty memory store').argument('<file>', 'the backup file'))
    .action(async (file: string, flags: RepoFlags) => {
      const tables = await parseBackup(file, optionFileLines({ what: 'backup file', path: file, maxBytes: MAX_BACKUP_BYTES, maxLineBytes: MAX_BACKUP_LINE_BYTES, hint: IMPORT_HINT }));
      await withStoresRepo(await repoFrom(flags, io), io, (repo) => {
        const rows = importMemory(repo, tables);
        io.err(`cairn: imported ${rows} rows from ${file}\n`);
      });
    });
}

/** Writes beside the target and renames it into place: a reader never sees half a backup. */
function writeBackup(file: string, lines: Iterable<string>): number {
  const partial = `${file}.partial-${process.pid}`;
  let rows = -1;
  try {
    writeFileSync(partial, '', { flag: 'wx' });
    let batch: string[] = [];
    for (const line of lines) {
      batch.push(line);
      rows++;
      if (batch.length === LINES_PER_WRITE) {
        appendFileSync(partial, `${batch.join('\n')}\n`);
        batch = [];
      }
    }
    if (batch.length > 0) appendFileSync(partial, `${batch.join('\n')}\n`);
    renameSync(partial, file);
    return rows;
  } catch (error) {
    rmSync(partial, { force: true });
    if (isCairnError(error)) throw error;
    throw new InputError('INPUT_INVALID', `cannot write ${file}`, { hint: 'check the folder exists and is writable', cause: error });
  }
}
