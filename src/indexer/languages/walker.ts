// One pre-order cursor walk per file. Each node type a language cares about has a
// handler; a handler reads what it needs through a second cursor (Nav) positioned on the
// node, records entities, and may open a scope (a definition) for the node's subtree or
// skip the subtree. Everything else is stepped over with three cheap cursor calls.

import type Parser from 'tree-sitter';
import type { ExtractionBuilder, Scope } from './builder.js';
import { type GrammarNames, Nav } from './nav.js';

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

  constructor(
    readonly nav: Nav,
    readonly out: ExtractionBuilder,
    private readonly main: Parser.TreeCursor,
    private readonly names: GrammarNames,
  ) {
    this.scope = out.fileScope;
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

  walk(tree: Parser.Tree, out: ExtractionBuilder): WalkResult {
    const main = tree.walk();
    const visit = new WalkVisit(new Nav(tree.walk(), this.names, out.source), out, main, this.names);
    const scopes: Scope[] = [out.fileScope];
    const scopeDepths: number[] = [-1];
    let errorDepth = -1;
    let errorRegions = 0;
    for (;;) {
      const id = main.nodeTypeId;
      const type = this.names.nameOf(id, main);
      const depth = visit.depth;
      visit.types[depth] = type;
      let descend = true;
      if (type === 'ERROR') {
        if (errorDepth < 0) {
          errorDepth = depth;
          errorRegions++;
        }
      } else {
        const handler = this.handlerFor(id, type);
        if (handler !== null) {
          visit.nav.resetTo(main);
          visit.scope = scopes[scopes.length - 1] as Scope;
          const result = handler(visit);
          if (result === SKIP) descend = false;
          else if (result) {
            scopes.push(result);
            scopeDepths.push(depth);
          }
        }
      }
      if (descend && !this.names.isLeaf(id, main) && main.gotoFirstChild()) {
        visit.depth++;
        continue;
      }
      // Leave nodes until one has a next sibling, closing their scopes and error regions.
      for (;;) {
        while ((scopeDepths[scopeDepths.length - 1] as number) >= visit.depth) {
          scopes.pop();
          scopeDepths.pop();
        }
        if (errorDepth >= visit.depth) errorDepth = -1;
        if (main.gotoNextSibling()) break;
        if (!main.gotoParent()) return { errorRegions };
        visit.depth--;
      }
    }
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
