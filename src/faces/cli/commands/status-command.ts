// `cairn status`: where the index is, what it holds, and how far it is behind the disk.

import type { Command } from 'commander';
import { rawLogUsage } from '../../../app/stores.js';
import { openOrExplain } from '../../../app/readers.js';
import { activeIndexWriter } from '../../../indexer/lock.js';
import { GIT_NOTE_META } from '../../../indexer/git/history-note.js';
import { pendingChanges } from '../../../indexer/pending-changes.js';
import { printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import type { RawLogUsage } from '../../../store/raw-log.js';
import { printable } from '../../../core/printable.js';
import { redactedStoreUrl } from '../../../config/store-choice.js';

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
      const reader = openOrExplain(context);
      try {
        // First: a damaged index fails here, before any figure read from it is printed.
        if (flags.check) reader.checkIntegrity('full');
        const stats = reader.stats();
        const pending = await pendingChanges(context.root, context.indexDir, context.config.index, reader);
        const history = reader.meta(GIT_NOTE_META);
        const log = rawLogUsage(context);
        const writer = activeIndexWriter(context.indexDir);
        const status = {
          repo: context.root,
          ...(context.store ? { store: { adapter: 'postgres', url: redactedStoreUrl(context.store.url), repository: context.store.repository } } : {}),
          indexDir: context.indexDir,
          ...stats,
          writer,
          historyNote: history,
          rawLog: log,
          pending,
          ...(flags.check ? { integrity: 'ok' } : {}),
        };
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
            ...(context.store ? [`store        PostgreSQL ${printable(redactedStoreUrl(context.store.url))}, repository ${printable(context.store.repository)} (the index below is its newest published generation)`] : []),
            `index        ${printable(context.indexDir)} (schema v${stats.schemaVersion}, ${stats.state}, indexed ${when})`,
            ...(writer === null ? [] : [`writer       process ${writer} is writing the index; commands answer from the last complete one meanwhile`]),
            `contents     ${stats.files} files, ${stats.symbols} symbols, ${stats.imports} imports, ${stats.references} references, ${stats.docChunks} doc chunks, ${stats.coChangePairs} co-change pairs`,
            `languages    ${languages || '-'}`,
            `git head     ${stats.gitHead ?? '-'}`,
            `history      ${history === null ? 'complete' : printable(history)}`,
            `raw log      ${context.store ? describeSharedLog(log) : describeLog(log)}`,
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

/** The raw log in PostgreSQL: one table, not trimmed by cairn (src/store/postgres/README.md). */
function describeSharedLog(log: RawLogUsage): string {
  const since = log.oldestAt === null ? 'empty' : `entries since ${new Date(log.oldestAt).toISOString()}`;
  return `${(log.bytes / 1024 / 1024).toFixed(1)} MB in PostgreSQL, ${since} (not trimmed by cairn)`;
}

function describeLog(log: RawLogUsage): string {
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const since = log.oldestAt === null ? 'empty' : `entries since ${new Date(log.oldestAt).toISOString()}`;
  const files = `${log.segments} segment${log.segments === 1 ? '' : 's'}`;
  return `${mb(log.bytes)} in ${files}, ${since} (kept under ${mb(log.maxBytes)}: the oldest segments are dropped whole; log.maxBytes)`;
}
