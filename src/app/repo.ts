// Composition root, the repository: the path a command names checked (a folder, not a home
// folder or a filesystem root by mistake, an index directory that is not a link planted in
// the repository) and its configuration loaded, once, into a frozen RepoContext.

import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { loadConfig, resolveIndexDir } from '../config/load.js';
import type { RepoContext } from '../config/repo-context.js';
import { resolveStoreChoice } from '../config/store-choice.js';
import { InputError, UsageError } from '../core/errors.js';
import { indexPaths } from '../store/sqlite/index.js';


export interface RepoOptions {
  repo?: string | undefined;
  indexDir?: string | undefined;
  configPath?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** Accept a home folder or a filesystem root as the repository (`--force`). */
  force?: boolean | undefined;
  /** `--store`: `sqlite` or a postgres:// URL (else CAIRN_DATABASE_URL, else `store:` in cairn.yaml). */
  store?: string | undefined;
}

/** Validates the repository path and loads its configuration. */
export async function openRepo(options: RepoOptions): Promise<RepoContext> {
  const repo = options.repo ?? '.';
  if (repo === '') throw new UsageError('the repository path is empty', { hint: 'pass the path of the repository folder, e.g. `.`' });
  if (options.indexDir === '') throw new UsageError('--index-dir is empty', { hint: 'pass the folder for the index, or drop --index-dir to use <repo>/.cairn' });
  if (options.configPath === '') throw new UsageError('--config is empty', { hint: 'pass the path of a cairn.yaml, or drop --config to use <repo>/cairn.yaml' });
  const root = resolve(repo);
  requireFolder(root, repo);
  const env = options.env ?? process.env;
  const indexDir = resolveIndexDir(root, options.indexDir, env);
  requireIndexDir(indexDir, { root, named: isNamed(options.indexDir) || isNamed(env['CAIRN_INDEX_DIR']) });
  if (!options.force) refuseSurprisingRoot(root, indexDir, env);
  const config = await loadConfig({ repoRoot: root, ...(options.configPath ? { configPath: options.configPath } : {}) });
  const store = resolveStoreChoice({ flag: options.store, env, config, root });
  return { root, indexDir, config, env, ...(store.adapter === 'sqlite' ? {} : { store }) };
}

/**
 * A home folder or a filesystem root is almost never the repository someone meant: run
 * there by mistake, cairn would walk (and index) everything below it. Refused unless the
 * user says so, or already did once (an index of it exists).
 */
function refuseSurprisingRoot(root: string, indexDir: string, env: NodeJS.ProcessEnv): void {
  const real = realpathSync(root);
  const home = env['HOME'] ? resolveQuietly(env['HOME']) : resolveQuietly(homedir());
  const what = dirname(real) === real ? 'a filesystem root' : real === home ? 'your home folder' : null;
  if (what === null || existsSync(indexPaths(indexDir).curated)) return;
  throw new InputError('INPUT_INVALID', `${root} is ${what}, not a repository: cairn would index everything below it`, {
    hint: 'run cairn inside a repository (or pass --repo PATH); add --force to index this folder anyway',
  });
}

function resolveQuietly(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function requireFolder(absolute: string, asGiven: string): void {
  let stats;
  try {
    stats = statSync(absolute);
  } catch (error) {
    throw new InputError('INPUT_NOT_FOUND', `${asGiven}: no such folder`, {
      hint: 'pass the path of the repository folder to index',
      cause: error,
    });
  }
  if (!stats.isDirectory()) {
    throw new InputError('INPUT_INVALID', `${asGiven} is a file, not a folder`, {
      hint: 'cairn indexes a whole repository: pass the folder that contains it',
    });
  }
}

function isNamed(value: string | undefined): boolean {
  return value !== undefined && value !== '';
}

/**
 * The index directory must be a folder or absent (it is created). The default one,
 * `<repo>/.cairn`, must not be a link: a repository that ships `.cairn` as a link would
 * have cairn write wherever it points. A directory the user named is taken as named.
 */
function requireIndexDir(indexDir: string, { root, named }: { root: string; named: boolean }): void {
  let stats;
  try {
    stats = lstatSync(indexDir);
  } catch {
    return; // absent: created by the first index run
  }
  if (stats.isSymbolicLink() && !named) {
    throw new InputError('INPUT_INVALID', `${indexDir} is a symbolic link in the repository ${root}; cairn does not write its index through it`, {
      hint: 'remove the link, or name the index directory yourself with --index-dir (or CAIRN_INDEX_DIR)',
    });
  }
  if (!statSync(indexDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new InputError('INPUT_INVALID', `the index directory ${indexDir} is not a folder`, {
      hint: 'pass --index-dir a folder (it is created when absent)',
    });
  }
}
