// `cairn entity KEY`: one entity's memory — its state and artifact, whether it is still
// true on disk (ETV, checked now), its state history, gate evaluations and hydrations.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { entityOf } from '../../../operations/memory.js';
import { entityText } from '../introspect-text.js';
import { snakeKeys } from '../../../render/snake-case.js';
import { printJson, printText, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { memoryLog } from '../memory-log.js';
import { withIndexRepo } from '../repo-handle.js';

interface EntityFlags extends RepoFlags {
  json?: boolean;
  refresh: boolean;
}

export function registerEntityCommand(program: Command, io: Io): void {
  const command = program
    .command('entity')
    .description(COMMAND_SUMMARIES.entity.summary)
    .argument('<key>', 'path::Qualified.name, or a file path');
  withRepoOptions(command)
    .option('--json', 'print JSON')
    .option('--no-refresh', 'do not refresh the index first')
    .action(async (key: string, flags: EntityFlags) => {
      const context = await repoFrom(flags, io);
      await withIndexRepo(context, io, { refresh: flags.refresh, memoryLog: memoryLog(io) }, (repo) => {
        const view = entityOf(repo, key);
        if (flags.json) printJson(io, snakeKeys(view));
        else printText(io, entityText(view));
      });
    });
}
