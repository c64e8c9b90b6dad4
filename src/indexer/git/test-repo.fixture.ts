// Test helper: builds a throwaway git repository with fixed identities and dates, isolated
// from the user's and the system's git configuration. Only for tests.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class TestRepo {
  constructor(readonly root: string) {}

  static init(root: string): TestRepo {
    const repo = new TestRepo(root);
    repo.git(0, 'init', '--quiet', '--initial-branch=main');
    return repo;
  }

  /** Runs git at the given unix time (author and committer); returns stdout. */
  git(time: number, ...args: string[]): string {
    return execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], {
      cwd: this.root,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: this.root,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_AUTHOR_NAME: 'Test',
        GIT_AUTHOR_EMAIL: 'test@example.com',
        GIT_COMMITTER_NAME: 'Test',
        GIT_COMMITTER_EMAIL: 'test@example.com',
        GIT_AUTHOR_DATE: `@${time} +0000`,
        GIT_COMMITTER_DATE: `@${time} +0000`,
      },
    });
  }

  write(files: Record<string, string>): void {
    for (const [rel, content] of Object.entries(files)) {
      const abs = path.join(this.root, rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, content);
    }
  }

  /** Writes the files, stages everything and commits at `time`. */
  commit(time: number, message: string, files: Record<string, string> = {}): string {
    this.write(files);
    this.git(time, 'add', '--all');
    this.git(time, 'commit', '--quiet', '--allow-empty', '-m', message);
    return this.git(time, 'rev-parse', 'HEAD').trim();
  }
}
