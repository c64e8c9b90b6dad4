// `cairn diagnose`: should a failing run's handoff be escalated, how urgently, and — when
// it is — the evidence from the run's artifacts, the repository and past failures, within
// the priority's caps. Reads only; the decision is appended to the raw log for `explain`.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { relative, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { logDiagnosis, openDiagnostics } from '../../../app/diagnostics.js';
import { diagnosisMarkdown, runDiagnosis } from '../../../operations/diagnose.js';
import { printable } from '../../../core/printable.js';
import { readBundle } from '../bundle-input.js';
import { positiveInt, printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';

interface DiagnoseFlags extends RepoFlags {
  bundle: string;
  runDir: string;
  phase: string;
  attempt: number;
  json?: boolean;
  markdown?: boolean;
  always?: boolean;
  taskId?: string;
}

export function registerDiagnoseCommand(program: Command, io: Io): void {
  const command = program
    .command('diagnose')
    .description(COMMAND_SUMMARIES.diagnose.summary)
    .requiredOption('--bundle <file>', 'the handoff bundle, a JSON file (- for standard input)')
    .requiredOption('--run-dir <dir>', "the failing run's directory (logs, artifacts)")
    .requiredOption('--phase <id>', 'the phase that failed')
    .requiredOption('--attempt <n>', 'which attempt of the phase failed (1, 2, …)', positiveInt('--attempt'));
  withRepoOptions(command)
    .addOption(new Option('--json', 'print JSON').conflicts('markdown'))
    .addOption(new Option('--markdown', 'print markdown (the default)').conflicts('json'))
    .option('--always', 'retrieve evidence even when the bundle is not escalated (at low priority)')
    .option('--task-id <id>', 'the task id to record the diagnosis under in the raw log (default: a new one, printed)')
    .action(async (flags: DiagnoseFlags) => {
      const context = await repoFrom(flags, io);
      const bundle = await readBundle(flags.bundle);
      const session = openDiagnostics(context);
      try {
        const result = await runDiagnosis(context, session.ports, {
          bundle: bundle.value,
          phase: flags.phase,
          attempt: flags.attempt,
          runDir: flags.runDir,
          always: flags.always ?? false,
          taskId: flags.taskId,
          excludeFromRun: bundleInRun(bundle.file, flags.runDir),
        });
        const { taskId } = result;
        if (flags.json) printJson(io, result.json);
        else io.out(diagnosisMarkdown(result.json.decision, result.json.retrieval));
        const unlogged = logDiagnosis(context, result.entries);
        const verdict = result.decision.escalate ? `escalated, priority ${result.decision.priority}` : 'not escalated';
        io.err(`cairn: task ${taskId} · ${verdict} · ${result.ms} ms\n`);
        for (const warning of result.decision.warnings) io.err(`cairn: warning: ${printable(warning)}\n`);
        for (const note of session.notes) io.err(`cairn: note: ${printable(note)}\n`);
        if (unlogged !== null) io.err(`cairn: warning: the diagnosis was not recorded in the raw log: ${printable(unlogged)}\n`);
      } finally {
        session.close();
      }
    });
}

/** The bundle file is not an artifact of the run, even when it was written into the run directory. */
function bundleInRun(file: string | null, runDir: string): ((path: string) => boolean) | undefined {
  if (file === null) return undefined;
  const inside = relative(resolve(runDir), resolve(file)).split('\\').join('/');
  if (inside.startsWith('..') || inside === '') return undefined;
  return (path) => path === inside;
}
