// Trees from the native flat_tree module (native/flat_tree.c): the parser's whole tree
// copied into one Int32Array in pre-order, read by FlatCursor. Walking it costs array
// reads instead of a native call per step, which on a sympy-sized repository saves seconds
// of CPU. The module is built by `npm ci` (binding.gyp); without it, extraction uses the
// node binding's cursors (tree-extractor.ts), which give the same trees.

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { installRoot } from '../../core/install-root.js';
import type { SyntaxCursor, SyntaxTree } from './syntax-cursor.js';

/** Ints per node; the layout is documented in native/flat_tree.c and must agree with it. */
const STRIDE = 12;
const SYMBOL = 0;
const FLAGS = 1;
const FIELD = 2;
const START = 3;
const END = 4;
const START_ROW = 5;
const END_ROW = 6;
const END_COLUMN = 7;
const PARENT = 8;
const NEXT = 9;
const PREVIOUS = 10;
const CHILDREN = 11;

/** tree-sitter's built-in symbols for error nodes, outside a grammar's own symbol table. */
const ERROR_SYMBOL = 65535;
const ERROR_REPEAT_SYMBOL = 65534;

interface FlatModule {
  parse(source: string, language: unknown, timeoutMicros: number): { nodes: Int32Array; hasError: boolean } | null;
  symbols(language: unknown): { names: (string | null)[]; fields: (string | null)[] };
}

/** A grammar's symbol and field names, by id. */
export interface FlatLanguage {
  readonly native: unknown;
  readonly names: readonly (string | null)[];
  readonly fields: readonly (string | null)[];
}

export class FlatParser {
  private constructor(private readonly module: FlatModule) {}

  /** The native module when it is built, else null (extraction then uses the node binding). */
  static load(): FlatParser | null {
    try {
      // From the install root, not `../../..`: this module also runs from dist/bundle/.
      const addon = join(installRoot(import.meta.url), 'build', 'Release', 'flat_tree.node');
      return new FlatParser(createRequire(import.meta.url)(addon) as FlatModule);
    } catch {
      return null;
    }
  }

  /** `grammarLanguage` is a grammar package's `language` (a native TSLanguage handle). */
  language(grammarLanguage: unknown): FlatLanguage {
    const { names, fields } = this.module.symbols(grammarLanguage);
    return { native: grammarLanguage, names, fields };
  }

  /** The tree, or null when parsing took longer than `timeoutMicros` (0: no limit). */
  parse(source: string, language: FlatLanguage, timeoutMicros = 0): FlatTree | null {
    const parsed = this.module.parse(source, language.native, timeoutMicros);
    return parsed === null ? null : new FlatTree(parsed.nodes, parsed.hasError, language);
  }
}

export class FlatTree implements SyntaxTree {
  constructor(
    readonly nodes: Int32Array,
    readonly hasError: boolean,
    readonly language: FlatLanguage,
  ) {}

  walk(): FlatCursor {
    return new FlatCursor(this);
  }
}

/** A cursor over a FlatTree with the TreeCursor semantics extraction relies on (visible nodes only). */
export class FlatCursor implements SyntaxCursor {
  private at = 0;
  private readonly nodes: Int32Array;

  constructor(private readonly tree: FlatTree) {
    this.nodes = tree.nodes;
  }

  get nodeTypeId(): number {
    return this.nodes[this.at * STRIDE + SYMBOL]!;
  }

  get nodeType(): string {
    const symbol = this.nodeTypeId;
    if (symbol === ERROR_SYMBOL) return 'ERROR';
    if (symbol === ERROR_REPEAT_SYMBOL) return '_ERROR';
    return this.tree.language.names[symbol] ?? '';
  }

  get nodeIsNamed(): boolean {
    return (this.nodes[this.at * STRIDE + FLAGS]! & 1) === 1;
  }

  get currentFieldId(): number {
    return this.nodes[this.at * STRIDE + FIELD]!;
  }

  get currentFieldName(): string | undefined {
    return this.tree.language.fields[this.currentFieldId] ?? undefined;
  }

  get startIndex(): number {
    return this.nodes[this.at * STRIDE + START]!;
  }

  get endIndex(): number {
    return this.nodes[this.at * STRIDE + END]!;
  }

  get startPosition(): { row: number; column: number } {
    // Only rows are read by extraction; columns are not kept.
    return { row: this.nodes[this.at * STRIDE + START_ROW]!, column: 0 };
  }

  get endPosition(): { row: number; column: number } {
    const base = this.at * STRIDE;
    return { row: this.nodes[base + END_ROW]!, column: this.nodes[base + END_COLUMN]! };
  }

  gotoFirstChild(): boolean {
    if (this.nodes[this.at * STRIDE + CHILDREN] === 0) return false;
    this.at++; // pre-order: the first child follows its parent
    return true;
  }

  gotoNextSibling(): boolean {
    return this.move(NEXT);
  }

  gotoPreviousSibling(): boolean {
    return this.move(PREVIOUS);
  }

  gotoParent(): boolean {
    return this.move(PARENT);
  }

  resetTo(other: SyntaxCursor): void {
    if (!(other instanceof FlatCursor) || other.tree !== this.tree) throw new Error('FlatCursor.resetTo: a cursor over another tree');
    this.at = other.at;
  }

  private move(link: number): boolean {
    const to = this.nodes[this.at * STRIDE + link]!;
    if (to < 0) return false;
    this.at = to;
    return true;
  }
}
