// The repository walker: every file under the root that is not ignored, vendored, too
// large or unreadable, in path order, plus skip events for what a user may wonder about
// (see README.md). Read-only. The core is synchronous because sync fs calls are ~8×
// faster than their promise versions here; `walkRepository` wraps it as an async
// generator that lets the event loop breathe every few hundred events.

import path from 'node:path';
import type { Dirent, Stats } from 'node:fs';
import { InputError } from '../../core/errors.js';
import { enterFolder, ignoreVerdict, rootIgnoreRules, type IgnoreRules } from './ignore-rules.js';
import { folderIgnoreTexts, outerIgnoreContext } from './ignore-files.js';
import { errnoCode, nodeWalkFs, type WalkFs } from './walk-fs.js';
import { isVendoredFolderContent, isVendoredFolderName } from './vendored-dirs.js';
import type { WalkEvent, WalkOptions, WalkSkip } from './types.js';

interface WalkContext {
  fs: WalkFs;
  options: WalkOptions;
  followSymlinks: boolean;
  rootReal: string;
  indexDirReal: string | null;
  /** Folders holding at least one tracked file, at any depth. */
  trackedFolders: ReadonlySet<string>;
}

interface Folder {
  rel: string;
  abs: string;
  real: string;
  /** Real paths of this folder and every folder above it on the walked path. */
  realStack: readonly string[];
  /** False inside a folder the user re-included with "!": everything in it is wanted. */
  vendorChecks: boolean;
}

/** One folder entry after its type is known (links resolved). */
type Entry =
  | { kind: 'dir'; name: string; rel: string; abs: string; real: string; viaLink: boolean }
  | { kind: 'file'; name: string; rel: string; abs: string; stats: Stats | null }
  | { kind: 'special'; name: string; rel: string }
  | { kind: 'broken'; name: string; rel: string; skip: WalkSkip };

const YIELD_EVERY = 256;

