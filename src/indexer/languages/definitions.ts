// The part of defining a symbol every language shares: where the definition starts and
// ends (its outermost wrapper — decorators, `export` — included), where its body starts,
// and its leading comment block.

import type { SymbolKind } from '../../core/entities.js';
import type { Scope } from './builder.js';
import type { Nav } from './nav.js';
import { cleanCommentBlock } from './text.js';
import type { Visit } from './walker.js';

export interface Definition {
  name: string;
  kind: SymbolKind;
  exported: boolean;
  /** The body's start index, or null when the definition has none. */
  bodyStart: number | null;
  /** Doc from inside the definition (a docstring); when null the leading comments are used. */
  innerDoc?: string | null;
}

export interface CommentSyntax {
  comments: ReadonlySet<string>;
  /** Sibling node types that may sit between a doc comment and its definition (`#[derive]`). */
  passThrough?: ReadonlySet<string>;
}

/**
 * Adds the symbol whose outermost node is under `nav` (the cursor does not move) and
 * returns its scope. `parent` defaults to the visit's scope.
 */
export function defineAtCursor(visit: Visit, definition: Definition, comments: CommentSyntax, parent?: Scope): Scope {
  const { nav } = visit;
  const doc = definition.innerDoc ?? cleanCommentBlock(leadingComments(nav, comments.comments, comments.passThrough));
  return visit.out.addSymbol({
    name: definition.name,
    kind: definition.kind,
    parent: parent ?? visit.scope,
    start: nav.start,
    end: nav.end,
    bodyStart: definition.bodyStart,
    startRow: nav.row,
    lastRow: nav.lastRow,
    doc,
    exported: definition.exported,
  });
}

/** Runs `read` with the cursor on the child in `field`, then returns; null when absent. */
export function inField<T>(nav: Nav, field: string, read: (nav: Nav) => T): T | null {
  if (!nav.toField(field)) return null;
  const mark = nav.mark();
  const value = read(nav);
  nav.restore(mark);
  nav.up();
  return value;
}

/** Raw texts of the comments right above the node under `nav`, in order; the cursor does not move. */
export function leadingComments(
  nav: Nav,
  commentTypes: ReadonlySet<string>,
  passTypes: ReadonlySet<string> = EMPTY,
): string[] {
  const comments: string[] = [];
  let nextRow = nav.row;
  let steps = 0;
  while (nav.previous()) {
    steps++;
    const type = nav.type();
    const isComment = commentTypes.has(type);
    if ((!isComment && !passTypes.has(type)) || nav.lastRow < nextRow - 1) break;
    if (isComment) {
      if (!startsLine(nav)) break;
      comments.push(nav.text());
    }
    nextRow = nav.row;
  }
  while (steps-- > 0) nav.next();
  return comments.reverse();
}

const EMPTY: ReadonlySet<string> = new Set();

/** Whether only whitespace precedes the node on its line (not a trailing comment). */
function startsLine(nav: Nav): boolean {
  const { source } = nav;
  for (let i = nav.start - 1; i >= 0; i--) {
    const char = source.charCodeAt(i);
    if (char === 10) return true;
    if (char !== 32 && char !== 9 && char !== 13) return false;
  }
  return true;
}
