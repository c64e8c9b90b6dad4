// Lexical facts per language family: comment markers and string quotes — just enough
// for the scanner to tell code from comments and string contents.

import type { Language } from '../../../core/entities.js';

export interface LexSyntax {
  lineComments: string[];
  /** [open, close, only at the start of a line]. */
  blockComments: [string, string, boolean][];
  /** Characters that open a string literal. */
  quotes: string;
  /** Quotes whose literals may span lines (JS templates, Go raw strings, ...). */
  multilineQuotes: string;
  /** Quotes without backslash escapes (Go raw strings, shell single quotes). */
  rawQuotes: string;
  /** Python """ and ''' strings. */
  tripleQuotes: boolean;
  /** "'" opens a string only when it closes right away (char literals, Rust lifetimes). */
  charLiterals: boolean;
  /** Shell: "#" starts a comment only at the start of a word ("$#" is not one). */
  hashNeedsSpace: boolean;
  /** JS/TS: "/" after an operator or keyword opens a regular expression literal. */
  regexLiterals?: boolean;
}

const C_LIKE: LexSyntax = {
  lineComments: ['//'],
  blockComments: [['/*', '*/', false]],
  quotes: '"\'',
  multilineQuotes: '',
  rawQuotes: '',
  tripleQuotes: false,
  charLiterals: true,
  hashNeedsSpace: false,
};

const SYNTAX: Partial<Record<Language, LexSyntax>> = {
  typescript: { ...C_LIKE, quotes: '"\'`', multilineQuotes: '`', charLiterals: false, regexLiterals: true },
  tsx: { ...C_LIKE, quotes: '"\'`', multilineQuotes: '`', charLiterals: false, regexLiterals: true },
  javascript: { ...C_LIKE, quotes: '"\'`', multilineQuotes: '`', charLiterals: false, regexLiterals: true },
  go: { ...C_LIKE, quotes: '"\'`', multilineQuotes: '`', rawQuotes: '`' },
  rust: { ...C_LIKE, multilineQuotes: '"' },
  java: { ...C_LIKE, tripleQuotes: true },
  kotlin: { ...C_LIKE, tripleQuotes: true },
  scala: { ...C_LIKE, tripleQuotes: true },
  swift: { ...C_LIKE, quotes: '"', tripleQuotes: true },
  c: C_LIKE,
  cpp: C_LIKE,
  csharp: C_LIKE,
  php: { ...C_LIKE, lineComments: ['//', '#'], multilineQuotes: '"\'', charLiterals: false },
  python: { ...C_LIKE, lineComments: ['#'], blockComments: [], tripleQuotes: true, charLiterals: false },
  ruby: {
    ...C_LIKE,
    lineComments: ['#'],
    blockComments: [['=begin', '=end', true]],
    multilineQuotes: '"\'',
    charLiterals: false,
  },
  shell: {
    ...C_LIKE,
    lineComments: ['#'],
    blockComments: [],
    multilineQuotes: '"\'',
    rawQuotes: "'",
    charLiterals: false,
    hashNeedsSpace: true,
  },
};

export function syntaxFor(language: Language): LexSyntax {
  return SYNTAX[language] ?? C_LIKE;
}
