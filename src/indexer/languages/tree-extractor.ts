// The LanguageExtractor every tree-sitter language shares: parse with one reused Parser,
// walk the tree once with the language's handlers, hand back an Extraction. Parser
// failures become ExtractionError so the caller can fall back to regex extraction.

import type Parser from 'tree-sitter';
import type { AstLanguage } from '../../core/entities.js';
import { describeError } from '../../core/errors.js';
import { ExtractionBuilder } from './builder.js';
import { FlatParser } from './flat-tree.js';
import type { SyntaxTree } from './syntax-cursor.js';
import { ExtractionError } from './errors.js';
import { type Grammar, loadParserConstructor } from './grammars.js';
import { GrammarNames } from './nav.js';
import type { Extraction, LanguageExtractor } from './types.js';
import { type Handler, TreeWalker } from './walker.js';

/** What one language contributes: its grammar and the handlers of the node types it reads. */
export interface LanguageSpec {
  language: AstLanguage;
  handlers: ReadonlyMap<string, Handler>;
}

export interface ExtractorOptions {
  /** Give up parsing one file after this long (the parser then returns no tree); 0 = never. */
  parseTimeoutMicros?: number;
  /**
   * Parse through the native flat_tree module when it is built (default), or through the
   * node binding's cursors: same trees, same extraction (tested), the flat one faster.
   */
  flat?: boolean;
}

/** Parses one language's sources; null when the parse timed out. */
interface SyntaxParser {
  parse(source: string): SyntaxTree | null;
}

export class TreeSitterExtractor implements LanguageExtractor {
  readonly language: AstLanguage;
  private readonly parser: SyntaxParser;
  private readonly walker: TreeWalker;

  constructor(spec: LanguageSpec, grammar: Grammar, options: ExtractorOptions = {}) {
    this.language = spec.language;
    const flat = options.flat === false ? null : FlatParser.load();
    this.parser = flat ? flatSyntaxParser(flat, grammar, options) : bindingSyntaxParser(grammar, options);
    this.walker = new TreeWalker(spec.handlers, new GrammarNames(grammar.nodeTypeInfo));
  }

  extract(path: string, source: string): Extraction {
    const tree = this.parse(path, source);
    const out = new ExtractionBuilder(path, source);
    let errorRegions: number;
    try {
      errorRegions = this.walker.walk(tree, out).errorRegions;
    } catch (error) {
      throw new ExtractionError(path, `${this.language} extraction failed for ${path}: ${describeError(error)}`, {
        cause: error,
      });
    }
    return out.finish(parseNote(errorRegions, tree));
  }

  private parse(path: string, source: string): SyntaxTree {
    let tree: SyntaxTree | null;
    try {
      tree = this.parser.parse(source);
    } catch (error) {
      throw new ExtractionError(path, `${this.language} parser failed on ${path}: ${describeError(error)}`, {
        cause: error,
      });
    }
    if (!tree) throw new ExtractionError(path, `${this.language} parser returned no tree for ${path}`);
    return tree;
  }
}

function parseNote(errorRegions: number, tree: SyntaxTree): string | null {
  if (errorRegions === 1) return '1 syntax error region';
  if (errorRegions > 1) return `${errorRegions} syntax error regions`;
  return tree.hasError ? 'missing tokens inserted by the parser' : null;
}

function flatSyntaxParser(flat: FlatParser, grammar: Grammar, options: ExtractorOptions): SyntaxParser {
  const language = flat.language((grammar as unknown as { language: unknown }).language);
  return { parse: (source) => flat.parse(source, language, options.parseTimeoutMicros ?? 0) };
}

function bindingSyntaxParser(grammar: Grammar, options: ExtractorOptions): SyntaxParser {
  const ParserClass = loadParserConstructor();
  const parser: Parser = new ParserClass();
  parser.setLanguage(grammar);
  if (options.parseTimeoutMicros !== undefined) parser.setTimeoutMicros(options.parseTimeoutMicros);
  return {
    parse: (source) => {
      // One buffer for the whole source instead of the binding's 32 KiB chunks: one read
      // callback per file. (Chunk edges inside surrogate pairs were checked to be harmless
      // either way — see registry.test.ts.)
      const tree = parser.parse(source, null, { bufferSize: source.length + 1 });
      if (!tree) return null;
      return {
        walk: () => tree.walk(),
        get hasError() {
          return tree.rootNode.hasError;
        },
      };
    },
  };
}
