// Turning expressions into references: `foo` → name "foo"; `a.b.foo` → name "foo" with
// qualifier "a.b"; `self.x().foo` → qualifier "self.x()". In a qualifier, calls render as
// "()", subscripts as "[]", `new Foo()` as itself, anything else (literals, lambdas) as
// "?". Each language says which node types are names, member accesses, calls and
// subscripts, and which names are builtins that can never resolve to repository code.

import type { ReferenceKind } from '../../core/entities.js';
import type { Scope } from './builder.js';
import type { Nav } from './nav.js';
import type { Visit } from './walker.js';

export interface Member {
  object: string;
  property: string;
  separator: string;
  /** The access is itself a call (Java's method_invocation); its object may be absent. */
  isCall?: boolean;
}

export interface ChainSyntax {
  /** Identifier-like node types whose text is a name (identifier, this, self, ...). */
  names: ReadonlySet<string>;
  /** Member-access node types and their object / property fields. */
  members: ReadonlyMap<string, Member>;
  /** Call node types and the field holding the callee. */
  calls: ReadonlyMap<string, string>;
  /** Subscript node types and the field holding the subscripted value ("" = first named child). */
  subscripts: ReadonlyMap<string, string>;
  /** Object construction node types and the field naming the class (`new Foo()`). */
  constructions?: ReadonlyMap<string, string>;
}

export interface ReferenceRules {
  syntax: ChainSyntax;
  /** Unqualified names that never resolve (builtin functions and types, keywords). */
  builtinNames: ReadonlySet<string>;
  /** Qualifier roots that are builtin objects (`console.log`, `Math.max`). */
  builtinRoots: ReadonlySet<string>;
}

const SIMPLE_CHAIN = /^[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*$/;
const QUALIFIER_CAP = 120;

/** The rendered receiver chain of the expression under `nav`; the cursor does not move. */
export function qualifierText(nav: Nav, syntax: ChainSyntax): string {
  const text = nav.text();
  if (text.length <= QUALIFIER_CAP && SIMPLE_CHAIN.test(text)) return text;
  const rendered = renderChain(nav, syntax, 0);
  return rendered.length > QUALIFIER_CAP ? rendered.slice(0, QUALIFIER_CAP) : rendered;
}

function renderChain(nav: Nav, syntax: ChainSyntax, depth: number): string {
  const type = nav.type();
  if (syntax.names.has(type)) return nav.text();
  if (depth > 16) return '?';
  const member = syntax.members.get(type);
  if (member !== undefined) {
    const property = nav.fieldText(member.property) ?? '?';
    if (member.isCall && nav.fieldStart(member.object) === null) return `${property}()`;
    const object = renderField(nav, member.object, syntax, depth);
    return `${object}${member.separator}${property}${member.isCall ? '()' : ''}`;
  }
  const callee = syntax.calls.get(type);
  if (callee !== undefined) return `${renderField(nav, callee, syntax, depth)}()`;
  const subscripted = syntax.subscripts.get(type);
  if (subscripted !== undefined) return `${renderField(nav, subscripted, syntax, depth)}[]`;
  const constructed = syntax.constructions?.get(type);
  if (constructed !== undefined) return `new ${(nav.fieldText(constructed) ?? '?').replace(/\s+/g, '')}()`;
  return '?';
}

function renderField(nav: Nav, field: string, syntax: ChainSyntax, depth: number): string {
  if (field === '' ? !toFirstNamedChild(nav) : !nav.toField(field)) return '?';
  const text = renderChain(nav, syntax, depth + 1);
  nav.up();
  return text;
}

function toFirstNamedChild(nav: Nav): boolean {
  if (!nav.down()) return false;
  do {
    if (nav.type() !== '') return true;
  } while (nav.next());
  nav.up();
  return false;
}

/**
 * Records a reference for a name-like expression under `nav` (an identifier or a member
 * chain; builtins excepted) and returns the name, or null for any other expression. The
 * cursor does not move.
 */
export function referenceAt(
  visit: Visit,
  rules: ReferenceRules,
  kind: ReferenceKind,
  scope: Scope = visit.scope,
): string | null {
  const { nav } = visit;
  const type = nav.type();
  if (rules.syntax.names.has(type)) {
    const name = nav.text();
    addReference(visit, rules, name, null, kind, nav.row, scope);
    return name;
  }
  const member = rules.syntax.members.get(type);
  if (member === undefined || !nav.toField(member.property)) return null;
  const name = nav.text();
  const row = nav.row;
  nav.up();
  if (!nav.toField(member.object)) return null;
  const qualifier = qualifierText(nav, rules.syntax);
  nav.up();
  addReference(visit, rules, name, qualifier, kind, row, scope);
  return name;
}

/** Records a reference unless it names a builtin; returns whether it was recorded. */
export function addReference(
  visit: Visit,
  rules: ReferenceRules,
  name: string,
  qualifier: string | null,
  kind: ReferenceKind,
  row: number,
  scope: Scope = visit.scope,
): boolean {
  if (qualifier === null ? rules.builtinNames.has(name) : rules.builtinRoots.has(qualifierRoot(qualifier))) return false;
  // Rust raw identifiers (`r#async`) name `async`; no other language has names starting so.
  visit.out.addReference(scope, name.startsWith('r#') ? name.slice(2) : name, qualifier, kind, row);
  return true;
}

function qualifierRoot(qualifier: string): string {
  const match = /^[A-Za-z_$][\w$]*/.exec(qualifier);
  return match === null ? qualifier : match[0];
}
