// One pre-order cursor walk per file. Each node type a language cares about has a
// handler; a handler reads what it needs through a second cursor (Nav) positioned on the
// node, records entities, and may open a scope (a definition) for the node's subtree or
// skip the subtree. Everything else is stepped over with three cheap cursor calls.

import type { ExtractionBuilder, Scope } from './builder.js';
import { type GrammarNames, Nav } from './nav.js';
import type { SyntaxCursor, SyntaxTree } from './syntax-cursor.js';

export const SKIP = 'skip';
export type VisitResult = Scope | typeof SKIP | undefined | void;

export interface Visit {
  /** A cursor on the visited node; handlers may move it freely. */
  readonly nav: Nav;
  /** The innermost enclosing definition (or the file). */
  readonly scope: Scope;
  readonly out: ExtractionBuilder;
  /** Type of the n-th ancestor of the visited node (1 = parent), "" above the root. */
  ancestor(n: number): string;
  /** The visited node's field name in its parent, or null. */
  field(): string | null;
}

export type Handler = (visit: Visit) => VisitResult;

export interface WalkResult {
  /** Outermost ERROR nodes: regions the parser could not fit into the grammar. */
  errorRegions: number;
}

class WalkVisit implements Visit {
  scope: Scope;
  depth = 0;
  readonly types: string[] = [];
  /** Whether the handler cursor is on the visited node yet (it moves there on first use). */
  navPlaced = false;

  constructor(
    private readonly handlerNav: Nav,
    readonly out: ExtractionBuilder,
    private readonly main: SyntaxCursor,
    private readonly names: GrammarNames,
  ) {
    this.scope = out.fileScope;
  }

  /** Many handlers decide from scope and ancestors alone; they never pay for placing the cursor. */
  get nav(): Nav {
    if (!this.navPlaced) {
      this.handlerNav.resetTo(this.main);
      this.navPlaced = true;
    }
    return this.handlerNav;
  }

  ancestor(n: number): string {
    return this.types[this.depth - n] ?? '';
  }

  field(): string | null {
    return this.names.fieldName(this.main);
  }
}

export class TreeWalker {
  private readonly handlerById: (Handler | null | undefined)[] = [];

  constructor(
    private readonly handlers: ReadonlyMap<string, Handler>,
    private readonly names: GrammarNames,
  ) {}

  walk(tree: SyntaxTree, out: ExtractionBuilder): WalkResult {
    const main = tree.walk();
    const visit = new WalkVisit(new Nav(tree.walk(), this.names, out.source), out, main, this.names);
    const scopes = new ScopeStack(out.fileScope);
    const errors = new ErrorRegions();
    for (;;) {
      const id = main.nodeTypeId;
      const type = this.names.nameOf(id, main);
      visit.types[visit.depth] = type;
      const descend = type === 'ERROR' ? errors.enter(visit.depth) : this.visitNode(id, type, visit, scopes);
      if (descend && !this.names.isLeaf(id, main) && main.gotoFirstChild()) {
        visit.depth++;
        continue;
      }
      // Leave nodes until one has a next sibling, closing their scopes and error regions.
      for (;;) {
        scopes.closeFrom(visit.depth);
        errors.closeFrom(visit.depth);
        if (main.gotoNextSibling()) break;
        if (!main.gotoParent()) return { errorRegions: errors.count };
        visit.depth--;
      }
    }
  }

  /** Runs the node's handler, if any; returns whether to walk into the node's children. */
  private visitNode(id: number, type: string, visit: WalkVisit, scopes: ScopeStack): boolean {
    const handler = this.handlerFor(id, type);
    if (handler === null) return true;
    visit.navPlaced = false;
    visit.scope = scopes.current();
    const result = handler(visit);
    if (result === SKIP) return false;
    if (result) scopes.push(result, visit.depth);
    return true;
  }

  private handlerFor(id: number, type: string): Handler | null {
    let handler = this.handlerById[id];
    if (handler === undefined) {
      handler = type === '' ? null : (this.handlers.get(type) ?? null);
      this.handlerById[id] = handler;
    }
    return handler;
  }
}

/** Enclosing definitions of the walk's current node, each open while below its depth. */
class ScopeStack {
  private readonly scopes: Scope[];
  private readonly depths: number[] = [-1];

  constructor(fileScope: Scope) {
    this.scopes = [fileScope];
  }

  current(): Scope {
    return this.scopes[this.scopes.length - 1] as Scope;
  }

  push(scope: Scope, depth: number): void {
    this.scopes.push(scope);
    this.depths.push(depth);
  }

  /** Leaving a node at `depth` closes the scopes opened there or deeper. */
  closeFrom(depth: number): void {
    while ((this.depths[this.depths.length - 1] as number) >= depth) {
      this.scopes.pop();
      this.depths.pop();
    }
  }
}

/** Counts outermost ERROR nodes; an ERROR inside another is the same region. */
class ErrorRegions {
  count = 0;
  private openAt = -1;

  /** Always walks into the region: whatever parsed inside it is still extracted. */
  enter(depth: number): boolean {
    if (this.openAt < 0) {
      this.openAt = depth;
      this.count++;
    }
    return true;
  }

  closeFrom(depth: number): void {
    if (this.openAt >= depth) this.openAt = -1;
  }
}
