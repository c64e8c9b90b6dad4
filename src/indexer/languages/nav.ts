// Cheap navigation of a tree-sitter tree. Materialising SyntaxNode objects in the node
// binding costs microseconds each (marshalling plus a per-tree cache), while TreeCursor
// moves and reads are a fraction of that — so extraction reads the tree only through
// cursors, and names node types and fields through per-grammar caches keyed by id.

import type Parser from 'tree-sitter';
import type { SyntaxCursor } from './syntax-cursor.js';

/** Node type and field names of one grammar, resolved once per id from a cursor. */
export class GrammarNames {
  private readonly typeNames: (string | undefined)[] = [];
  private readonly fieldNames: (string | null | undefined)[] = [];
  private readonly leaves: (boolean | undefined)[] = [];
  private readonly namedLeafTypes: ReadonlySet<string>;

  /** `nodeTypeInfo` is the grammar's node-types.json, which tells which named types are terminals. */
  constructor(nodeTypeInfo: readonly Parser.NodeInfo[] = []) {
    this.namedLeafTypes = new Set(
      nodeTypeInfo
        .filter((info) => info.named && !('subtypes' in info) && !hasChildren(info))
        .map((info) => info.type),
    );
  }

  /**
   * Whether nodes of this id never have children worth visiting: anonymous tokens and
   * named terminals (identifiers, numbers, comments). Saves a native call per leaf.
   */
  isLeaf(id: number, cursor: SyntaxCursor): boolean {
    let leaf = this.leaves[id];
    if (leaf === undefined) {
      const name = this.nameOf(id, cursor);
      leaf = name === '' || this.namedLeafTypes.has(name);
      this.leaves[id] = leaf;
    }
    return leaf;
  }

  /** The node's type, or "" for anonymous tokens (keywords, punctuation). */
  namedType(cursor: SyntaxCursor): string {
    return this.nameOf(cursor.nodeTypeId, cursor);
  }

  /** As namedType, for a type id the caller already read from `cursor`. */
  nameOf(id: number, cursor: SyntaxCursor): string {
    let name = this.typeNames[id];
    if (name === undefined) {
      name = cursor.nodeIsNamed ? cursor.nodeType : '';
      this.typeNames[id] = name;
    }
    return name;
  }

  fieldName(cursor: SyntaxCursor): string | null {
    const id = cursor.currentFieldId;
    if (!id) return null; // the node binding says undefined, FlatCursor 0
    let name = this.fieldNames[id];
    if (name === undefined) {
      name = cursor.currentFieldName || null;
      this.fieldNames[id] = name;
    }
    return name;
  }
}

function hasChildren(info: Parser.NodeInfo): boolean {
  // node-types.json holds `children` as one {multiple, required, types} object, whatever
  // the binding's typings say; any presence of fields or children means a nonterminal.
  const shape = info as { fields?: Record<string, unknown>; children?: unknown };
  return Object.keys(shape.fields ?? {}).length > 0 || shape.children !== undefined;
}

/**
 * A cursor with a depth count, so helpers can wander into a subtree and come back with
 * `restore(mark())`. Anonymous tokens have type "" but are still visited by `next()`.
 */
export class Nav {
  private depth = 0;

  constructor(
    private readonly cursor: SyntaxCursor,
    private readonly names: GrammarNames,
    readonly source: string,
  ) {}

  /** Re-positions this cursor on `main`'s current node. */
  resetTo(main: SyntaxCursor): void {
    this.cursor.resetTo(main);
    this.depth = 0;
  }

  type(): string {
    return this.names.namedType(this.cursor);
  }

  /** The raw token text type for anonymous nodes ("async", "pub", "("). */
  get tokenType(): string {
    return this.cursor.nodeType;
  }

  get field(): string | null {
    return this.names.fieldName(this.cursor);
  }

  /** UTF-16 index of the node's start (a JS string index into the source). */
  get start(): number {
    return this.cursor.startIndex;
  }

  get end(): number {
    return this.cursor.endIndex;
  }

  /** 0-based row of the node's start. */
  get row(): number {
    return this.cursor.startPosition.row;
  }

  /** 0-based row of the node's last character. */
  get lastRow(): number {
    const end = this.cursor.endPosition;
    return end.column === 0 && end.row > 0 && this.cursor.endIndex > this.cursor.startIndex ? end.row - 1 : end.row;
  }

  text(): string {
    return this.source.slice(this.cursor.startIndex, this.cursor.endIndex);
  }

  mark(): number {
    return this.depth;
  }

  restore(mark: number): void {
    while (this.depth > mark && this.up());
  }

  down(): boolean {
    if (!this.cursor.gotoFirstChild()) return false;
    this.depth++;
    return true;
  }

  up(): boolean {
    if (!this.cursor.gotoParent()) return false;
    this.depth--;
    return true;
  }

  next(): boolean {
    return this.cursor.gotoNextSibling();
  }

  previous(): boolean {
    return this.cursor.gotoPreviousSibling();
  }

  /** Moves to the first child in field `field`; stays put and returns false when none. */
  toField(field: string): boolean {
    if (!this.down()) return false;
    do {
      if (this.names.fieldName(this.cursor) === field) return true;
    } while (this.next());
    this.up();
    return false;
  }

  /** Moves to the first named child of one of `types`; stays put and returns false when none. */
  toChild(...types: string[]): boolean {
    if (!this.down()) return false;
    do {
      if (types.includes(this.type())) return true;
    } while (this.next());
    this.up();
    return false;
  }

  /** Moves to the child starting at `start` (a node this cursor came up from). */
  downTo(start: number): boolean {
    if (!this.down()) return false;
    do {
      if (this.cursor.startIndex === start) return true;
    } while (this.next());
    this.up();
    return false;
  }

  /** Calls `visit` on every child (the cursor on it), then returns to this node. */
  eachChild(visit: (nav: Nav) => void): void {
    const mark = this.depth;
    if (!this.down()) return;
    do {
      const inner = this.depth;
      visit(this);
      this.restore(inner);
    } while (this.next());
    this.restore(mark);
  }

  /** Text of the child in field `field`, or null; the cursor does not move. */
  fieldText(field: string): string | null {
    if (!this.toField(field)) return null;
    const text = this.text();
    this.up();
    return text;
  }

  /** Start index of the child in field `field`, or null; the cursor does not move. */
  fieldStart(field: string): number | null {
    if (!this.toField(field)) return null;
    const start = this.start;
    this.up();
    return start;
  }

  /** Whether an anonymous token child (a keyword such as "pub", "async") is present. */
  hasToken(token: string): boolean {
    if (!this.down()) return false;
    let found = false;
    do {
      if (this.cursor.nodeType === token) {
        found = true;
        break;
      }
    } while (this.next());
    this.up();
    return found;
  }
}
