// `cairn approve KEY` and `cairn reject KEY`: gate B's explicit authority
// (operations/authority.ts). Approving records the approval of the live artifact and
// evaluates all three gates at once (the entity is promoted when they pass); rejecting
// records it and tombstones the live version.

import type { Command } from 'commander';
import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { OneShotHandle } from '../../../app/one-shot.js';
import { approveEntity, rejectEntity } from '../../../operations/authority.js';
import { snakeKeys } from '../../../render/snake-case.js';
import { printJson, printText, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { memoryLog } from '../memory-log.js';
import { withIndexRepo } from '../repo-handle.js';

interface AuthorityFlags extends RepoFlags {
  json?: boolean;
  refresh: boolean;
}

function register(program: Command, io: Io, name: 'approve' | 'reject', act: typeof approveAction): void {
  const command = program.command(name).description(COMMAND_SUMMARIES[name].summary).argument('<key>', 'path::Qualified.name, or a file path, as hydrated');
  withRepoOptions(command)
    .option('--json', 'print JSON')
    .option('--no-refresh', 'do not refresh the index first')
    .action(async (key: string, flags: AuthorityFlags) => {
      const context = await repoFrom(flags, io);
      await withIndexRepo(context, io, { refresh: flags.refresh, memoryLog: memoryLog(io) }, (repo) => {
        act(io, repo, key, flags.json === true);
      });
    });
}

function approveAction(io: Io, repo: OneShotHandle, key: string, json: boolean): void {
  const { evaluation, state } = approveEntity(repo, key);
  if (json) return printJson(io, snakeKeys(evaluation));
  printText(io, `${key}: approved; gates A ${evaluation.structural.passed ? 'pass' : 'FAIL'} · B ${evaluation.authority.passed ? 'pass' : 'FAIL'} · C ${evaluation.fresh.passed ? 'pass' : 'FAIL'} → ${evaluation.decision}; now ${state ?? 'unknown'}\n`);
  for (const [gate, result] of [['A', evaluation.structural], ['B', evaluation.authority], ['C', evaluation.fresh]] as const) {
    if (!result.passed) printText(io, `  gate ${gate}: ${result.reason}\n`);
  }
}

function rejectAction(io: Io, repo: OneShotHandle, key: string, json: boolean): void {
  const version = rejectEntity(repo, key);
  if (json) return printJson(io, snakeKeys(version));
  printText(io, `${key}: rejected; version ${version.version} is now ${version.state}\n`);
}

export function registerApproveCommand(program: Command, io: Io): void {
  register(program, io, 'approve', approveAction);
}

export function registerRejectCommand(program: Command, io: Io): void {
  register(program, io, 'reject', rejectAction);
}
