// `cairn eval`: ranking quality on a localization dataset (`--dataset`), or on tasks built
// from a repository's own history (`--from-git`), against a baseline ranker in the same run.
// The harness runs on the composition root's indexes (app/eval.ts): this face parses the
// flags, draws the progress and prints the report.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { NO_BASELINE, RANKER_NAMES, evalJson, evalText, runEval, type EvalOutcome, type EvalProgress, type EvalRequest } from '../../../app/eval.js';
import { UsageError } from '../../../core/errors.js';
import { checkOutputFile } from '../../../config/option-file.js';
import { collect, MAX_COUNT, positiveInt, printJson } from '../common-options.js';
import type { Io } from '../io.js';
import { sectionSharesOption } from '../section-shares-option.js';

interface EvalFlags extends EvalRequest {
  json?: boolean;
  store?: string;
}

export function registerEvalCommand(program: Command, io: Io): void {
  program
    .command('eval')
    .description(COMMAND_SUMMARIES.eval.summary)
    .option('--dataset <file>', 'localization tasks, one JSON object per line')
    .option('--repos <dir>', 'folder holding each task\'s tree as <dir>/<id>/ (with --dataset)')
    .option('--repo <path>', 'with --from-git: the repository whose history is read; with --dataset: the repository the tasks came from, each task\'s commit checked out in cairn\'s work copy (never modified)')
    .option('--from-git', 'build tasks from the commits of a repository (--repo) and evaluate on them')
    .option('--commits <n>', 'with --from-git: how many tasks to build, newest first', positiveInt('--commits'), 50)
    .option('--max-files <n>', 'with --from-git: skip commits touching more files than this', positiveInt('--max-files'), 10)
    .option('--write-dataset <file>', 'with --from-git: also write the built tasks as a dataset')
    .addOption(new Option('--k <list>', 'cut-offs for file Acc@k and Recall@k').argParser(cutoffs(MAX_COUNT)).default([1, 3, 5, 10], '1,3,5,10'))
    .option('--limit <n>', 'evaluate only the first n tasks', positiveInt('--limit'))
    .option('--depth <n>', 'how many files and functions to rank per task (MRR looks this deep)', positiveInt('--depth'), 100)
    .option('--ranker <name>', `ranker to evaluate (${RANKER_NAMES.join(', ')})`, RANKER_NAMES[0])
    .option('--baseline <name>', `ranker to compare with, or "${NO_BASELINE}"`, 'bm25-file')
    .option('--index-root <dir>', 'keep each task\'s index at <dir>/<id> (--from-git: its work copy) instead of in the tree')
    .option('--only <ids>', 'only these task ids (comma-separated, repeatable)', collect)
    .option('--category <name>', 'only tasks of this category')
    .addOption(
      new Option('--package-budgets <list>', 'token budgets at which to measure context recall of the package and of the chunk-RAG baselines')
        .argParser(cutoffs(MAX_PACKAGE_BUDGET))
        .default([4000, 8000, 16000], '4000,8000,16000'),
    )
    .option('--package-ranker <name>', `ranker the package's retrieval seeds from (${RANKER_NAMES.join(', ')}), to compare settings`, RANKER_NAMES[0])
    .option('--package-history <n>', 'measure packages with a historical section of n commits per main file (it takes budget from the code)', positiveInt('--package-history'))
    .option('--no-package-history-diffs', 'with --package-history: commit lines only, without the lines each commit changed in the main definitions')
    .option('--package-section-shares <list>', 'measure packages fitted with these shares of the budget by section, e.g. primary=0.6,supporting=0.25,historical=0.05,supplementary=0.1', sectionSharesOption('--package-section-shares'))
    .option('--no-chunk-rag', 'skip the chunk-RAG baselines (code-only and all files) of the context-recall measurement (they do not depend on the ranker)')
    .option('--no-package', 'skip the context-recall measurement (ranking only)')
    .option('--ask-of <repo>', 'ask the tasks (--dataset or --from-git) of another repository, as it is, and report how often the package says the match is weak or none')
    .option('--store <url>', "keep each task's index (published, read back from the checkout), raw log and sessions in this PostgreSQL database, each task a repository named by its folder; `sqlite` (default): beside each index")
    .option('--json', 'print JSON with per-task ranks and metrics')
    .action(async (flags: EvalFlags) => {
      checkModes(flags);
      const { json, store, ...request } = flags;
      const progress = progressLine(io);
      let outcome: EvalOutcome;
      try {
        outcome = await runEval(request, (event) => progress.event(event), { store });
      } finally {
        progress.clear();
      }
      finish(io, outcome, json === true);
    });
}

