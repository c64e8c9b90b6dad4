// Temporary repositories for tests: copies of fixture folders or files written inline,
// optionally made into git repositories with fixed dates.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_REPOS = fileURLToPath(new URL('../fixtures/repos/', import.meta.url));

export interface TempDir {
  path: string;
  write(relative: string, content: string | Buffer): void;
  remove(): void;
}

export function tempDir(prefix = 'cairn-test-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    write(relative, content) {
      const target = join(path, relative);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}

/** A temp copy of test/fixtures/repos/<name>. */
export function fixtureRepo(name: string): TempDir {
  const dir = tempDir(`cairn-${name}-`);
  cpSync(join(FIXTURE_REPOS, name), dir.path, { recursive: true });
  return dir;
}

/** Turns a folder into a git repository with one commit per call of `commit`. */
export function gitInit(path: string): { commit(message: string, when?: number): void } {
  const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null' };
  const git = (args: string[], extra: NodeJS.ProcessEnv = {}): void => {
    execFileSync('git', ['-c', 'user.name=cairn test', '-c', 'user.email=test@cairn.invalid', ...args], {
      cwd: path,
      env: { ...env, ...extra },
      stdio: 'ignore',
    });
  };
  git(['init', '-q', '-b', 'main']);
  let clock = 1_700_000_000;
  return {
    commit(message, when) {
      clock = when ?? clock + 3600;
      const date = `${clock} +0000`;
      git(['add', '-A']);
      git(['commit', '-q', '--allow-empty', '-m', message], { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
    },
  };
}
