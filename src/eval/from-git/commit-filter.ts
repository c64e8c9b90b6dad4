// Which commits make honest localization tasks: pure tests on a commit's message,
// author and changed paths. A task whose message names the file it changes is trivial;
// reverts, bots and release chores are not tasks at all.

import type { CommitInfo } from './commit-log.js';

/** Messages with fewer words than this say too little to localize anything. */
export const MIN_WORDS = 5;

const TRAILER = /^(co-authored-by|signed-off-by|reviewed-by|acked-by|tested-by|reported-by|suggested-by|helped-by|cc|change-id|closes|fixes|refs|see-also)\s*:/i;
const BOT_AUTHOR = /\[bot\]|dependabot|renovate|pre-commit-ci|github-actions|greenkeeper|snyk-bot|allcontributors/i;
const BOT_SUBJECT =
  /\[pre-commit\.ci\]|pre-commit autoupdate|^(bump|release|releasing|prepare (for )?release|version bump|update (the )?changelog|changelog)\b|^(chore|build|ci)\(deps(-dev)?\)|^\[?(auto-?update|automated)\b/i;
const REVERT = /^revert\b|^"?revert "|this reverts commit [0-9a-f]{7,}/im;

/** The task's query: subject and body, without trailers (co-authors, sign-offs). */
export function queryOf(message: string): string {
  return message
    .split('\n')
    .filter((line) => !TRAILER.test(line.trim()))
    .join('\n')
    .trim();
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function isRevert(message: string): boolean {
  return REVERT.test(message);
}

export function isBotLike(commit: Pick<CommitInfo, 'author' | 'email' | 'message'>): boolean {
  const subject = commit.message.split('\n', 1)[0] ?? '';
  return BOT_AUTHOR.test(commit.author) || BOT_AUTHOR.test(commit.email) || BOT_SUBJECT.test(subject.trim());
}

/**
 * True when the text names one of the paths: the whole path, the file name, or the stem
 * (name without its extension) as a word — all case-insensitive.
 */
export function namesAnyFile(text: string, paths: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return paths.some((path) => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    return lower.includes(path.toLowerCase()) || containsWord(text, name) || (stem !== '' && containsWord(text, stem));
  });
}

function containsWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'iu').test(text);
}

/** A coarse category from the message, for per-category rows: 'fix', 'performance' or 'change'. */
export function categoryOf(message: string): string {
  const subject = message.split('\n', 1)[0] ?? '';
  if (/\b(perf|performance|speed ?up|faster|slow(er|ness)?|memory|optimi[sz]e)/i.test(subject)) return 'performance';
  if (/\b(fix(es|ed)?|bug|error|crash|regression|broken|incorrect|wrong|fail(s|ing|ure)?)\b/i.test(subject)) return 'fix';
  return 'change';
}
