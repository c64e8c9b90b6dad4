// Go: functions, methods qualified by receiver type (`func (s *Server) Start()` →
// Server.Start), `type X struct` / `interface` / other types, top-level const and var;
// imports with their alias; calls, type names and embedded types (kind inherit).

import type { SymbolKind } from '../../core/entities.js';
import type { Scope } from './builder.js';
import { type CommentSyntax, defineAtCursor } from './definitions.js';
import type { Nav } from './nav.js';
import { addReference, type ChainSyntax, referenceAt, type ReferenceRules } from './refs.js';
import type { LanguageSpec } from './tree-extractor.js';
import { type Handler, SKIP, type Visit, type VisitResult } from './walker.js';

const syntax: ChainSyntax = {
  names: new Set(['identifier', 'field_identifier', 'package_identifier', 'type_identifier']),
  members: new Map([
    ['selector_expression', { object: 'operand', property: 'field', separator: '.' }],
    ['qualified_type', { object: 'package', property: 'name', separator: '.' }],
  ]),
  calls: new Map([['call_expression', 'function']]),
  subscripts: new Map([['index_expression', 'operand']]),
};

const BUILTINS = [
  'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new',
  'panic', 'print', 'println', 'real', 'recover', 'nil', 'true', 'false', 'iota',
  'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32',
  'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any', 'comparable',
];

const rules: ReferenceRules = { syntax, builtinNames: new Set(BUILTINS), builtinRoots: new Set() };
const comments: CommentSyntax = { comments: new Set(['comment']) };

function isExported(name: string): boolean {
  const first = name.charCodeAt(0);
  return first >= 65 && first <= 90;
}

function functionDeclaration(visit: Visit): VisitResult {
  const { nav } = visit;
  const name = nav.fieldText('name') ?? '?';
  return defineAtCursor(visit, { name, kind: 'function', exported: isExported(name), bodyStart: nav.fieldStart('body') }, comments);
}

/** A method is qualified by its receiver's type name, which becomes its parent. */
function methodDeclaration(visit: Visit): VisitResult {
  const { nav } = visit;
  const name = nav.fieldText('name') ?? '?';
  const receiver = nav.toField('receiver') ? receiverTypeName(nav) : null;
  nav.restore(0);
  const parent: Scope | undefined =
    receiver === null ? undefined : { key: visit.scope.key, qualifiedName: receiver, kind: 'struct', exported: true, depth: visit.scope.depth + 1 };
  const definition = { name, kind: 'method' as const, exported: isExported(name), bodyStart: nav.fieldStart('body') };
  return defineAtCursor(visit, definition, comments, parent);
}

/** `(s *Server[T])` → "Server"; the cursor is on the receiver's parameter_list. */
function receiverTypeName(nav: Nav): string | null {
  if (!nav.toChild('parameter_declaration') || !nav.toField('type')) return null;
  for (;;) {
    const type = nav.type();
    if (type === 'type_identifier') return nav.text();
    if (type === 'pointer_type' || type === 'parenthesized_type') {
      if (!nav.toChild('type_identifier', 'generic_type', 'pointer_type', 'parenthesized_type')) return null;
    } else if (type === 'generic_type') {
      if (!nav.toField('type')) return null;
    } else return null;
  }
}

/** `type X struct {...}`, `type X interface {...}`, `type X = Y`, `type X Y`. */
function typeSpec(visit: Visit): VisitResult {
  const { nav } = visit;
  const name = nav.fieldText('name') ?? '?';
  let kind: SymbolKind = 'type';
  let bodyStart: number | null = null;
  if (nav.type() === 'type_spec' && nav.toField('type')) {
    const type = nav.type();
    if (type === 'struct_type' || type === 'interface_type') {
      kind = type === 'struct_type' ? 'struct' : 'interface';
      bodyStart = braceStart(nav);
    }
    nav.up();
  }
  climbIfAlone(nav, visit.ancestor(1));
  return defineAtCursor(visit, { name, kind, exported: isExported(name), bodyStart }, comments);
}

