// `cairn migrate --to postgres://…`: moves a repository's `.cairn` (index, episode memory,
// failure memory, sessions, raw log) into a PostgreSQL database a team shares, then prints
// each table's row counts and content hashes as read back from both stores.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { migrateToPostgres, type MigrationReport } from '../../../app/migrate.js';
import { resolveStoreChoice } from '../../../config/store-choice.js';
import { CairnError, UsageError } from '../../../core/errors.js';
import { printable } from '../../../core/printable.js';
import { printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';

interface MigrateFlags extends RepoFlags {
  to?: string;
  replace?: boolean;
  json?: boolean;
}

export function registerMigrateCommand(program: Command, io: Io): void {
  const command = program.command('migrate').description(COMMAND_SUMMARIES.migrate.summary);
  withRepoOptions(command)
    .requiredOption('--to <url>', 'the PostgreSQL database: postgres://user@host:5432/database (libpq settings such as sslmode in the query string)')
    .option('--replace', 'replace what the database already holds of this repository')
    .option('--json', 'print the report as JSON')
    .action(async (flags: MigrateFlags) => {
      const local = await repoFrom({ ...flags, store: 'sqlite' }, io);
      const target = resolveStoreChoice({ flag: flags.to, env: {}, config: local.config, root: local.root });
      if (target.adapter !== 'postgres') throw new UsageError('--to must name a PostgreSQL database', { hint: 'pass --to postgres://user@host:5432/database' });
      const report = migrateToPostgres(local, target, { replace: Boolean(flags.replace) });
      if (flags.json) printJson(io, report);
      else io.out(describeReport(report));
      const differing = report.tables.filter((table) => table.sourceRows !== table.targetRows || table.sourceSha256 !== table.targetSha256);
      if (differing.length > 0) {
        throw new CairnError('INTEGRITY', `the database does not hold what was migrated: ${differing.map((table) => table.table).join(', ')} differ`, {
          hint: 'run `cairn migrate --replace` again; the local .cairn is unchanged',
        });
      }
    });
}

function describeReport(report: MigrationReport): string {
  const lines = [
    `migrated ${printable(report.repository)} to ${printable(report.target)} (schema ${report.schema}${report.replaced ? ', replacing what it held' : ''})`,
    report.generation === null ? '  index: none in the index directory (run `cairn index --store URL` to publish one)' : `  index published as generation ${report.generation}`,
    '',
  ];
  const width = Math.max(5, ...report.tables.map((table) => table.table.length));
  lines.push(`${'table'.padEnd(width)}  ${'rows'.padStart(8)}  ${'in db'.padStart(8)}  sha256 (first 16)  check`);
  for (const table of report.tables) {
    const same = table.sourceRows === table.targetRows && table.sourceSha256 === table.targetSha256;
    lines.push(`${table.table.padEnd(width)}  ${String(table.sourceRows).padStart(8)}  ${String(table.targetRows).padStart(8)}  ${table.sourceSha256.slice(0, 16)}   ${same ? 'same' : `DIFFERS (db ${table.targetSha256.slice(0, 16)})`}`);
  }
  return `${lines.join('\n')}\n`;
}
