// The `cairn` command line: parse, call one application function, render. Errors become
// a message, a hint and a documented exit code — never a stack trace (CAIRN_DEBUG=1 shows it).

import { Command, CommanderError, Option } from 'commander';
import { CairnError, UsageError, isCairnError } from '../../core/errors.js';
import { printable } from '../../core/printable.js';
import { LOG_FORMATS, LOG_LEVELS } from '../../logging/levels.js';
import { COMMAND_SUMMARIES } from './command-summaries.js';
import type { Io } from './io.js';
import { processIo } from './io.js';

type Register = (program: Command, io: Io) => void;

/**
 * Commands load on demand: `cairn index` never pays for the tokenizer, the retrieval
 * pipeline or the model clients (start-up time is part of every CLI target).
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  index: async () => (await import('./commands/index-command.js')).registerIndexCommand,
  search: async () => (await import('./commands/search-command.js')).registerSearchCommand,
  status: async () => (await import('./commands/status-command.js')).registerStatusCommand,
  graph: async () => (await import('./commands/graph-command.js')).registerGraphCommand,
  impact: async () => (await import('./commands/impact-command.js')).registerImpactCommand,
  similar: async () => (await import('./commands/similar-command.js')).registerSimilarCommand,
  eval: async () => (await import('./commands/eval-command.js')).registerEvalCommand,
  retrieve: async () => (await import('./commands/retrieve-command.js')).registerRetrieveCommand,
  refine: async () => (await import('./commands/refine-command.js')).registerRefineCommand,
  explain: async () => (await import('./commands/explain-command.js')).registerExplainCommand,
  serve: async () => (await import('./commands/serve-command.js')).registerServeCommand,
  mcp: async () => (await import('./commands/mcp-command.js')).registerMcpCommand,
  init: async () => (await import('./commands/init-command.js')).registerInitCommand,
  config: async () => (await import('./commands/config-command.js')).registerConfigCommand,
  diagnose: async () => (await import('./commands/diagnose-command.js')).registerDiagnoseCommand,
  failures: async () => (await import('./commands/failures-command.js')).registerFailuresCommand,
  hydrate: async () => (await import('./commands/hydrate-command.js')).registerHydrateCommand,
  episode: async () => (await import('./commands/episode-command.js')).registerEpisodeCommand,
  entity: async () => (await import('./commands/entity-command.js')).registerEntityCommand,
  gates: async () => (await import('./commands/gates-command.js')).registerGatesCommand,
  approve: async () => (await import('./commands/authority-commands.js')).registerApproveCommand,
  reject: async () => (await import('./commands/authority-commands.js')).registerRejectCommand,
  doctor: async () => (await import('./commands/doctor-command.js')).registerDoctorCommand,
  memory: async () => (await import('./commands/memory-command.js')).registerMemoryCommand,
  enrich: async () => (await import('./commands/enrich-command.js')).registerEnrichCommand,
  migrate: async () => (await import('./commands/migrate-command.js')).registerMigrateCommand,
};

/**
 * The program with the named command only; for anything else (`cairn --help`, no command,
 * an unknown name) with every command listed from its summary alone, none of their modules
 * loaded. `all` loads every command (tests).
 */
export async function buildProgram(io: Io, only?: string | 'all'): Promise<Command> {
  const program = new Command('cairn')
    .description('A context engine for LLM coding agents: index a repository, rank what a task needs, fit it to a token budget.')
    .version(io.version, '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .exitOverride();
  if (only === 'all') for (const load of Object.values(COMMANDS)) (await load())(program, io);
  else if (only !== undefined && Object.hasOwn(COMMANDS, only)) (await COMMANDS[only]!())(program, io);
  else for (const { usage, summary } of Object.values(COMMAND_SUMMARIES)) program.command(usage).description(summary);
  for (const command of program.commands) {
    command.exitOverride().configureOutput(program.configureOutput());
    withLogOptions(command);
  }
  program.hook('preAction', (_program, action) => {
    const flags = action.opts<{ logLevel?: string; logFormat?: string }>();
    io.logFlags = { ...(flags.logLevel ? { level: flags.logLevel } : {}), ...(flags.logFormat ? { format: flags.logFormat } : {}) };
  });
  return program;
}

/** Every command takes the logging flags (the one logger: src/logging/). */
function withLogOptions(command: Command): void {
  command
    .addOption(new Option('--log-level <level>', 'log on stderr from this level up (default: $CAIRN_LOG, else warn; info for serve and mcp)').choices(LOG_LEVELS))
    .addOption(new Option('--log-format <format>', 'log lines as text or JSON (default: $CAIRN_LOG, else text)').choices(LOG_FORMATS));
}

/**
 * Commands whose package is fitted on a worker thread: the thread is started before their
 * modules load, so the tokenizer it loads is ready sooner (app/fit-ahead.ts).
 */
const FITTING_COMMANDS = new Set(['retrieve', 'refine', 'hydrate']);

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  if (FITTING_COMMANDS.has(argv[2] ?? '')) (await import('../../app/fit-ahead.js')).startFitThreadAhead();
  // `cairn help search` is the help of search: that command's module is loaded.
  const program = await buildProgram(io, argv[2] === 'help' && argv[3] !== undefined ? argv[3] : argv[2]);
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
    // Messages name paths and symbols from the repository: escaped, their own line breaks kept.
    io.err(`cairn: ${printableLines(error.message)}\n`);
    if (error.hint) io.err(`  hint: ${printableLines(error.hint)}\n`);
    if (io.debug && error.cause) io.err(`  cause: ${describeCause(error.cause)}\n`);
    return error.exitCode;
  }
  const internal = new CairnError('INTERNAL', `internal error: ${error instanceof Error ? error.message : String(error)}`);
  io.err(`cairn: ${internal.message}\n  hint: this is a bug in cairn; re-run with CAIRN_DEBUG=1 and report the output\n`);
  if (io.debug && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
  return internal.exitCode;
}

function printableLines(text: string): string {
  return text.split('\n').map(printable).join('\n');
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return cause.stack ?? cause.message;
  return String(cause);
}
