// `cairn init`: writes a commented cairn.yaml with every key at its default.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CONFIG_FILE_NAME } from '../../../config/load.js';
import { CONFIG_TEMPLATE } from '../../../config/template.js';
import { InputError } from '../../../core/errors.js';
import { printable } from '../../../core/printable.js';
import { repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';

interface InitFlags extends RepoFlags {
  overwrite?: boolean;
}

export function registerInitCommand(program: Command, io: Io): void {
  const command = program.command('init').description(COMMAND_SUMMARIES.init.summary);
  withRepoOptions(command)
    .option('--overwrite', 'replace an existing cairn.yaml')
    .action(async (flags: InitFlags) => {
      const context = await repoFrom({ ...flags, config: undefined }, io);
      const path = join(context.root, CONFIG_FILE_NAME);
      if (existsSync(path) && !flags.overwrite) {
        throw new InputError('INPUT_INVALID', `${path} already exists`, { hint: 'edit it, or pass --overwrite to replace it with the defaults' });
      }
      writeFileSync(path, CONFIG_TEMPLATE);
      io.out(`wrote ${printable(path)}\n`);
    });
}