/** Start of the `{` of a struct or interface type (the cursor is on that type). */
function braceStart(nav: Nav): number | null {
  if (!nav.down()) return null;
  let start: number | null = null;
  do {
    if (nav.type() === 'field_declaration_list' || (nav.type() === '' && nav.tokenType === '{')) {
      start = nav.start;
      break;
    }
  } while (nav.next());
  nav.up();
  return start;
}

/** A spec alone in its declaration takes the declaration's range (keyword and doc comment). */
function climbIfAlone(nav: Nav, parentType: string): void {
  if (parentType === 'var_spec_list' || parentType === 'const_spec_list') return;
  const start = nav.start;
  if (!nav.up()) return;
  let specs = 0;
  nav.eachChild((child) => {
    const type = child.type();
    if (type.endsWith('_spec') || type === 'type_alias') specs++;
  });
  if (specs !== 1) nav.downTo(start);
}

/** Top-level `const`/`var` names; a spec with one name scopes the references in its value. */
function valueSpec(visit: Visit): VisitResult {
  if (visit.scope.kind !== 'file') return undefined;
  const { nav } = visit;
  const names: string[] = [];
  nav.eachChild((child) => {
    if (child.field === 'name' && child.type() !== '') names.push(child.text());
  });
  if (names.length === 1) climbIfAlone(nav, visit.ancestor(1));
  let scope: Scope | undefined;
  for (const name of names) {
    scope = defineAtCursor(visit, { name, kind: 'constant', exported: isExported(name), bodyStart: null }, comments);
  }
  return names.length === 1 ? scope : undefined;
}

function importSpec(visit: Visit): VisitResult {
  const { nav } = visit;
  const alias = nav.fieldText('name');
  const path = nav.fieldText('path');
  if (path !== null) visit.out.addImport(path.slice(1, -1), alias === null ? [] : [alias], nav.row, 'static');
  return SKIP;
}

function callExpression(visit: Visit): VisitResult {
  if (visit.nav.toField('function')) referenceAt(visit, rules, 'call');
  return undefined;
}

function typeIdentifier(visit: Visit): VisitResult {
  const parent = visit.ancestor(1);
  if ((parent === 'type_spec' || parent === 'type_alias') && visit.field() === 'name') return SKIP;
  const name = visit.nav.text();
  if (!visit.out.typeParameters.has(name)) addReference(visit, rules, name, null, 'type', visit.nav.row);
  return SKIP;
}

function qualifiedType(visit: Visit): VisitResult {
  referenceAt(visit, rules, 'type');
  return SKIP;
}

/** Embedded types: a struct field without a name, a bare type in an interface. */
function embedded(visit: Visit): VisitResult {
  const { nav } = visit;
  const isStructField = nav.type() === 'field_declaration';
  if (isStructField ? nav.fieldStart('name') !== null : visit.ancestor(1) !== 'interface_type') return undefined;
  nav.eachChild((child) => inheritFrom(visit, child));
  return SKIP;
}

function inheritFrom(visit: Visit, nav: Nav): void {
  const type = nav.type();
  if (type === 'type_identifier' || type === 'qualified_type') referenceAt(visit, rules, 'inherit');
  else if (type === 'pointer_type' || type === 'generic_type') nav.eachChild((child) => inheritFrom(visit, child));
}

function typeParameter(visit: Visit): VisitResult {
  visit.nav.eachChild((child) => {
    if (child.field === 'name' && child.type() !== '') visit.out.typeParameters.add(child.text());
  });
  return undefined;
}

export const goSpec: LanguageSpec = {
  language: 'go',
  handlers: new Map<string, Handler>([
    ['function_declaration', functionDeclaration],
    ['method_declaration', methodDeclaration],
    ['type_spec', typeSpec],
    ['type_alias', typeSpec],
    ['const_spec', valueSpec],
    ['var_spec', valueSpec],
    ['import_spec', importSpec],
    ['call_expression', callExpression],
    ['type_identifier', typeIdentifier],
    ['qualified_type', qualifiedType],
    ['field_declaration', embedded],
    ['type_elem', embedded],
    ['type_parameter_declaration', typeParameter],
  ]),
};