export async function* walkRepository(
  root: string,
  options: WalkOptions,
  fs: WalkFs = nodeWalkFs,
): AsyncGenerator<WalkEvent> {
  let sinceBreath = 0;
  for (const event of walkRepositorySync(root, options, fs)) {
    yield event;
    if (++sinceBreath >= YIELD_EVERY) {
      sinceBreath = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

export function* walkRepositorySync(root: string, options: WalkOptions, fs: WalkFs = nodeWalkFs): Generator<WalkEvent> {
  const rootAbs = path.resolve(root);
  const rootReal = resolveRoot(fs, rootAbs);
  const context: WalkContext = {
    fs,
    options,
    followSymlinks: options.followSymlinks ?? true,
    rootReal,
    indexDirReal: options.indexDir ? realOrResolved(fs, options.indexDir) : null,
    trackedFolders: foldersOf(options.tracked),
  };
  const rules = rootIgnoreRules({ exclude: options.exclude, ...outerIgnoreContext(fs, rootReal) });
  const rootFolder: Folder = {
    rel: '',
    abs: rootAbs,
    real: rootReal,
    realStack: [rootReal],
    vendorChecks: !options.includeVendored,
  };
  yield* walkFolder(context, rootFolder, rules);
}

function foldersOf(paths: ReadonlySet<string> | undefined): Set<string> {
  const folders = new Set<string>();
  for (const file of paths ?? []) {
    for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) {
      const folder = file.slice(0, at);
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  }
  return folders;
}

function resolveRoot(fs: WalkFs, rootAbs: string): string {
  let stats: Stats;
  try {
    stats = fs.stat(rootAbs);
  } catch (error) {
    const missing = ['ENOENT', 'ENOTDIR'].includes(errnoCode(error));
    throw new InputError(
      missing ? 'INPUT_NOT_FOUND' : 'INPUT_INVALID',
      missing ? `repository root does not exist: ${rootAbs}` : `repository root cannot be read: ${rootAbs}`,
      { cause: error },
    );
  }
  if (!stats.isDirectory()) throw new InputError('INPUT_INVALID', `repository root is not a directory: ${rootAbs}`);
  try {
    fs.readdir(rootAbs);
    return fs.realpath(rootAbs);
  } catch (error) {
    throw new InputError('INPUT_INVALID', `repository root cannot be read: ${rootAbs}`, { cause: error });
  }
}

function realOrResolved(fs: WalkFs, target: string): string {
  const resolved = path.resolve(target);
  try {
    return fs.realpath(resolved);
  } catch {
    return resolved;
  }
}

function* walkFolder(context: WalkContext, folder: Folder, inherited: IgnoreRules): Generator<WalkEvent> {
  let dirents: Dirent[];
  try {
    dirents = context.fs.readdir(folder.abs);
  } catch (error) {
    yield { type: 'skip', path: folder.rel, reason: 'unreadable', detail: errnoCode(error) };
    return;
  }
  const names = new Set(dirents.map((dirent) => dirent.name));
  if (folder.vendorChecks && folder.rel !== '' && isVendoredFolderContent(names)) {
    yield { type: 'skip', path: folder.rel, reason: 'vendored' };
    return;
  }
  const prefix = folder.rel === '' ? '' : `${folder.rel}/`;
  const rules = enterFolder(inherited, prefix, folderIgnoreTexts(context.fs, folder.abs, names, context.rootReal));
  const entries = dirents
    .filter((dirent) => dirent.name !== '.git')
    .map((dirent) => resolveEntry(context, folder, prefix, dirent))
    .filter((entry): entry is Entry => entry !== null);
  entries.sort((a, b) => compareKeys(sortKey(a), sortKey(b)));
  for (const entry of entries) yield* visitEntry(context, folder, rules, names, entry);
}

/** Folders sort as "name/" so that walking order equals the order of full paths. */
function sortKey(entry: Entry): string {
  return entry.kind === 'dir' ? `${entry.name}/` : entry.name;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function* visitEntry(
  context: WalkContext,
  folder: Folder,
  rules: IgnoreRules,
  siblingNames: ReadonlySet<string>,
  entry: Entry,
): Generator<WalkEvent> {
  const verdict = ignoreVerdict(rules, entry.rel, entry.kind === 'dir');
  if (verdict === 'ignored' && !isTracked(context, entry)) {
    if (context.options.reportIgnored) yield { type: 'skip', path: entry.rel, reason: 'ignored' };
    return;
  }
  if (entry.kind === 'broken') yield entry.skip;
  else if (entry.kind === 'special') yield { type: 'skip', path: entry.rel, reason: 'special' };
  else if (entry.kind === 'file') yield* visitFile(context, entry);
  else yield* visitFolder(context, folder, rules, siblingNames, entry, folder.vendorChecks && verdict !== 'unignored');
}

/**
 * Inside an ignored folder entered for its tracked files, the untracked rest stays ignored:
 * the `ignore` package reports paths under an ignored folder as ignored.
 */
function isTracked(context: WalkContext, entry: Entry): boolean {
  if (entry.kind === 'dir') return context.trackedFolders.has(entry.rel);
  return context.options.tracked?.has(entry.rel) ?? false;
}

function* visitFolder(
  context: WalkContext,
  parent: Folder,
  rules: IgnoreRules,
  siblingNames: ReadonlySet<string>,
  entry: Extract<Entry, { kind: 'dir' }>,
  vendorChecks: boolean,
): Generator<WalkEvent> {
  if (context.indexDirReal !== null && (entry.real === context.indexDirReal || entry.abs === context.indexDirReal)) return;
  if (entry.viaLink && parent.realStack.some((real) => real === entry.real || real.startsWith(`${entry.real}/`))) {
    yield { type: 'skip', path: entry.rel, reason: 'symlink-loop', detail: entry.real };
    return;
  }
  if (vendorChecks && isVendoredFolderName(entry.name, siblingNames)) {
    yield { type: 'skip', path: entry.rel, reason: 'vendored' };
    return;
  }
  const realStack = [...parent.realStack, entry.real];
  yield* walkFolder(context, { rel: entry.rel, abs: entry.abs, real: entry.real, realStack, vendorChecks }, rules);
}

function* visitFile(context: WalkContext, entry: Extract<Entry, { kind: 'file' }>): Generator<WalkEvent> {
  let stats = entry.stats;
  try {
    stats ??= context.fs.stat(entry.abs);
  } catch (error) {
    yield { type: 'skip', path: entry.rel, reason: 'unreadable', detail: errnoCode(error) };
    return;
  }
  const { size, mtimeMs } = stats;
  if (size > context.options.maxFileBytes) {
    yield { type: 'skip', path: entry.rel, reason: 'too-large', size, mtimeMs, absPath: entry.abs };
    return;
  }
  try {
    context.fs.assertReadable(entry.abs);
  } catch (error) {
    yield { type: 'skip', path: entry.rel, reason: 'unreadable', detail: errnoCode(error) };
    return;
  }
  yield { type: 'file', path: entry.rel, absPath: entry.abs, size, mtimeMs };
}

function resolveEntry(context: WalkContext, folder: Folder, prefix: string, dirent: Dirent): Entry | null {
  const name = dirent.name;
  const rel = prefix + name;
  const abs = path.join(folder.abs, name);
  if (dirent.isDirectory()) return { kind: 'dir', name, rel, abs, real: path.join(folder.real, name), viaLink: false };
  if (dirent.isFile()) return { kind: 'file', name, rel, abs, stats: null };
  if (!dirent.isSymbolicLink()) return { kind: 'special', name, rel };
  return context.followSymlinks ? resolveLink(context, name, rel, abs) : null;
}

function resolveLink(context: WalkContext, name: string, rel: string, abs: string): Entry {
  const broken = (reason: WalkSkip['reason'], detail: string): Entry => ({
    kind: 'broken',
    name,
    rel,
    skip: { type: 'skip', path: rel, reason, detail },
  });
  let stats: Stats;
  let real: string;
  try {
    stats = context.fs.stat(abs);
    real = context.fs.realpath(abs);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ELOOP') return broken('symlink-loop', code);
    return broken('unreadable', code === 'ENOENT' ? 'dangling link' : code);
  }
  const root = context.rootReal;
  if (real !== root && !real.startsWith(`${root}/`)) return broken('symlink-outside', real);
  if (stats.isDirectory()) return { kind: 'dir', name, rel, abs, real, viaLink: true };
  if (stats.isFile()) return { kind: 'file', name, rel, abs, stats };
  return { kind: 'special', name, rel };
}
