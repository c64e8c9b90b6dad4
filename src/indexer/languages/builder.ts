// Collects one file's symbols, imports and references while a tree is walked, and turns
// them into an Extraction: unique keys, UTF-8 byte offsets, 1-based lines, deduplicated
// references. Languages report positions as UTF-16 indices and 0-based rows.

import {
  entityKey,
  type ImportKind,
  type ImportRecord,
  type RawReference,
  type ReferenceKind,
  type SymbolKind,
  type SymbolRecord,
} from '../../core/entities.js';
import { Utf8Offsets } from './byte-offsets.js';
import { oneLine } from './text.js';
import type { Extraction } from './types.js';

/** The innermost enclosing definition while walking; the file itself at module level. */
export interface Scope {
  key: string;
  qualifiedName: string | null;
  kind: SymbolKind | 'file' | 'impl';
  exported: boolean;
  /** Definitions enclosing this scope, itself included: 0 for the file. */
  depth: number;
}

/**
 * Definitions nested deeper than this are not recorded; their text and references stay
 * with the deepest recorded one. A qualified name repeats every enclosing name, so n
 * nested definitions carried n²/2 names in keys, parents and full-text tokens (6,000
 * nested TypeScript functions, a 227 KB file: a 572 MB index). Real code nests a few levels.
 */
export const MAX_DEFINITION_DEPTH = 32;

export interface SymbolInput {
  name: string;
  kind: SymbolKind;
  parent: Scope;
  /** UTF-16 indices of the whole definition (decorators and export keyword included). */
  start: number;
  end: number;
  /** Where the body starts, or null when the definition has none (signature = whole text). */
  bodyStart: number | null;
  startRow: number;
  lastRow: number;
  doc: string | null;
  exported: boolean;
}

/** Rust `impl Foo` blocks have no symbol of their own; their key is settled at the end. */
const IMPL_KEY_PREFIX = '\u0000impl:';

export class ExtractionBuilder {
  readonly fileScope: Scope;
  /** Generic type parameter names seen so far (`<T>`): never references to resolve. */
  readonly typeParameters = new Set<string>();
  /** Names exported by a later clause (`export { a, b }`), applied in finish(). */
  readonly exportedNames = new Set<string>();
  private readonly offsets: Utf8Offsets;
  private readonly symbols: SymbolRecord[] = [];
  private readonly keyCounts = new Map<string, number>();
  private readonly imports: ImportRecord[] = [];
  private readonly references: RawReference[] = [];
  private readonly referenceIds = new Set<string>();
  /** Definitions left out for their depth (MAX_DEFINITION_DEPTH). */
  private tooDeep = 0;

  constructor(
    readonly path: string,
    readonly source: string,
  ) {
    this.fileScope = { key: path, qualifiedName: null, kind: 'file', exported: true, depth: 0 };
    this.offsets = new Utf8Offsets(source);
  }

  addSymbol(input: SymbolInput): Scope {
    if (input.parent.depth >= MAX_DEFINITION_DEPTH) {
      this.tooDeep += 1;
      return input.parent;
    }
    const parentName = input.parent.qualifiedName;
    const qualifiedName = parentName === null ? input.name : `${parentName}.${input.name}`;
    const key = this.uniqueKey(entityKey(this.path, qualifiedName));
    const signatureEnd = input.bodyStart ?? input.end;
    this.symbols.push({
      key,
      path: this.path,
      name: input.name,
      qualifiedName,
      kind: input.kind,
      // A declaration without a body ends in `;` (Rust, TS, Java), which says nothing.
      signature: oneLine(this.source.slice(input.start, signatureEnd)).replace(/\s*;$/, ''),
      doc: input.doc,
      startByte: this.offsets.toByte(input.start),
      endByte: this.offsets.toByte(input.end),
      startLine: input.startRow + 1,
      endLine: input.lastRow + 1,
      parent: parentName,
      exported: input.exported,
      method: 'ast',
    });
    return { key, qualifiedName, kind: input.kind, exported: input.exported, depth: input.parent.depth + 1 };
  }

  /** A scope for members of `impl typeName` blocks (Rust), qualified under the type. */
  implScope(parent: Scope, typeName: string, exported: boolean): Scope {
    const qualifiedName = parent.qualifiedName === null ? typeName : `${parent.qualifiedName}.${typeName}`;
    return { key: IMPL_KEY_PREFIX + qualifiedName, qualifiedName, kind: 'impl', exported, depth: parent.depth + 1 };
  }

  addReference(scope: Scope, name: string, qualifier: string | null, kind: ReferenceKind, row: number): void {
    const id = referenceId(scope.key, name, qualifier, kind);
    if (this.referenceIds.has(id)) return;
    this.referenceIds.add(id);
    this.references.push({ fromPath: this.path, fromKey: scope.key, name, qualifier, kind, line: row + 1 });
  }

  addImport(specifier: string, names: string[], row: number, kind: ImportKind): void {
    this.imports.push({ fromPath: this.path, specifier, names, line: row + 1, kind, toPaths: [] });
  }

  finish(parseNote: string | null): Extraction {
    if (this.exportedNames.size > 0) this.markExported(this.exportedNames);
    const depthNote = this.tooDeep > 0 ? `${this.tooDeep} definitions nested deeper than ${MAX_DEFINITION_DEPTH} levels not extracted` : null;
    return {
      method: 'ast',
      parseNote: parseNote !== null && depthNote !== null ? `${parseNote}; ${depthNote}` : (parseNote ?? depthNote),
      symbols: this.symbols,
      imports: this.imports,
      references: this.settleImplKeys(),
    };
  }

  /** Marks top-level symbols named in an `export { a, b }` clause, wherever it stands. */
  private markExported(names: ReadonlySet<string>): void {
    for (const symbol of this.symbols) {
      if (symbol.parent === null && names.has(symbol.name)) symbol.exported = true;
    }
  }

  /** Overloads and redefinitions keep their qualified name; later keys get "#2", "#3"… */
  private uniqueKey(base: string): string {
    const seen = (this.keyCounts.get(base) ?? 0) + 1;
    this.keyCounts.set(base, seen);
    return seen === 1 ? base : `${base}#${seen}`;
  }

  /**
   * References made from an impl header (`impl Trait for Foo`) belong to Foo's symbol when
   * the file defines Foo, else to the file. Done at the end: Foo may be defined below.
   */
  private settleImplKeys(): RawReference[] {
    if (!this.references.some((ref) => ref.fromKey.startsWith(IMPL_KEY_PREFIX))) return this.references;
    const owners = new Map<string, string>();
    for (const symbol of this.symbols) if (!owners.has(symbol.qualifiedName)) owners.set(symbol.qualifiedName, symbol.key);
    const settled: RawReference[] = [];
    const ids = new Set<string>();
    for (const ref of this.references) {
      const fromKey = ref.fromKey.startsWith(IMPL_KEY_PREFIX)
        ? (owners.get(ref.fromKey.slice(IMPL_KEY_PREFIX.length)) ?? this.path)
        : ref.fromKey;
      const id = referenceId(fromKey, ref.name, ref.qualifier, ref.kind);
      if (ids.has(id)) continue;
      ids.add(id);
      settled.push(fromKey === ref.fromKey ? ref : { ...ref, fromKey });
    }
    return settled;
  }
}

/** Identity of a reference for deduplication; the first occurrence (line) is kept. */
function referenceId(fromKey: string, name: string, qualifier: string | null, kind: ReferenceKind): string {
  return `${fromKey}\u0000${name}\u0000${qualifier ?? '\u0001'}\u0000${kind}`;
}
