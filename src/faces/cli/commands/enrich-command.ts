// `cairn enrich`: a model writes a short purpose summary, domain and key concepts per code
// file (indexer/enrich/). Results are staged; `--promote` (now or in a later call) makes
// them what retrieval reads, `--discard` throws a staged run away. A progress bar on a
// terminal, and the tokens spent at the end.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { Option, type Command } from 'commander';
import { openEnrichmentStore } from '../../../app/stores.js';
import { openCompleteReader } from '../../../app/readers.js';
import { refreshed } from '../../../app/refresh.js';
import { modelPort } from '../../../app/retrieval.js';
import { UsageError } from '../../../core/errors.js';
import { resolveModel, type ModelFlags } from '../../../operations/context.js';
import { enrichRepository, type EnrichEvent, type EnrichSummary } from '../../../operations/enrich.js';
import { positiveInt, printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';

interface EnrichFlags extends RepoFlags, ModelFlags {
  limit?: number;
  promote?: boolean;
  discard?: boolean;
  json?: boolean;
  refresh: boolean;
}

export function registerEnrichCommand(program: Command, io: Io): void {
  const command = program
    .command('enrich')
    .description(COMMAND_SUMMARIES.enrich.summary);
  withRepoOptions(command)
    .option('--model <name>', 'the model that writes the summaries (needs --base-url; default: llm in cairn.yaml)')
    .option('--base-url <url>', 'the model server, e.g. http://127.0.0.1:11434 (Ollama) or http://127.0.0.1:8000/v1')
    .addOption(new Option('--provider <provider>', 'the server protocol (default: llm.provider in cairn.yaml, else openai)').choices(['ollama', 'openai']))
    .option('--limit <n>', 'enrich at most n files in this run (the rest in later runs)', positiveInt('--limit'))
    .option('--promote', 'make the staged summaries the ones retrieval reads (after enriching, when a model is given)')
    .option('--discard', 'drop the staged summaries instead (the promoted ones stay)')
    .option('--json', 'print a JSON summary')
    .option('--no-refresh', 'do not refresh the index first (files changed since are left for a later run)')
    .action(async (flags: EnrichFlags) => {
      if (flags.promote && flags.discard) throw new UsageError('--promote and --discard exclude each other', { hint: 'promote the staged summaries, or discard them' });
      const context = await repoFrom(flags, io);
      const llm = await resolveModel(flags, context.config);
      const asksModel = llm !== null && !flags.discard && (flags.model !== undefined || !flags.promote);
      if (llm === null && !flags.promote && !flags.discard) {
        throw new UsageError('cairn enrich needs a model', { hint: 'pass --model NAME --base-url URL (or set llm in cairn.yaml), or --promote / --discard for the staged summaries' });
      }
      const store = openEnrichmentStore(context);
      try {
        if (asksModel && flags.refresh) for (const warning of await refreshed(context)) io.err(`cairn: warning: ${warning}\n`);
        const ports = {
          store,
          root: context.root,
          openReader: () => openCompleteReader(context),
          openModel: asksModel ? async () => (await modelPort(llm, io.env))! : null,
        };
        const settle = flags.discard ? 'discard' : flags.promote ? 'promote' : null;
        const { run, settled, staged, promotedTotal } = await withProgress(io, asksModel, (bar) => enrichRepository(ports, { limit: flags.limit, settle }, bar));
        if (flags.json) printJson(io, { ...(run ?? {}), ...settled, staged, promotedTotal });
        else io.out(describe(run, settled, staged, promotedTotal));
      } finally {
        store.close();
      }
    });
}

/** The bar drawn while the model is asked, cleared before anything is printed. */
async function withProgress<T>(io: Io, asksModel: boolean, work: (bar: (event: EnrichEvent) => void) => Promise<T>): Promise<T> {
  if (!asksModel) return work(() => undefined);
  const bar = progress(io);
  try {
    return await work(bar);
  } finally {
    bar(null);
  }
}

/** Draws one line on stderr per event while a terminal watches; clears it at the end (null). */
function progress(io: Io): (event: EnrichEvent | null) => void {
  if (!io.interactive) return () => undefined;
  const width = 24;
  return (event) => {
    if (event === null) return void io.err('\r\x1b[2K');
    if (event.kind === 'planned') return void io.err(`\r\x1b[2Kcairn: enriching ${event.todo} files (${event.unchanged} unchanged)…`);
    const filled = Math.round((event.done / Math.max(1, event.todo)) * width);
    io.err(`\r\x1b[2Kcairn: ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${event.done}/${event.todo} files  ${event.tokens.prompt + event.tokens.completion} tokens`);
  };
}

function describe(run: EnrichSummary | null, settled: { promoted?: number; discarded?: number }, staged: number, promoted: number): string {
  const lines: string[] = [];
  if (run !== null) {
    const spent = run.tokens.prompt + run.tokens.completion;
    lines.push(`enriched ${run.enriched} files (${run.unchanged} unchanged, ${run.left} left for a later run) · ${spent} tokens (${run.tokens.prompt} prompt + ${run.tokens.completion} completion)`);
    if (run.changedOnDisk.length > 0) lines.push(`${run.changedOnDisk.length} files changed since the last index run, not enriched: run cairn index, then cairn enrich`);
    if (run.modelFailure !== null) lines.push(`the model failed and was not asked again (llm.onError: fallback): ${run.modelFailure}`);
  }
  if (settled.promoted !== undefined) lines.push(`promoted ${settled.promoted} summaries: retrieval uses them`);
  if (settled.discarded !== undefined) lines.push(`discarded ${settled.discarded} staged summaries`);
  lines.push(`staged ${staged} · promoted ${promoted}${staged > 0 ? ' — cairn enrich --promote makes the staged ones visible, --discard drops them' : ''}`);
  return `${lines.join('\n')}\n`;
}