function checkModes(flags: EvalFlags): void {
  if (Boolean(flags.dataset) === Boolean(flags.fromGit)) {
    throw new UsageError('pass either --dataset FILE (--repos DIR | --repo PATH), or --from-git [--repo PATH]');
  }
  if (flags.dataset && flags.askOf === undefined && Boolean(flags.repos) === Boolean(flags.repo)) {
    throw new UsageError('--dataset needs either --repos DIR, the folder of task trees, or --repo PATH, the git repository the tasks came from');
  }
  if (flags.askOf !== undefined && !flags.package) throw new UsageError('--ask-of measures what the package says of its match: drop --no-package');
  if (flags.fromGit && flags.repos) throw new UsageError('--repos goes with --dataset; --from-git reads --repo PATH');
  if (!flags.fromGit && flags.writeDataset) throw new UsageError('--write-dataset goes with --from-git');
  // Checked before the run, not after it: a pipe would block the write, a folder fail it.
  if (flags.writeDataset) checkOutputFile({ what: '--write-dataset file', path: flags.writeDataset, hint: 'name a new or regular file in an existing folder' });
}

function finish(io: Io, outcome: EvalOutcome, json: boolean): void {
  if (json) printJson(io, evalJson(outcome));
  else io.out(evalText(outcome));
  if (io.debug) for (const fail of outcome.run.failed) io.err(`${fail.id}: ${fail.error instanceof Error ? fail.error.stack : String(fail.error)}\n`);
  if (outcome.run.failed.length > 0) io.setExitCode(1);
}

/** Token budgets beyond any model's context window are refused, not measured. */
const MAX_PACKAGE_BUDGET = 10_000_000;

/** A comma-separated list of whole numbers from 1 to `max` (digits only: no 1e308). */
function cutoffs(max: number): (value: string) => number[] {
  return (value) => {
    const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
    const ks = parts.map((part) => (/^[0-9]+$/.test(part) ? Number(part) : Number.NaN));
    if (ks.length === 0 || ks.some((k) => !Number.isSafeInteger(k) || k <= 0 || k > max)) {
      throw new InvalidArgumentError(`expected whole numbers from 1 to ${max} separated by commas, got "${value}".`);
    }
    return [...new Set(ks)].sort((a, b) => a - b);
  };
}

/** One redrawn line on stderr while a terminal watches; nothing otherwise. */
function progressLine(io: Io): { event(event: EvalProgress): void; clear(): void } {
  let drawn = false;
  let last = 0;
  let task = '';
  const say = (text: string): void => {
    if (!io.interactive) return;
    io.err(`\r\x1b[2K${text}`);
    drawn = true;
  };
  const clear = (): void => {
    if (drawn) io.err('\r\x1b[2K');
    drawn = false;
  };
  return {
    event(event) {
      if (event.type === 'history') return event.reading ? say('cairn eval: reading history…') : clear();
      if (event.type === 'task') task = `cairn eval: [${event.position}/${event.total}] ${event.id}`;
      const now = Date.now();
      if (event.type === 'index' && now - last < 200) return;
      last = now;
      if (event.type === 'task') say(`${task} · preparing`);
      else if (event.type === 'evaluate') say(`${task} · ranking`);
      else if (event.progress.phase === 'extract') say(`${task} · indexing ${event.progress.done}/${event.progress.total} files`);
      else say(`${task} · indexing (${event.progress.phase === 'link' ? event.progress.step : 'scan'})`);
    },
    clear,
  };
}
