// The part of a tree-sitter TreeCursor that extraction uses. Two implementations: the node
// binding's own TreeCursor (a native call per step), and FlatCursor (flat-tree.ts: the
// whole tree copied out of the parser in one call, then read from an array).

export interface SyntaxCursor {
  readonly nodeTypeId: number;
  readonly nodeType: string;
  readonly nodeIsNamed: boolean;
  /** 0 or undefined when the node has no field name in its parent. */
  readonly currentFieldId: number | undefined;
  readonly currentFieldName: string | undefined;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startPosition: { row: number; column: number };
  readonly endPosition: { row: number; column: number };
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoPreviousSibling(): boolean;
  gotoParent(): boolean;
  /** Moves to the node `other` is on (both cursors over the same tree). */
  resetTo(other: SyntaxCursor): void;
}

/** A parsed file as extraction sees it: cursors over it, and whether the parser reported errors. */
export interface SyntaxTree {
  walk(): SyntaxCursor;
  readonly hasError: boolean;
}
