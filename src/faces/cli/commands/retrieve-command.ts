// `cairn retrieve TASK`: the context a task needs, within a token budget — staged retrieval
// over the index, every decision in the raw log, the package on stdout.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { RepoContext } from '../../../config/repo-context.js';
import { openOneShot, type OneShotHandle } from '../../../app/one-shot.js';
import type { LlmConfig } from '../../../config/schema.js';
import { getContext, MAX_HISTORY_COMMITS, packageText, resolveBudget, resolveModel, resolveStages, type ContextAnswer, type ModelFlags } from '../../../operations/context.js';
import { RENDER_FORMATS, type RenderFormat } from '../../../core/context-package.js';
import { MIB, readOptionText } from '../../../config/option-file.js';
import { InputError, UsageError } from '../../../core/errors.js';
import { readHandoffBundle, taskOfBundle } from '../../../operations/bundle.js';
import { readBundle } from '../bundle-input.js';
import { positiveInt, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { sectionSharesOption } from '../section-shares-option.js';
import { printable } from '../../../core/printable.js';
import { printWarnings } from '../refresh.js';

interface RetrieveFlags extends RepoFlags, ModelFlags {
  taskFile?: string;
  bundle?: string;
  maxTokens?: number;
  stages?: string[];
  contextWindow?: number;
  reservedTokens?: number;
  budgetConfig?: string;
  format: RenderFormat;
  taskId?: string;
  refresh: boolean;
  history?: number;
  sectionShares?: Record<string, number>;
}

export function registerRetrieveCommand(program: Command, io: Io): void {
  const command = program
    .command('retrieve')
    .description(COMMAND_SUMMARIES.retrieve.summary)
    .argument('[task]', 'the task: an issue, a bug report, a feature request (or use --task-file)');
  withRepoOptions(command)
    .option('--task-file <file>', 'read the task text from a file')
    .option('--bundle <file>', "a failing run's handoff bundle (JSON; - for standard input) as the task: its error, frames and changes are the anchors")
    .option('--stages <list>', 'stages to run, in order, comma-separated (e.g. scope,precision)', stageList)
    .option('--max-tokens <n>', 'at most n tokens for the package (as max_tokens over MCP and HTTP; instead of the window and reserve)', wholeNumber('--max-tokens'))
    .option('--context-window <n>', "the model's context window, in tokens", wholeNumber('--context-window'))
    .option('--reserved-tokens <n>', 'tokens kept free for the prompt and the answer', wholeNumber('--reserved-tokens'))
    .option('--budget-config <file>', 'YAML/JSON file with context_window and reserved_tokens (instead of the pair)')
    .addOption(new Option('--format <format>', 'how to print the package').choices(RENDER_FORMATS).default('markdown'))
    .option('--task-id <id>', 'the task id to record the run under (default: a new one, printed)')
    .option('--history <n>', 'also show the n most recent commits of each main file (a historical section, within the budget)', positiveInt('--history', MAX_HISTORY_COMMITS))
    .option('--section-shares <list>', 'shares of the budget by section, e.g. primary=0.6,supporting=0.25,historical=0.05,supplementary=0.1 (each 0-1, sum ≤ 1; what a section leaves flows to the next)', sectionSharesOption('--section-shares'));
  withModelOptions(command)
    .option('--no-refresh', 'do not refresh the index before retrieving')
    .action(async (task: string | undefined, flags: RetrieveFlags) => {
      const context = await repoFrom(flags, io);
      const text = flags.bundle === undefined ? taskText(task, flags.taskFile) : await bundleTask(io, flags.bundle, task, flags.taskFile);
      resolveStages(flags.stages, context.config); // an unknown stage is refused before the index is refreshed
      const budget = await resolveBudget(flags, context.config);
      const llm = await resolveModel(flags, context.config);
      const result = await withRepo(context, io, { refresh: flags.refresh, llm }, (repo) =>
        getContext(repo, { task: text, stages: flags.stages, budget, format: flags.format, taskId: flags.taskId, history: flags.history, sectionShares: flags.sectionShares }),
      );
      printResult(io, result);
    });
}

/** `--model`, `--base-url`, `--provider`: shared by retrieve and refine. */
export function withModelOptions(command: Command): Command {
  return command
    .option('--model <name>', 'judge relevance with this model (needs --base-url)')
    .option('--base-url <url>', 'the model server, e.g. http://127.0.0.1:11434 (Ollama) or http://127.0.0.1:8000/v1')
    .addOption(new Option('--provider <provider>', 'the server protocol (default: llm.provider in cairn.yaml, else openai)').choices(['ollama', 'openai']));
}

/** The command's operation on a one-shot handle with the retrieval pipeline open; the refresh's warnings on stderr. */
export async function withRepo<T>(context: RepoContext, io: Io, options: { refresh: boolean; llm: LlmConfig | null }, work: (repo: OneShotHandle) => Promise<T>): Promise<T> {
  const repo = await openOneShot(context, { ...options, needs: 'retrieval', env: io.env });
  printWarnings(io, repo);
  try {
    return await work(repo);
  } finally {
    repo.close();
  }
}

/** The package on stdout, in the format it was fitted for; the ids (for refine / explain) and the notes on stderr. */
export function printResult(io: Io, result: ContextAnswer): void {
  const rendered = packageText(result, result.package.budget.format);
  io.out(rendered.endsWith('\n') ? rendered : `${rendered}\n`);
  const { budget, items } = result.package;
  io.err(`cairn: task ${printable(result.taskId)} · run ${result.runId} · match ${result.package.match} · ${items.length} items · ${budget.used}/${budget.available} tokens · ${result.ms} ms\n`);
  // Said on stderr too: a script that keeps only stdout's code still hears that nothing matched.
  if (result.package.match !== 'strong') io.err(`cairn: warning: match ${result.package.match} — ${printable(result.package.matchEvidence.summary)}\n`);
  for (const note of result.notes) if (!result.warnings.includes(note)) io.err(`cairn: info: ${printable(note)}\n`);
  for (const warning of result.warnings) io.err(`cairn: warning: ${printable(warning)}\n`);
}

/** A task is an issue with its logs: a few pages, rarely more; 4 MiB is ~1M tokens. */
const MAX_TASK_FILE_BYTES = 4 * MIB;

function taskText(argument: string | undefined, file: string | undefined): string {
  if (argument !== undefined && file !== undefined) throw new UsageError('give the task once: as the argument or with --task-file', { hint: 'drop one of the two' });
  if (file !== undefined) return readOptionText({ what: 'task file', path: file, maxBytes: MAX_TASK_FILE_BYTES, hint: 'pass the path of a readable text file' });
  if (argument === undefined || argument.trim() === '') {
    throw new UsageError('no task given', { hint: 'pass the task text, e.g. cairn retrieve "fix the rounding in Cart.total" …, or --task-file FILE' });
  }
  return argument;
}

/** The task a handoff bundle describes; its shape problems are warnings, as for `cairn diagnose`. */
async function bundleTask(io: Io, spec: string, argument: string | undefined, file: string | undefined): Promise<string> {
  if (argument !== undefined || file !== undefined) throw new UsageError('give the task once: as the argument, with --task-file or with --bundle', { hint: 'drop all but one of them' });
  const bundle = await readBundle(spec);
  const { bundle: normalised, warnings } = readHandoffBundle(bundle.value);
  for (const warning of warnings) io.err(`cairn: warning: ${printable(warning)}\n`);
  const text = taskOfBundle(normalised);
  if (text === '') {
    throw new InputError('INPUT_INVALID', `bundle ${bundle.name} holds no error message, stack trace, recent changes or root cause to retrieve for`, {
      hint: 'pass the handoff bundle of a failing run (JSON with error_message, stack_trace, recent_changes, root_cause)',
    });
  }
  return text;
}

function stageList(value: string): string[] {
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

/** Any whole number: the range is checked with the budget, where the message can say what to fix. */
function wholeNumber(name: string): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isSafeInteger(parsed)) throw new InvalidArgumentError(`${name} takes a whole number of tokens, got "${value}".`);
    return parsed;
  };
}
