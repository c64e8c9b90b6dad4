// `cairn refine --task-id ID …`: re-enter a task with what the agent found missing and get
// an updated package within the task's budget.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { Option, type Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { describeZodIssues } from '../../../config/load.js';
import { RENDER_FORMATS, type RenderFormat } from '../../../core/context-package.js';
import { MIB, readOptionText } from '../../../config/option-file.js';
import { nonPlainValue } from '../../../config/plain-data.js';
import { ConfigError, UsageError } from '../../../core/errors.js';
import { resolveModel, type ModelFlags } from '../../../operations/context.js';
import { collect, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { printResult, withModelOptions, withRepo } from './retrieve-command.js';
import { refinementFileSchema, refineContext, type RefinementRequest } from '../../../operations/refine.js';

interface RefineFlags extends RepoFlags, ModelFlags {
  taskId: string;
  missingFiles?: string[];
  missingSymbols?: string[];
  missingTests?: string[];
  errorSignature?: string[];
  request?: string;
  format?: RenderFormat;
  refresh: boolean;
}

export function registerRefineCommand(program: Command, io: Io): void {
  const command = program
    .command('refine')
    .description(COMMAND_SUMMARIES.refine.summary)
    .requiredOption('--task-id <id>', 'the task to refine (printed by `cairn retrieve`)');
  withRepoOptions(command)
    .option('--missing-files <paths>', 'files the package should have held (comma-separated, repeatable)', collect)
    .option('--missing-symbols <names>', 'symbols, as name, Qualified.name or path::Qualified.name (comma-separated, repeatable)', collect)
    .option('--missing-tests <names>', 'test files or test function names (comma-separated, repeatable)', collect)
    .option('--error-signature <text>', 'error output of the last attempt, e.g. a traceback (repeatable)', (value: string, previous: string[] = []) => [...previous, value])
    .option('--request <file>', 'a JSON/YAML request: missing_files, missing_symbols, missing_tests, error_signature')
    .addOption(new Option('--format <format>', "how to print the package (default: the task's first format)").choices(RENDER_FORMATS));
  withModelOptions(command)
    .option('--no-refresh', 'do not refresh the index before retrieving')
    .action(async (flags: RefineFlags) => {
      const context = await repoFrom(flags, io);
      const request = refinementFrom(flags);
      const llm = await resolveModel(flags, context.config);
      const result = await withRepo(context, io, { refresh: flags.refresh, llm }, (repo) => refineContext(repo, { taskId: flags.taskId, request, format: flags.format }));
      printResult(io, result);
    });
}

function refinementFrom(flags: RefineFlags): RefinementRequest {
  const fromFlags: RefinementRequest = {
    missingFiles: flags.missingFiles ?? [],
    missingSymbols: flags.missingSymbols ?? [],
    missingTests: flags.missingTests ?? [],
    errorSignatures: flags.errorSignature ?? [],
  };
  const anyFlag = Object.values(fromFlags).some((list) => list.length > 0);
  if (flags.request === undefined) return fromFlags;
  if (anyFlag) {
    throw new UsageError('--request cannot be combined with --missing-* or --error-signature', { hint: 'put everything in the request file, or use only flags' });
  }
  return readRequestFile(flags.request);
}

/** A request lists names and error output: 4 MiB holds far more than any model could take in. */
const MAX_REQUEST_BYTES = 4 * MIB;

/** Unreadable → InputError (exit 3); bad syntax or content → ConfigError (exit 4), as for other configuration. */
function readRequestFile(path: string): RefinementRequest {
  const text = readOptionText({ what: 'request file', path, maxBytes: MAX_REQUEST_BYTES, hint: 'pass the path of a JSON or YAML file' });
  let raw: unknown;
  try {
    raw = parseYaml(text, { logLevel: 'error' });
  } catch (error) {
    throw new ConfigError(`request file ${path} is not valid JSON or YAML`, { hint: 'fix its syntax', cause: error });
  }
  const wrongType = nonPlainValue(raw);
  if (wrongType !== null) {
    throw new ConfigError(`request file ${path} is invalid: ${wrongType}`, { hint: 'each key holds a string or a list of strings' });
  }
  const parsed = refinementFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(`request file ${path} is invalid: ${describeZodIssues(parsed.error)}`, {
      hint: 'allowed keys: missing_files, missing_symbols, missing_tests, error_signature (each a string or a list of strings)',
      cause: parsed.error,
    });
  }
  return parsed.data;
}
