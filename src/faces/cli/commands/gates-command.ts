// `cairn gates EPISODE`: gates A (structural), B (authority) and C (fresh) for each entity
// of an episode, with the decision taken and the state each version is in now.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { gatesOf } from '../../../operations/memory.js';
import { gatesText } from '../introspect-text.js';
import { snakeKeys } from '../../../render/snake-case.js';
import { printJson, printText, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { withStoresRepo } from '../repo-handle.js';

interface GatesFlags extends RepoFlags {
  json?: boolean;
}

export function registerGatesCommand(program: Command, io: Io): void {
  const command = program
    .command('gates')
    .description(COMMAND_SUMMARIES.gates.summary)
    .argument('<episode>', 'the episode id (printed by `cairn hydrate`)');
  withRepoOptions(command)
    .option('--json', 'print JSON')
    .action(async (episode: string, flags: GatesFlags) => {
      await withStoresRepo(await repoFrom(flags, io), io, (repo) => {
        const view = gatesOf(repo, episode);
        if (flags.json) printJson(io, snakeKeys(view));
        else printText(io, gatesText(view));
      });
    });
}
