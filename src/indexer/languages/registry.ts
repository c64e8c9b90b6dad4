// Which languages have a tree-sitter extractor, and the one instance of each: a grammar is
// loaded and its Parser created on first use, then reused for every later file.

import { AST_LANGUAGES, type AstLanguage, type Language } from '../../core/entities.js';
import { ecmascriptSpec } from './ecmascript.js';
import { goSpec } from './go.js';
import { loadGrammar } from './grammars.js';
import { javaSpec } from './java.js';
import { pythonSpec } from './python.js';
import { rustSpec } from './rust.js';
import { type ExtractorOptions, type LanguageSpec, TreeSitterExtractor } from './tree-extractor.js';
import type { LanguageExtractor } from './types.js';

const SPECS: Readonly<Record<AstLanguage, LanguageSpec>> = {
  typescript: ecmascriptSpec('typescript'),
  tsx: ecmascriptSpec('tsx'),
  javascript: ecmascriptSpec('javascript'),
  python: pythonSpec,
  go: goSpec,
  rust: rustSpec,
  java: javaSpec,
};

function isAstLanguage(language: Language): language is AstLanguage {
  return (AST_LANGUAGES as readonly string[]).includes(language);
}

/** Owns one extractor (one Parser) per language, created lazily. */
export class ExtractorRegistry {
  private readonly extractors = new Map<AstLanguage, LanguageExtractor>();

  constructor(private readonly options: ExtractorOptions = {}) {}

  extractorFor(language: Language): LanguageExtractor | null {
    if (!isAstLanguage(language)) return null;
    let extractor = this.extractors.get(language);
    if (extractor === undefined) {
      extractor = new TreeSitterExtractor(SPECS[language], loadGrammar(language), this.options);
      this.extractors.set(language, extractor);
    }
    return extractor;
  }
}

// The process-wide instance: native grammars are costly to load and a Parser is reusable,
// so every caller in a process (or worker thread) shares these.
const shared = new ExtractorRegistry();

/** The tree-sitter extractor for `language`, or null when it has no grammar. */
export function astExtractorFor(language: Language): LanguageExtractor | null {
  return shared.extractorFor(language);
}
