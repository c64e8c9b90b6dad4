// `cairn failures record|list`: the failure memory — past failures with their resolutions,
// which `cairn diagnose` shows beside a new failure that resembles them.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { openFailureMemory } from '../../../app/stores.js';
import { rememberedFailures } from '../../../operations/failures.js';
import { InputError, UsageError } from '../../../core/errors.js';
import { printable } from '../../../core/printable.js';
import { describesFailure, failureOf, readHandoffBundle } from '../../../operations/bundle.js';
import type { FailureRecord } from '../../../store/failures.js';
import { readBundle } from '../bundle-input.js';
import { positiveInt, printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { withStoresRepo } from '../repo-handle.js';

interface RecordFlags extends RepoFlags {
  bundle: string;
  resolution: string;
  phase?: string;
  json?: boolean;
}

interface ListFlags extends RepoFlags {
  json?: boolean;
  limit?: number;
}

export function registerFailuresCommand(program: Command, io: Io): void {
  const failures = program.command('failures').description(COMMAND_SUMMARIES.failures.summary);
  const record = failures
    .command('record')
    .description('remember a failure (a handoff bundle) and its resolution')
    .requiredOption('--bundle <file>', 'the handoff bundle, a JSON file (- for standard input)')
    .requiredOption('--resolution <text>', 'what fixed it');
  withRepoOptions(record)
    .option('--phase <id>', 'the phase it failed in (default: the bundle’s phase_id)')
    .option('--json', 'print the stored entry as JSON')
    .action(async (flags: RecordFlags) => {
      const context = await repoFrom(flags, io);
      if (flags.resolution.trim() === '') throw new UsageError('--resolution is empty', { hint: 'say what fixed the failure, e.g. --resolution "default the discount to 0"' });
      const bundle = await readBundle(flags.bundle);
      const { bundle: normalised, warnings } = readHandoffBundle(bundle.value);
      for (const warning of warnings) io.err(`cairn: warning: ${printable(warning)}\n`);
      if (!describesFailure(normalised)) {
        throw new InputError('INPUT_INVALID', `bundle ${bundle.name} holds no error message, stack trace or root cause: nothing to remember`, {
          hint: 'record the handoff bundle of the failure that was resolved',
        });
      }
      const memory = openFailureMemory(context);
      try {
        const { record: stored, created } = memory.record(failureOf(normalised, flags.resolution, flags.phase ?? normalised.phaseId));
        if (flags.json) printJson(io, { ...stored, created });
        else io.out(`${created ? 'recorded' : 'already recorded as'} ${stored.id}: ${printable(oneLine(stored.errorMessage)) || '(no error message)'}\n`);
      } finally {
        memory.close();
      }
    });
  const list = failures.command('list').description('list the remembered failures, most recent first');
  withRepoOptions(list)
    .option('--json', 'print JSON')
    .option('--limit <n>', 'at most this many', positiveInt('--limit'))
    .action(async (flags: ListFlags) => {
      await withStoresRepo(await repoFrom(flags, io), io, (repo) => {
        const entries = rememberedFailures(repo, flags.limit).failures;
        if (flags.json) printJson(io, entries);
        else io.out(entries.length === 0 ? 'no failures recorded (cairn failures record --bundle FILE --resolution TEXT)\n' : entries.map(listLine).join(''));
      });
    });
}

function listLine(entry: FailureRecord): string {
  const phase = entry.phaseId ? ` [${entry.phaseId}]` : '';
  return `${entry.id}  ${new Date(entry.recordedAt).toISOString()}${printable(phase)}  ${printable(oneLine(entry.errorMessage)) || '(no error message)'}\n    → ${printable(oneLine(entry.resolution))}\n`;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
