// `cairn doctor`: checks the episode memory's tracking data and reports every problem
// (exit 11 when there is one). It never repairs anything.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { EXIT_CODES } from '../../../core/errors.js';
import { checkMemory, doctorText } from '../../../operations/memory-admin.js';
import { printJson, printText, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { withStoresRepo } from '../repo-handle.js';

interface DoctorFlags extends RepoFlags {
  json?: boolean;
}

export function registerDoctorCommand(program: Command, io: Io): void {
  const command = program
    .command('doctor')
    .description(COMMAND_SUMMARIES.doctor.summary);
  withRepoOptions(command)
    .option('--json', 'print JSON')
    .action(async (flags: DoctorFlags) => {
      await withStoresRepo(await repoFrom(flags, io), io, (repo) => {
        const report = checkMemory(repo);
        if (flags.json) printJson(io, report);
        else printText(io, doctorText(report));
        if (report.findings.length > 0) io.setExitCode(EXIT_CODES.INTEGRITY);
      });
    });
}
