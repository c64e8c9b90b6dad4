// `cairn status`: where the index is, what it holds, and how far it is behind the disk.

import type { Command } from 'commander';
import { openReader } from '../../../app.js';
import { pendingChanges } from '../../../indexer/pending-changes.js';
import { printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { printable } from '../../../core/printable.js';

interface StatusFlags extends RepoFlags {
  json?: boolean;
  check?: boolean;
}

export function registerStatusCommand(program: Command, io: Io): void {
  const command = program.command('status').description('show the index location, its counts and pending changes');
  withRepoOptions(command)
    .option('--json', 'print JSON')
    .option('--check', "also check every page of the index (SQLite's integrity check); exit 5 when damaged")
    .action(async (flags: StatusFlags) => {
      const context = await repoFrom(flags, io);
      const reader = openReader(context);
      try {
        // First: a damaged index fails here, before any figure read from it is printed.
        if (flags.check) reader.checkIntegrity('full');
        const stats = reader.stats();
        const pending = await pendingChanges(context.root, context.indexDir, context.config.index, reader);
        const status = { repo: context.root, indexDir: context.indexDir, ...stats, pending, ...(flags.check ? { integrity: 'ok' } : {}) };
        if (flags.json) {
          printJson(io, status);
          return;
        }
        const when = stats.indexedAt ? new Date(stats.indexedAt).toISOString() : 'never';
        const languages = Object.entries(stats.filesByLanguage)
          .sort((a, b) => b[1] - a[1])
          .map(([lang, n]) => `${lang} ${n}`)
          .join(', ');
        io.out(
          [
            `repository   ${printable(context.root)}`,
            `index        ${printable(context.indexDir)} (schema v${stats.schemaVersion}, ${stats.state}, indexed ${when})`,
            `contents     ${stats.files} files, ${stats.symbols} symbols, ${stats.imports} imports, ${stats.references} references, ${stats.docChunks} doc chunks, ${stats.coChangePairs} co-change pairs`,
            `languages    ${languages || '-'}`,
            `git head     ${stats.gitHead ?? '-'}`,
            `pending      ${pending.added} added, ${pending.changed} changed, ${pending.removed} removed since the last index${pending.added + pending.changed + pending.removed ? ' (run `cairn index`)' : ''}`,
            ...(flags.check ? ['integrity    ok (every page checked)'] : []),
            '',
          ].join('\n'),
        );
      } finally {
        reader.close();
      }
    });
}
