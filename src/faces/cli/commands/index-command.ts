// `cairn index [PATH]`: build or refresh the index of a repository; on a shared store
// (`--store postgres://…`) the index is then published for every replica.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { indexAndPublish } from '../../../app/stores.js';
import type { GenerationInfo } from '../../../store/generations.js';
import type { IndexSummary, VectorSummary } from '../../../operations/index-run.js';
import { nonNegativeInt, printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { printable } from '../../../core/printable.js';
import { indexProgressBar } from '../progress.js';
import { printWarnings } from '../refresh.js';

/** More extraction threads than this only compete for the same cores and memory. */
const MAX_WORKERS = 64;

interface IndexFlags extends RepoFlags {
  json?: boolean;
  workers?: number;
  rebuild?: boolean;
}

export function registerIndexCommand(program: Command, io: Io): void {
  const command = program
    .command('index')
    .description(COMMAND_SUMMARIES.index.summary)
    .argument('[path]', 'repository folder', '.');
  withRepoOptions(command, false)
    .option('--json', 'print a JSON summary instead of text')
    .option('--workers <n>', 'extraction worker threads (0 = in-process)', nonNegativeInt('--workers', MAX_WORKERS))
    .option('--rebuild', 'discard the existing index and build it again from scratch')
    .action(async (path: string, flags: IndexFlags) => {
      const context = await repoFrom(flags, io, path);
      const bar = indexProgressBar(io);
      const { summary, published } = await indexAndPublish(
        context,
        { ...(flags.workers !== undefined ? { workers: flags.workers } : {}), rebuild: Boolean(flags.rebuild) },
        (progress) => bar.update(progress),
      );
      bar.done();
      printWarnings(io, summary);
      if (flags.json) printJson(io, published === null ? summary : { ...summary, published });
      else io.out(describeSummary(summary) + (published === null ? '' : describePublished(published)));
    });
}

export function describeSummary(summary: IndexSummary): string {
  const { run, edges } = summary;
  const lines = [
    `indexed ${printable(summary.root)} in ${summary.seconds}s → ${printable(summary.indexDir)}`,
    `  ${summary.files} files, ${summary.symbols} symbols, ${edges.imports} imports, ${edges.references} references, ${edges.docLinks} doc links, ${edges.coChange} co-change pairs`,
    `  this run: ${run.added} added, ${run.changed} changed, ${run.removed} removed, ${run.unchanged + run.touched} unchanged`,
  ];
  const failures = Object.entries(summary.parseFailures);
  if (failures.length) lines.push(`  partial parses: ${failures.map(([lang, n]) => `${lang} ${n}`).join(', ')}`);
  if (summary.vectors) lines.push(`  ${describeVectors(summary.vectors)}`);
  const skipped = Object.entries(summary.skipped).filter(([, n]) => (n ?? 0) > 0);
  if (skipped.length) lines.push(`  skipped: ${skipped.map(([reason, n]) => `${n} ${reason}`).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** The generation a shared store now serves (replicas move to it on their next look). */
function describePublished(info: GenerationInfo & { schema: string; seededFrom: number | null }): string {
  const bytes = info.files.reduce((sum, file) => sum + file.bytes, 0);
  const seeded = info.seededFrom === null ? '' : `  started from published generation ${info.seededFrom} (no local index here): only what differs from it was parsed and embedded\n`;
  return `${seeded}  published generation ${info.generation} of ${printable(info.repository)} (${(bytes / 1024 / 1024).toFixed(1)} MiB) to PostgreSQL; shared state in schema ${info.schema}\n`;
}

/** The embedding step's line of the summary. */
function describeVectors(summary: VectorSummary): string {
  const head = `  vectors (${summary.model}${summary.dimensions ? `, ${summary.dimensions}d` : ''}): ${summary.stored} stored; this run ${summary.symbols} symbols in ${summary.files} files, ${summary.embedded} embedded, ${summary.cacheHits} from cache`;
  const extra = [
    summary.summaries ? `${summary.summaries} file summaries (cairn enrich)` : '',
    summary.removedFiles ? `${summary.removedFiles} files removed` : '',
    summary.pending ? `${summary.pending} files changed on disk, left for the next run` : '',
    summary.reset ? `rebuilt: ${summary.reset}` : '',
  ].filter(Boolean);
  return extra.length ? `${head}; ${extra.join('; ')}` : head;
}
