// `cairn entity KEY`: one entity's memory — its state and artifact, whether it is still
// true on disk (ETV, checked now), its state history, gate evaluations and hydrations.

import type { Command } from 'commander';
import { openMemory } from '../../../app/memory.js';
import { entityText } from '../../../memory/introspect/text.js';
import { entityView } from '../../../memory/introspect/views.js';
import { snakeKeys } from '../../../render/snake-case.js';
import { printJson, printText, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { memoryLog } from '../memory-log.js';
import { printWarnings } from '../refresh.js';

interface EntityFlags extends RepoFlags {
  json?: boolean;
  refresh: boolean;
}

export function registerEntityCommand(program: Command, io: Io): void {
  const command = program
    .command('entity')
    .description("an entity's memory: state, artifact, ETV status now, state history, gate evaluations, hydrations")
    .argument('<key>', 'path::Qualified.name, or a file path');
  withRepoOptions(command)
    .option('--json', 'print JSON')
    .option('--no-refresh', 'do not refresh the index first')
    .action(async (key: string, flags: EntityFlags) => {
      const context = await repoFrom(flags, io);
      const session = await openMemory(context, { refresh: flags.refresh, log: memoryLog(io), env: io.env, pipeline: false, store: 'existing' });
      try {
        printWarnings(io, session);
        const view = entityView(session.ports, key);
        if (flags.json) printJson(io, snakeKeys(view));
        else printText(io, entityText(view));
      } finally {
        session.close();
      }
    });
}
