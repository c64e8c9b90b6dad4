// Query reduction and term weighting. A whole issue is a poor query: most of its words
// are prose shared by every file, and the near-optimal query is a small part of it. Terms are weighted by where they occur
// (title and inline code above prose, prose above pasted code) and by rarity in the
// index, terms in more than half the units are dropped, and the query is capped.

import type { TermStats } from '../../store/curated.js';
import { codeTokens } from '../../core/tokens.js';
import { STOPWORDS } from '../stopwords.js';
import type { IssueText } from './issue-text.js';
import { compareText } from '../../core/compare.js';

export interface WeightedTerm {
  term: string;
  weight: number;
}

export interface QueryTerms {
  /** Terms of the title and inline code: the shortest statement of the task. */
  focused: string[];
  /** The reduced full query, best first. */
  full: WeightedTerm[];
}

const SOURCE_WEIGHTS = { title: 3, inline: 2, prose: 1, code: 0.4 } as const;
const MAX_TERMS = 32;
const MAX_DOCUMENT_SHARE = 0.5;

export function collectTerms(issue: IssueText): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (tokens: Iterable<string>, weight: number): void => {
    for (const token of tokens) {
      if (token.length < 2 || STOPWORDS.has(token) || /^\d+$/.test(token)) continue;
      weights.set(token, (weights.get(token) ?? 0) + weight);
    }
  };
  add(codeTokens(issue.title), SOURCE_WEIGHTS.title);
  for (const code of issue.inlineCode) add(codeTokens(code), SOURCE_WEIGHTS.inline);
  add(codeTokens(withoutInstallPaths(issue.prose)), SOURCE_WEIGHTS.prose);
  // A pasted log or output repeats the same words on every line ("[debug]", "ERROR"):
  // repetition there is not emphasis, so each block counts a token once.
  for (const block of issue.codeBlocks) add(new Set(codeTokens(withoutInstallPaths(block))), SOURCE_WEIGHTS.code);
  return weights;
}

/**
 * A path of the machine the report came from, e.g. a traceback's
 * "/usr/lib/python3.12/site-packages/flask/app.py": absolute, home-relative, or inside
 * installed packages. Its folders (`usr`, `lib`, `site`, `packages`, the user's name) say
 * nothing about the repository; the file name may (resolve-anchors.ts reads the whole path).
 */
const INSTALL_PATH = /(?<![\w.])(?:[A-Za-z]:[\\/]|~[\\/]|[\\/])?(?:[\w.@+-]+[\\/])+([\w.@+-]+)/g;
const MACHINE_PATH = /^(?:[A-Za-z]:[\\/]|~[\\/]|[\\/])|(?:^|[\\/])(?:site-packages|dist-packages|node_modules)[\\/]/;

/** The text with every machine path reduced to its file name. */
export function withoutInstallPaths(text: string): string {
  return text.replace(INSTALL_PATH, (path: string, file: string) => (MACHINE_PATH.test(path) ? file : path));
}

export function selectTerms(issue: IssueText, stats: (terms: string[]) => TermStats): QueryTerms {
  const raw = collectTerms(issue);
  const terms = [...raw.keys()];
  const { documents, documentFrequency } = stats(terms);
  const scored: WeightedTerm[] = [];
  for (const [term, weight] of raw) {
    const df = documentFrequency.get(term) ?? 0;
    if (df === 0 || (documents > 20 && df / documents > MAX_DOCUMENT_SHARE)) continue;
    const idf = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
    scored.push({ term, weight: Math.sqrt(weight) * idf });
  }
  scored.sort((a, b) => b.weight - a.weight || compareText(a.term, b.term));
  const full = scored.slice(0, MAX_TERMS);
  const kept = new Set(scored.map((entry) => entry.term));
  const focusedSource = [issue.title, ...issue.inlineCode].join(' ');
  const focused = [...new Set(codeTokens(focusedSource))].filter((term) => kept.has(term));
  return { focused, full };
}
