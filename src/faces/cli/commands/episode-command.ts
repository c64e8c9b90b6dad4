// `cairn episode ID`: what an episode was shown — its blocks in order, what the budget cut,
// total tokens and the budget.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { episodeOf } from '../../../operations/memory.js';
import { episodeText } from '../introspect-text.js';
import { snakeKeys } from '../../../render/snake-case.js';
import { printJson, printText, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { withStoresRepo } from '../repo-handle.js';

interface EpisodeFlags extends RepoFlags {
  json?: boolean;
}

export function registerEpisodeCommand(program: Command, io: Io): void {
  const command = program
    .command('episode')
    .description(COMMAND_SUMMARIES.episode.summary)
    .argument('<id>', 'the episode id (printed by `cairn hydrate`)');
  withRepoOptions(command)
    .option('--json', 'print JSON')
    .action(async (id: string, flags: EpisodeFlags) => {
      await withStoresRepo(await repoFrom(flags, io), io, (repo) => {
        const view = episodeOf(repo, id);
        if (flags.json) printJson(io, snakeKeys(view));
        else printText(io, episodeText(view));
      });
    });
}
