// The git history a run will store, read while its files are extracted: `git log` runs
// in its own process, so starting it before extraction takes it off the run's critical
// path (on sympy's 2,000 commits, ~0.5 s of a full index). A failure is kept until the
// link phase asks for the history, where it surfaces as it did when read there.

import type { IndexWriter } from '../../store/curated.js';
import { miningStamp } from './mining-version.js';
import { headCommit } from './repository.js';
import type { GitHistory, GitHistoryOptions } from './types.js';

export interface HistoryRead {
  /** Whether the stored history is stale (HEAD moved, mined by an older cairn or with other settings, or forced). */
  readonly needed: boolean;
  /** The history from HEAD; only called when `needed`. */
  history(): Promise<GitHistory | null>;
}

export async function startHistoryRead(root: string, writer: IndexWriter, options: GitHistoryOptions, force: boolean): Promise<HistoryRead> {
  const current = writer.meta('gitMining') === miningStamp(options) && (await headCommit(root)) === writer.meta('gitHead');
  if (current && !force) return { needed: false, history: () => Promise.reject(new Error('the stored history is current')) };
  // Loaded only here: a run whose history is current (every refresh) never parses a log.
  const reading = import('./history.js').then(({ readGitHistory }) => readGitHistory(root, options)).then(
    (history) => ({ history }),
    (error: unknown) => ({ error }),
  );
  return {
    needed: true,
    history: async () => {
      const outcome = await reading;
      if ('error' in outcome) throw outcome.error;
      return outcome.history;
    },
  };
}
