// The task's own vocabulary, word by word, as the match assessment weighs it: where each word
// is written (the title says most, a pasted log least), whether it is written as code, how
// ordinary it is in English, and how rare it is in this repository's index. A word's
// specificity is the evidence it would be if the repository holds it: a rare identifier
// much, an everyday word that the repository also uses little.

import { codeTokens, stemToken } from '../../core/tokens.js';
import { looksLikeCode } from '../../search/query/anchors.js';
import type { EnglishWords } from '../../search/query/english.js';
import type { IssueText } from '../../search/query/issue-text.js';
import { STOPWORDS } from '../../search/stopwords.js';
import type { TermStats } from '../../store/curated.js';

export interface TaskWord {
  /** As first written (a dotted name gives one word per part). */
  word: string;
  /** The index token it is looked up by: an identifier whole (lowercase), a plain word's stem. */
  token: string;
  /** Summed emphasis of where it is written (title 3, inline code 2, prose 1, each code block 0.4). */
  emphasis: number;
  /** Written as code: in backticks, as a call, or shaped like an identifier (snake_case, camelCase, dotted). */
  codeLike: boolean;
  /** Rank in spoken English, or null when not among the common words (code-like words: always null). */
  englishRank: number | null;
  /** Definitions (symbol documents) of the index holding the token. */
  df: number;
  /** Files of the index holding it (configuration and docs too). */
  fileDf: number;
  /** 0–1: how much finding this word says about a candidate (see `specificity`). */
  specificity: number;
}

const EMPHASIS = { title: 3, inline: 2, prose: 1, code: 0.4 } as const;
/**
 * A conventional-commit title ("fix(etag): …", "chore: …") starts with the kind of change,
 * which says nothing about where: its scope ("etag") is kept as a title word.
 */
const COMMIT_KIND = /^(?:fix|feat|feature|chore|refactor|perf|docs|doc|test|tests|ci|build|style|revert)(?=(?:\([^)]*\))?!?:)/i;
const WORD = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\s*\()?/g;
const MIN_LENGTH = 3;
/** A long pasted log has hundreds of words; the assessment reads the most emphasised ones. */
const MAX_WORDS = 48;

type Source = keyof typeof EMPHASIS;

interface Collected {
  word: string;
  token: string;
  emphasis: number;
  codeLike: boolean;
}

/** The task's words (most emphasised first), each with its index statistics. */
export function taskVocabulary(issue: IssueText, english: EnglishWords, stats: (target: 'symbol' | 'file', tokens: string[]) => TermStats): TaskWord[] {
  const collected = collectWords(issue);
  const tokens = collected.map((word) => word.token);
  const symbols = stats('symbol', tokens);
  const files = stats('file', tokens);
  return collected.map((word): TaskWord => {
    const englishRank = word.codeLike ? null : english.rank(word.word);
    const df = symbols.documentFrequency.get(word.token) ?? 0;
    const fileDf = files.documentFrequency.get(word.token) ?? 0;
    // A word only in configuration or docs is as rare as its files are.
    const rarity = df > 0 ? { df, documents: symbols.documents } : { df: fileDf, documents: files.documents };
    return { ...word, englishRank, df, fileDf, specificity: specificity(rarity.df, rarity.documents) };
  });
}

/**
 * 0–1: the word's inverse document frequency against the index's size (1 when the index
 * lacks it: a missing term counts against a match as much as the rarest one counts for it).
 * Everyday English is weighed down apart, in the word's importance (assess-match.ts).
 */
export function specificity(df: number, documents: number): number {
  if (df === 0) return 1;
  const idf = Math.log((documents + 1) / (df + 0.5)) / Math.log(documents + 1);
  return Math.max(0, Math.min(1, idf));
}

function collectWords(issue: IssueText): Collected[] {
  const byToken = new Map<string, Collected>();
  const add = (text: string, source: Source, once: boolean): void => {
    const seen = new Set<string>();
    for (const match of text.matchAll(WORD)) {
      const call = match[1] !== undefined;
      const name = match[0].replace(/\s*\($/, '');
      for (const part of wordsOf(name)) {
        // Ids, hashes and versions ("0ec7f71", "ts7", "v2") name no code of the repository.
        if (part.length < MIN_LENGTH || /\d/.test(part) || STOPWORDS.has(part.toLowerCase())) continue;
        const codeLike = source === 'inline' || call || looksLikeCode(part) || name.includes('.');
        const token = tokenOf(part);
        if (once && seen.has(token)) continue;
        seen.add(token);
        const known = byToken.get(token);
        if (known) {
          known.emphasis += EMPHASIS[source];
          known.codeLike ||= codeLike;
        } else byToken.set(token, { word: part, token, emphasis: EMPHASIS[source], codeLike });
      }
    }
  };
  add(issue.title.replace(COMMIT_KIND, ''), 'title', false);
  for (const code of issue.inlineCode) add(code, 'inline', false);
  add(withoutTrailers(issue.prose), 'prose', false);
  // A pasted log repeats its words on every line: each block counts a word once.
  for (const block of issue.codeBlocks) add(block, 'code', true);
  return [...byToken.values()].sort((a, b) => b.emphasis - a.emphasis || a.token.localeCompare(b.token)).slice(0, MAX_WORDS);
}

/** Git trailers ("Co-authored-by: Name <mail>") and mail addresses name people, not code. */
function withoutTrailers(prose: string): string {
  return prose.replace(/^[A-Za-z][\w-]*-by:.*$/gim, ' ').replace(/\S+@\S+/g, ' ');
}

/** A dotted name is looked up part by part ("c.req.json" → c, req, json); a `$` is a word character. */
function wordsOf(name: string): string[] {
  return name.split('.').filter((part) => part.length > 0 && !/^\d/.test(part));
}

/** The token the index holds for a word: an identifier whole, lowercased; a plain word's stem. */
export function tokenOf(word: string): string {
  const lower = word.toLowerCase();
  if (/^[a-z]+$/.test(lower) && !looksLikeCode(word)) return stemToken(lower);
  return codeTokens(word)[0] ?? lower;
}
