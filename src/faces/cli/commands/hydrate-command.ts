// `cairn hydrate QUERY --conversation ID`: an episode's blocks — what the query names, what
// the conversation saw before (one line each when unchanged, marked when changed on disk or
// rejected since), the pipeline's ranking — within a token and an entity budget; recorded in
// the episode memory.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { Option, type Command } from 'commander';
import { openOneShot } from '../../../app/one-shot.js';
import { printable } from '../../../core/printable.js';
import { HYDRATION_FORMATS, type HydrationFormat } from '../../../core/memory.js';
import { hydrateEpisode } from '../../../operations/memory.js';
import { positiveInt, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { memoryLog } from '../memory-log.js';
import { printWarnings } from '../refresh.js';

/** Beyond any model's context window, far inside what a number holds exactly. */
const MAX_TOKENS = 10_000_000;

interface HydrateFlags extends RepoFlags {
  conversation: string;
  episode?: string;
  maxTokens?: number;
  maxEntities?: number;
  format: HydrationFormat;
  refresh: boolean;
  resendUnchanged?: boolean;
}

export function registerHydrateCommand(program: Command, io: Io): void {
  const command = program
    .command('hydrate')
    .description(COMMAND_SUMMARIES.hydrate.summary)
    .argument('<query>', 'what this episode needs')
    .requiredOption('--conversation <id>', 'the conversation the episode belongs to')
    .option('--episode <id>', "this episode's id (default: a new one, printed)")
    .option('--max-tokens <n>', 'token budget of the whole answer (default: memory.maxTokens, 8000)', positiveInt('--max-tokens', MAX_TOKENS))
    .option('--max-entities <n>', 'most entities shown (default: memory.maxEntities, 40)', positiveInt('--max-entities'))
    .option('--resend-unchanged', 'send the code of unchanged entities earlier episodes showed again (default: one line each)')
    .addOption(new Option('--format <format>', 'how to print the blocks').choices(HYDRATION_FORMATS).default('markdown'));
  withRepoOptions(command)
    .option('--no-refresh', 'do not refresh the index first')
    .action(async (query: string, flags: HydrateFlags) => {
      const context = await repoFrom(flags, io);
      const log = memoryLog(io);
      const repo = await openOneShot(context, { refresh: flags.refresh, needs: 'retrieval', llm: null, uses: { memory: true }, memoryLog: log, env: io.env });
      try {
        printWarnings(io, repo);
        const result = await hydrateEpisode(repo, {
          query,
          conversationId: flags.conversation,
          format: flags.format,
          episodeId: flags.episode,
          maxTokens: flags.maxTokens,
          maxEntities: flags.maxEntities,
          resendUnchanged: flags.resendUnchanged === true,
        });
        io.out(result.rendered);
        const { hydration } = result;
        io.err(`cairn: episode ${hydration.episodeId} · conversation ${hydration.conversationId} #${hydration.sequence} · ${hydration.blocks.length} blocks · ${hydration.budget.usedTokens}/${hydration.budget.maxTokens} tokens\n`);
        const changed = hydration.blocks.filter((block) => block.status === 'changed' || block.status === 'deleted' || block.status === 'moved' || block.status === 'rejected');
        for (const block of changed) {
          const what = block.status === 'moved' ? `moved to ${block.movedTo}` : block.status;
          io.err(`cairn: warning: ${printable(`${block.entityKey} ${what} since episode ${block.previousEpisode}`)}\n`);
        }
      } finally {
        repo.close();
      }
    });
}
