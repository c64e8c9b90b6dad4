// The `cairn` command line: parse, call one application function, render. Errors become
// a message, a hint and a documented exit code — never a stack trace (CAIRN_DEBUG=1 shows it).

import { Command, CommanderError } from 'commander';
import { CairnError, UsageError, isCairnError } from '../../core/errors.js';
import { registerEvalCommand } from './commands/eval-command.js';
import { registerExplainCommand } from './commands/explain-command.js';
import { registerGraphCommand } from './commands/graph-command.js';
import { registerImpactCommand } from './commands/impact-command.js';
import { registerIndexCommand } from './commands/index-command.js';
import { registerRefineCommand } from './commands/refine-command.js';
import { registerRetrieveCommand } from './commands/retrieve-command.js';
import { registerSearchCommand } from './commands/search-command.js';
import { registerSimilarCommand } from './commands/similar-command.js';
import { registerStatusCommand } from './commands/status-command.js';
import type { Io } from './io.js';
import { processIo } from './io.js';

export function buildProgram(io: Io): Command {
  const program = new Command('cairn')
    .description('A context engine for LLM coding agents: index a repository, rank what a task needs, fit it to a token budget.')
    .version(io.version, '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .exitOverride();
  registerIndexCommand(program, io);
  registerSearchCommand(program, io);
  registerStatusCommand(program, io);
  registerGraphCommand(program, io);
  registerImpactCommand(program, io);
  registerSimilarCommand(program, io);
  registerEvalCommand(program, io);
  registerRetrieveCommand(program, io);
  registerRefineCommand(program, io);
  registerExplainCommand(program, io);
  for (const command of program.commands) command.exitOverride().configureOutput(program.configureOutput());
  return program;
}

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv);
    return io.exitCode();
  } catch (error) {
    return report(error, io);
  }
}

function report(error: unknown, io: Io): number {
  if (error instanceof CommanderError) {
    // Commander already printed its message (and help for --help / --version).
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0) return 0;
    return new UsageError(error.message).exitCode;
  }
  if (isCairnError(error)) {
    io.err(`cairn: ${error.message}\n`);
    if (error.hint) io.err(`  hint: ${error.hint}\n`);
    if (io.debug && error.cause) io.err(`  cause: ${describeCause(error.cause)}\n`);
    return error.exitCode;
  }
  const internal = new CairnError('INTERNAL', `internal error: ${error instanceof Error ? error.message : String(error)}`);
  io.err(`cairn: ${internal.message}\n  hint: this is a bug in cairn; re-run with CAIRN_DEBUG=1 and report the output\n`);
  if (io.debug && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
  return internal.exitCode;
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return cause.stack ?? cause.message;
  return String(cause);
}
