// Options shared by commands, and their parsing into values with clear errors.

import { InvalidArgumentError, type Command } from 'commander';
import type { RepoContext } from '../../config/repo-context.js';
import { openRepo } from '../../app/repo.js';
import type { Io } from './io.js';
import { printable } from '../../core/printable.js';

export interface RepoFlags {
  repo?: string;
  indexDir?: string;
  config?: string;
  force?: boolean;
  store?: string;
}

export function withRepoOptions(command: Command, repoFlag = true): Command {
  if (repoFlag) command.option('--repo <path>', 'repository folder (default: the current folder)');
  return command
    .option('--index-dir <path>', 'where the index lives (default: <repo>/.cairn, or $CAIRN_INDEX_DIR)')
    .option('--config <file>', 'configuration file (default: <repo>/cairn.yaml when present)')
    .option('--force', 'accept a home folder or a filesystem root as the repository')
    .option('--store <url>', 'where the stores are: a postgres:// URL shared by a team, or `sqlite` (default: $CAIRN_DATABASE_URL, else `store:` in cairn.yaml, else SQLite in the index directory)');
}

export function repoFrom(flags: RepoFlags, io: Io, repoArgument?: string): Promise<RepoContext> {
  return openRepo({ repo: repoArgument ?? flags.repo, indexDir: flags.indexDir, configPath: flags.config, env: io.env, force: flags.force, store: flags.store });
}

/**
 * The largest value a count flag takes unless it says otherwise: beyond any real use, and
 * far inside what a number can hold exactly (`--limit 1e308` or twenty nines are refused,
 * not rounded into a huge loop).
 */
export const MAX_COUNT = 100_000;

/** Decimal digits only: no sign, exponent, fraction, hex or blank (Number('') is 0). */
function digits(value: string): number | null {
  const text = value.trim();
  return /^[0-9]+$/.test(text) ? Number(text) : null;
}

export function positiveInt(name: string, max = MAX_COUNT): (value: string) => number {
  return (value) => {
    const parsed = digits(value);
    if (parsed === null || parsed <= 0) throw new InvalidArgumentError(`${name} must be a positive whole number, got "${value}".`);
    if (parsed > max) throw new InvalidArgumentError(`${name} must be at most ${max}, got "${value}".`);
    return parsed;
  };
}

export function nonNegativeInt(name: string, max = MAX_COUNT): (value: string) => number {
  return (value) => {
    const parsed = digits(value);
    if (parsed === null) throw new InvalidArgumentError(`${name} must be a whole number ≥ 0, got "${value}".`);
    if (parsed > max) throw new InvalidArgumentError(`${name} must be at most ${max}, got "${value}".`);
    return parsed;
  };
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((part) => part.trim()).filter(Boolean)];
}

/** Text for people, every line escaped (core/printable.ts): repository names cannot add lines or escape codes. */
export function printText(io: Io, text: string): void {
  io.out(text.split('\n').map(printable).join('\n'));
}

export function printJson(io: Io, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}
