// The LanguageExtractor every tree-sitter language shares: parse with one reused Parser,
// walk the tree once with the language's handlers, hand back an Extraction. Parser
// failures become ExtractionError so the caller can fall back to regex extraction.

import type Parser from 'tree-sitter';
import type { AstLanguage } from '../../core/entities.js';
import { describeError } from '../../core/errors.js';
import { ExtractionBuilder } from './builder.js';
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
}

export class TreeSitterExtractor implements LanguageExtractor {
  readonly language: AstLanguage;
  private readonly parser: Parser;
  private readonly walker: TreeWalker;

  constructor(spec: LanguageSpec, grammar: Grammar, options: ExtractorOptions = {}) {
    this.language = spec.language;
    const ParserClass = loadParserConstructor();
    this.parser = new ParserClass();
    this.parser.setLanguage(grammar);
    if (options.parseTimeoutMicros !== undefined) this.parser.setTimeoutMicros(options.parseTimeoutMicros);
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

  private parse(path: string, source: string): Parser.Tree {
    let tree: Parser.Tree | null | undefined;
    try {
      // One buffer for the whole source instead of the binding's 32 KiB chunks: one read
      // callback per file. (Chunk edges inside surrogate pairs were checked to be harmless
      // either way — see registry.test.ts.)
      tree = this.parser.parse(source, null, { bufferSize: source.length + 1 });
    } catch (error) {
      throw new ExtractionError(path, `${this.language} parser failed on ${path}: ${describeError(error)}`, {
        cause: error,
      });
    }
    if (!tree) throw new ExtractionError(path, `${this.language} parser returned no tree for ${path}`);
    return tree;
  }
}

function parseNote(errorRegions: number, tree: Parser.Tree): string | null {
  if (errorRegions === 1) return '1 syntax error region';
  if (errorRegions > 1) return `${errorRegions} syntax error regions`;
  return tree.rootNode.hasError ? 'missing tokens inserted by the parser' : null;
}
