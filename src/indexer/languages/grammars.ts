// Loads the native tree-sitter core and grammar packages on first use: a process that
// never sees a Rust file never loads the Rust grammar. They are CommonJS addons, hence
// createRequire; the caller caches what it gets (one Parser per language).

import { createRequire } from 'node:module';
import type Parser from 'tree-sitter';
import type { AstLanguage } from '../../core/entities.js';

const requireCjs = createRequire(import.meta.url);

export type ParserConstructor = typeof Parser;
export type Grammar = Parser.Language;

export function loadParserConstructor(): ParserConstructor {
  return requireCjs('tree-sitter') as ParserConstructor;
}

export function loadGrammar(language: AstLanguage): Grammar {
  switch (language) {
    case 'typescript':
      return (requireCjs('tree-sitter-typescript') as { typescript: Grammar }).typescript;
    case 'tsx':
      return (requireCjs('tree-sitter-typescript') as { tsx: Grammar }).tsx;
    case 'javascript':
      return requireCjs('tree-sitter-javascript') as Grammar;
    case 'python':
      return requireCjs('tree-sitter-python') as Grammar;
    case 'go':
      return requireCjs('tree-sitter-go') as Grammar;
    case 'rust':
      return requireCjs('tree-sitter-rust') as Grammar;
    case 'java':
      return requireCjs('tree-sitter-java') as Grammar;
  }
}
