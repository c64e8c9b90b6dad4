// The campaign's repository: the shop fixture plus generated modules (so an index run
// lasts long enough to be killed at many points), in git with a few commits; a pristine
// index of it to start each scenario from; snapshots that prove no user file changed.

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCairn } from './cli.js';

const SHOP = fileURLToPath(new URL('../../../test/fixtures/repos/shop/', import.meta.url));

/** Generated modules: enough that a full index takes a second or so. */
const MODULES = 400;

export interface Workspace {
  /** Holds everything the campaign makes; removed at the end. */
  base: string;
  /** The template repository (never indexed in place). */
  template: string;
  /** A pristine `.cairn` of the template. */
  pristineIndex: string;
  /** Files outside any repository that links point at; must never change. */
  outside: string;
}

function git(cwd: string, args: string[], time: number): void {
  execFileSync('git', ['-c', 'user.name=campaign', '-c', 'user.email=campaign@cairn.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null', GIT_AUTHOR_DATE: `@${time} +0000`, GIT_COMMITTER_DATE: `@${time} +0000` },
  });
}

function module(at: number): string {
  const next = (at + 1) % MODULES;
  return `"""Module ${at}."""\nfrom pkg.sub${next % 20}.mod_${next} import helper_${next}\n\n\nclass Widget${at}:\n    """A widget."""\n\n    def render_${at}(self, value):\n        return helper_${next}(value) * ${at}\n\n\ndef helper_${at}(value):\n    return value + ${at}\n`;
}

export function createWorkspace(base: string): Workspace {
  const template = join(base, 'template');
  cpSync(SHOP, template, { recursive: true });
  git(template, ['init', '-q', '-b', 'main'], 1_700_000_000);
  git(template, ['add', '-A'], 1_700_000_000);
  git(template, ['commit', '-q', '-m', 'shop'], 1_700_000_000);
  for (let at = 0; at < MODULES; at++) {
    mkdirSync(join(template, 'pkg', `sub${at % 20}`), { recursive: true });
    writeFileSync(join(template, 'pkg', `sub${at % 20}`, `mod_${at}.py`), module(at));
  }
  git(template, ['add', '-A'], 1_700_003_600);
  git(template, ['commit', '-q', '-m', 'modules'], 1_700_003_600);
  const outside = join(base, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.py'), 'def leaked():\n    return "OUTSIDE_SECRET_MARKER"\n');
  const indexed = runCairn(['index', template, '--index-dir', join(base, 'pristine-index')]);
  if (indexed.code !== 0) throw new Error(`indexing the campaign repository failed: ${indexed.stderr}`);
  return { base, template, pristineIndex: join(base, 'pristine-index'), outside };
}

/** A fresh copy of the template for one scenario, its index copied in when asked. */
export function scenarioRepo(workspace: Workspace, name: string, withIndex: boolean): string {
  const repo = join(workspace.base, 'runs', name);
  rmSync(repo, { recursive: true, force: true });
  cpSync(workspace.template, repo, { recursive: true });
  if (withIndex) cpSync(workspace.pristineIndex, join(repo, '.cairn'), { recursive: true });
  return repo;
}

/** path → a fingerprint of every entry under `root` (links by target, files by hash), `skip` left out. */
export function snapshot(root: string, skip: (relativePath: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(root, path);
      if (skip(rel)) continue;
      const stats = lstatSync(path);
      if (stats.isSymbolicLink()) out.set(rel, `link ${readlinkSync(path)}`);
      else if (stats.isDirectory()) {
        out.set(`${rel}/`, `dir ${stats.mode}`);
        visit(path);
      } else if (stats.isFile()) out.set(rel, `${stats.size} ${stats.mtimeMs} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`);
      else out.set(rel, `special ${stats.mode}`);
    }
  };
  visit(root);
  return out;
}

/** What differs between two snapshots, as "path: before → after" lines. */
export function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [path, was] of before) if (after.get(path) !== was) out.push(`${path}: changed or removed`);
  for (const path of after.keys()) if (!before.has(path)) out.push(`${path}: created`);
  return out;
}

/** The index directory is cairn's; everything else (git's files included) is the user's. */
export const notUserFiles = (rel: string): boolean => rel === '.cairn' || rel.startsWith('.cairn/');

/**
 * A copy of `repo` without its `.cairn`, indexed fresh: what an index of the same tree
 * holds when built in one run (an index directory outside the tree would see `.cairn`).
 */
export function freshCopy(repo: string, name: string): string {
  const copy = `${repo}-${name}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(repo, copy, { recursive: true, filter: (source) => !source.split('/').includes('.cairn') });
  const indexed = runCairn(['index', copy]);
  if (indexed.code !== 0) throw new Error(`indexing a fresh copy failed: ${indexed.stderr}`);
  return copy;
}
