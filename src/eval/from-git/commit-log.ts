// Commits from a starting commit backwards (git log order), read a page at a time so a
// walk that finds its tasks early never reads the whole history.

import { git } from './git.js';

export interface CommitInfo {
  sha: string;
  parents: string[];
  author: string;
  email: string;
  /** Subject and body, as written. */
  message: string;
}

const PAGE = 200;
// -z ends each record with NUL; the message is last, so it may hold any newline.
const FORMAT = '%H%n%P%n%an%n%ae%n%B';

export async function* walkCommits(cwd: string, start: string, page = PAGE): AsyncGenerator<CommitInfo> {
  for (let skip = 0; ; skip += page) {
    const out = await git(cwd, ['log', '-z', `--format=${FORMAT}`, `--skip=${skip}`, `--max-count=${page}`, start, '--']);
    const commits = parseLog(out);
    yield* commits;
    if (commits.length < page) return;
  }
}

export function parseLog(out: string): CommitInfo[] {
  return out
    .split('\0')
    .filter((record) => record.trim() !== '')
    .map((record) => {
      const lines = record.replace(/^\n+/, '').split('\n');
      const [sha = '', parents = '', author = '', email = ''] = lines;
      return {
        sha,
        parents: parents.split(' ').filter(Boolean),
        author,
        email,
        message: lines.slice(4).join('\n').trim(),
      };
    });
}
