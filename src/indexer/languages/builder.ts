// Collects one file's symbols, imports and references while a tree is walked, and turns
// them into an Extraction: unique keys, UTF-8 byte offsets, 1-based lines, deduplicated
// references. Languages report positions as UTF-16 indices and 0-based rows.
//
// Keys are what a person would type: `path::Qualified.name`. A name defined more than once
// in a file (overloads, a property's setter, a definition per branch of an `if`) keeps
// that key for its definition — the first one that is not an overload declaration — and
// each other one is told apart by its place among them: `name#1` is the first in the file,
// `name#2` the second (`stream_with_context#1`, `#2` are the two `@overload` stubs above
// the `stream_with_context` that has the code).

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
  /** Per symbol (same order): its key before duplicates are told apart, and whether it only declares an overload. */
  private readonly written: { base: string; overloadDeclaration: boolean }[] = [];
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
    const base = entityKey(this.path, qualifiedName);
    const key = this.uniqueKey(base);
    const signatureEnd = input.bodyStart ?? input.end;
    this.written.push({ base, overloadDeclaration: isOverloadDeclaration(input, this.source.slice(input.start, signatureEnd)) });
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
      signatureEndLine: this.signatureEndLine(input),
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
    this.settleDuplicateKeys();
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

  /** A key unique while the file is walked (references are recorded under it); settled in finish(). */
  private uniqueKey(base: string): string {
    const seen = (this.keyCounts.get(base) ?? 0) + 1;
    this.keyCounts.set(base, seen);
    return seen === 1 ? base : `${base}#${seen}`;
  }

  /** The signature's last line: the one its body opens on (the text before bodyStart is the signature). */
  private signatureEndLine(input: SymbolInput): number {
    if (input.bodyStart === null) return input.lastRow + 1;
    let row = input.startRow;
    const stop = Math.min(input.bodyStart, this.source.length);
    for (let at = this.source.indexOf('\n', input.start); at !== -1 && at < stop; at = this.source.indexOf('\n', at + 1)) row += 1;
    return Math.min(Math.max(row, input.startRow), input.lastRow) + 1;
  }

  /**
   * Final keys of names defined more than once: the definition (the first that is not an
   * overload declaration, else the first) keeps the plain key, every other one gets `#n`,
   * its place among them in the file. References made from them follow.
   */
  private settleDuplicateKeys(): void {
    const groups = new Map<string, number[]>();
    this.written.forEach(({ base }, index) => {
      const group = groups.get(base);
      if (group) group.push(index);
      else groups.set(base, [index]);
    });
    const renamed = new Map<string, string>();
    for (const [base, members] of groups) {
      if (members.length === 1) continue;
      const main = members.find((index) => !this.written[index]!.overloadDeclaration) ?? members[0]!;
      members.forEach((index, place) => {
        const symbol = this.symbols[index]!;
        const key = index === main ? base : `${base}#${place + 1}`;
        if (key !== symbol.key) renamed.set(symbol.key, key);
      });
    }
    if (renamed.size === 0) return;
    for (const symbol of this.symbols) symbol.key = renamed.get(symbol.key) ?? symbol.key;
    for (let index = 0; index < this.references.length; index++) {
      const ref = this.references[index]!;
      const fromKey = renamed.get(ref.fromKey);
      if (fromKey !== undefined) this.references[index] = { ...ref, fromKey };
    }
  }

  /**
   * References made from an impl header (`impl Trait for Foo`) belong to Foo's symbol when
   * the file defines Foo, else to the file. Done at the end: Foo may be defined below.
   */
  private settleImplKeys(): RawReference[] {
    if (!this.references.some((ref) => ref.fromKey.startsWith(IMPL_KEY_PREFIX))) return this.references;
    // The definition of a name holds its plain key (settleDuplicateKeys).
    const owners = new Map<string, string>();
    for (const symbol of this.symbols) owners.set(symbol.qualifiedName, entityKey(this.path, symbol.qualifiedName));
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

const OVERLOAD_DECORATOR = /^\s*@(?:[\w]+\.)*overload\s*$/m;

/**
 * A function that only declares an overload: a signature without a body (TypeScript
 * overloads, Java interface methods) or a Python `@overload` stub. The definition that
 * holds the code is the one a name's plain key stands for.
 */
function isOverloadDeclaration(input: SymbolInput, signature: string): boolean {
  if (input.kind !== 'function' && input.kind !== 'method') return false;
  return input.bodyStart === null || OVERLOAD_DECORATOR.test(signature);
}

/** Identity of a reference for deduplication; the first occurrence (line) is kept. */
function referenceId(fromKey: string, name: string, qualifier: string | null, kind: ReferenceKind): string {
  return `${fromKey}\u0000${name}\u0000${qualifier ?? '\u0001'}\u0000${kind}`;
}
