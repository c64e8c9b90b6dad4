// `cairn explain --task-id ID`: every decision of a task's runs, from the raw log.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { openOneShot } from '../../../app/one-shot.js';
import { explainTaskRuns, renderExplanation } from '../../../operations/explain.js';
import { printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';

interface ExplainFlags extends RepoFlags {
  taskId: string;
  run?: string;
  json?: boolean;
}

export function registerExplainCommand(program: Command, io: Io): void {
  const command = program
    .command('explain')
    .description(COMMAND_SUMMARIES.explain.summary)
    .requiredOption('--task-id <id>', 'the task (printed by `cairn retrieve`)');
  withRepoOptions(command)
    .option('--run <id>', 'only this run of the task')
    .option('--json', 'print JSON')
    .action(async (flags: ExplainFlags) => {
      const context = await repoFrom(flags, io);
      const repo = await openOneShot(context, { refresh: false, needs: 'none', env: io.env });
      try {
        const explanation = explainTaskRuns(repo, { taskId: flags.taskId, run: flags.run });
        if (flags.json) printJson(io, explanation);
        else io.out(renderExplanation(explanation));
      } finally {
        repo.close();
      }
    });
}
