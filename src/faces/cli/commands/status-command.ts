// `cairn status`: where the index is, what it holds, and how far it is behind the disk
// (`indexStatus`, operations/status.ts; its counts are the overview HTTP `GET /repos` shows).

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { rawLogUsage } from '../../../app/stores.js';
import { openOrExplain } from '../../../app/readers.js';
import type { RepoContext } from '../../../config/repo-context.js';
import { indexStatus, type IndexStatus, type RawLogUsage } from '../../../operations/status.js';
import { printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { compareText } from '../../../core/compare.js';
import { printable } from '../../../core/printable.js';
import { redactedStoreUrl } from '../../../config/store-choice.js';

interface StatusFlags extends RepoFlags {
  json?: boolean;
  check?: boolean;
}

export function registerStatusCommand(program: Command, io: Io): void {
  const command = program.command('status').description(COMMAND_SUMMARIES.status.summary);
  withRepoOptions(command)
    .option('--json', 'print JSON')
    .option('--check', "also check every page of the index (SQLite's integrity check); exit 5 when damaged")
    .action(async (flags: StatusFlags) => {
      const context = await repoFrom(flags, io);
      const reader = openOrExplain(context);
      try {
        const status = await indexStatus({ context, reader, rawLogUsage: () => rawLogUsage(context) }, { check: Boolean(flags.check) });
        if (flags.json) printJson(io, statusJson(context, status));
        else io.out(describeStatus(context, status));
      } finally {
        reader.close();
      }
    });
}

/** The JSON of `cairn status --json`: the overview's counts under the names (and in the order) the index's statistics carry. */
function statusJson(context: RepoContext, status: IndexStatus): Record<string, unknown> {
  const { overview } = status;
  return {
    repo: context.root,
    ...(context.store ? { store: { adapter: 'postgres', url: redactedStoreUrl(context.store.url), repository: context.store.repository } } : {}),
    indexDir: context.indexDir,
    schemaVersion: status.schemaVersion,
    state: status.state,
    files: overview.files,
    symbols: overview.symbols,
    imports: overview.imports,
    references: overview.references,
    docChunks: overview.docChunks,
    docLinks: status.docLinks,
    coChangePairs: overview.coChangePairs,
    commits: overview.commits,
    filesByLanguage: Object.fromEntries([...overview.languages].sort((a, b) => compareText(a.language, b.language)).map(({ language, files }) => [language, files])),
    indexedAt: overview.indexedAt,
    gitHead: overview.gitHead,
    writer: status.writer,
    historyNote: status.historyNote,
    rawLog: status.rawLog,
    pending: status.pending,
    ...(status.integrity === null ? {} : { integrity: status.integrity }),
  };
}

function describeStatus(context: RepoContext, status: IndexStatus): string {
  const { overview, pending, writer, historyNote: history } = status;
  const when = overview.indexedAt ? new Date(overview.indexedAt).toISOString() : 'never';
  const languages = overview.languages.map(({ language, files }) => `${language} ${files}`).join(', ');
  return [
    `repository   ${printable(context.root)}`,
    ...(context.store ? [`store        PostgreSQL ${printable(redactedStoreUrl(context.store.url))}, repository ${printable(context.store.repository)} (the index below is its newest published generation)`] : []),
    `index        ${printable(context.indexDir)} (schema v${status.schemaVersion}, ${status.state}, indexed ${when})`,
    ...(writer === null ? [] : [`writer       process ${writer} is writing the index; commands answer from the last complete one meanwhile`]),
    `contents     ${overview.files} files, ${overview.symbols} symbols, ${overview.imports} imports, ${overview.references} references, ${overview.docChunks} doc chunks, ${overview.coChangePairs} co-change pairs`,
    `languages    ${languages || '-'}`,
    `git head     ${overview.gitHead ?? '-'}`,
    `history      ${history === null ? 'complete' : printable(history)}`,
    `raw log      ${context.store ? describeSharedLog(status.rawLog) : describeLog(status.rawLog)}`,
    `pending      ${pending.added} added, ${pending.changed} changed, ${pending.removed} removed since the last index${pending.added + pending.changed + pending.removed ? ' (run `cairn index`)' : ''}`,
    ...(status.integrity === null ? [] : ['integrity    ok (every page checked)']),
    '',
  ].join('\n');
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
