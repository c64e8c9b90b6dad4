// Java: classes, interfaces (annotation types too), enums, records, methods and
// constructors, `static final` fields (and interface fields) as constants, nested types
// qualified Outer.Inner; imports (static, wildcard); method calls, `new`, type names,
// extends / implements (kind inherit) and annotations (kind call).

import type { ReferenceKind, SymbolKind } from '../../core/entities.js';
import { type CommentSyntax, defineAtCursor } from './definitions.js';
import type { Nav } from './nav.js';
import { addReference, type ChainSyntax, referenceAt, type ReferenceRules } from './refs.js';
import type { LanguageSpec } from './tree-extractor.js';
import { type Handler, SKIP, type Visit, type VisitResult } from './walker.js';

const syntax: ChainSyntax = {
  names: new Set(['identifier', 'this', 'super', 'type_identifier']),
  members: new Map([
    ['field_access', { object: 'object', property: 'field', separator: '.' }],
    ['method_invocation', { object: 'object', property: 'name', separator: '.', isCall: true }],
  ]),
  calls: new Map(),
  subscripts: new Map([['array_access', 'array']]),
  constructions: new Map([['object_creation_expression', 'type']]),
};

const BUILTINS = [
  'String', 'Object', 'Integer', 'Long', 'Double', 'Float', 'Short', 'Byte', 'Character', 'Boolean', 'Number',
  'Void', 'Math', 'System', 'Class', 'Thread', 'Runnable', 'Iterable', 'Comparable', 'CharSequence',
  'StringBuilder', 'Exception', 'RuntimeException', 'Throwable', 'Error', 'IllegalArgumentException',
  'IllegalStateException', 'NullPointerException', 'UnsupportedOperationException', 'IndexOutOfBoundsException',
  'Override', 'Deprecated', 'SuppressWarnings', 'FunctionalInterface', 'SafeVarargs', 'var',
];

const rules: ReferenceRules = {
  syntax,
  builtinNames: new Set(BUILTINS),
  builtinRoots: new Set(['System', 'Math', 'String', 'Integer', 'Long', 'Double', 'Boolean', 'Objects', 'Arrays']),
};
const comments: CommentSyntax = { comments: new Set(['line_comment', 'block_comment']) };

const TYPE_KINDS = new Map<string, SymbolKind>([
  ['class_declaration', 'class'],
  ['interface_declaration', 'interface'],
  ['annotation_type_declaration', 'interface'],
  ['enum_declaration', 'enum'],
  ['record_declaration', 'class'],
  ['method_declaration', 'method'],
  ['constructor_declaration', 'method'],
  ['compact_constructor_declaration', 'method'],
  ['annotation_type_element_declaration', 'method'],
]);
const INTERFACE_BODIES = new Set(['interface_body', 'annotation_type_body']);

/** Modifier keywords and whether the member is public (interface members always are). */
function modifiers(nav: Nav, inInterface: boolean): { isPublic: boolean; isStatic: boolean; isFinal: boolean } {
  const found = { isPublic: inInterface, isStatic: inInterface, isFinal: inInterface };
  if (!nav.toChild('modifiers')) return found;
  nav.eachChild((child) => {
    const token = child.type() === '' ? child.tokenType : '';
    if (token === 'public') found.isPublic = true;
    else if (token === 'static') found.isStatic = true;
    else if (token === 'final') found.isFinal = true;
  });
  nav.up();
  return found;
}

/** Types and methods; members of anonymous classes (`new X() {...}`) are not symbols. */
function declaration(visit: Visit): VisitResult {
  if (visit.ancestor(1) === 'class_body' && visit.ancestor(2) === 'object_creation_expression') return undefined;
  const { nav } = visit;
  const kind = TYPE_KINDS.get(nav.type()) ?? 'method';
  const name = nav.fieldText('name') ?? '?';
  const inInterface = INTERFACE_BODIES.has(visit.ancestor(1));
  const { isPublic } = modifiers(nav, inInterface);
  return defineAtCursor(visit, { name, kind, exported: isPublic, bodyStart: nav.fieldStart('body') }, comments);
}

/** `static final` fields (every interface field) are constants, one per declarator. */
function fieldDeclaration(visit: Visit): VisitResult {
  const { nav } = visit;
  const inInterface = INTERFACE_BODIES.has(visit.ancestor(1)) || nav.type() === 'constant_declaration';
  const { isPublic, isStatic, isFinal } = modifiers(nav, inInterface);
  if (!(isStatic && isFinal)) return undefined;
  const names: { name: string; start: number }[] = [];
  nav.eachChild((child) => {
    if (child.field === 'declarator' && child.type() === 'variable_declarator') {
      names.push({ name: child.fieldText('name') ?? '?', start: child.start });
    }
  });
  const alone = names.length === 1;
  let scope: VisitResult;
  for (const { name, start } of names) {
    if (!alone) nav.downTo(start);
    scope = defineAtCursor(visit, { name, kind: 'constant', exported: isPublic, bodyStart: null }, comments);
    if (!alone) nav.up();
  }
  return alone ? scope : undefined;
}

/** `extends A<B>`, `implements I, a.J`, interface `extends K`. */
function supertypes(visit: Visit): VisitResult {
  visit.nav.eachChild((child) => inheritFrom(visit, child));
  return SKIP;
}

function inheritFrom(visit: Visit, nav: Nav): void {
  const type = nav.type();
  if (type === 'type_list') nav.eachChild((child) => inheritFrom(visit, child));
  else if (type === 'type_identifier') referenceAt(visit, rules, 'inherit');
  else if (type === 'scoped_type_identifier') scopedType(visit, nav, 'inherit');
  else if (type === 'generic_type') {
    nav.eachChild((child) => {
      if (child.type() === 'type_arguments') typeArguments(visit, child);
      else inheritFrom(visit, child);
    });
  }
}

function typeArguments(visit: Visit, nav: Nav): void {
  const type = nav.type();
  if (type === 'type_identifier') typeReference(visit, nav);
  else if (type === 'scoped_type_identifier') scopedType(visit, nav, 'type');
  else nav.eachChild((child) => typeArguments(visit, child));
}

/** `a.b.C` (no fields in this grammar): name C, qualifier "a.b". */
function scopedType(visit: Visit, nav: Nav, kind: ReferenceKind): void {
  const text = nav.text().replace(/\s+/g, '').replace(/<.*$/, '');
  const dot = text.lastIndexOf('.');
  addReference(visit, rules, text.slice(dot + 1), dot < 0 ? null : text.slice(0, dot), kind, nav.row);
}

function typeReference(visit: Visit, nav: Nav): void {
  const name = nav.text();
  if (!visit.out.typeParameters.has(name)) addReference(visit, rules, name, null, 'type', nav.row);
}

/** `helper()`, `this.process()`, `a.b.parse()`. */
function methodInvocation(visit: Visit): VisitResult {
  const { nav } = visit;
  if (nav.fieldStart('object') !== null) referenceAt(visit, rules, 'call');
  else if (nav.toField('name')) referenceAt(visit, rules, 'call');
  return undefined;
}

/** `new Foo<T>()` calls Foo's constructor; `new a.b.Foo()` is qualified. */
function objectCreation(visit: Visit): VisitResult {
  const { nav } = visit;
  if (!nav.toField('type')) return undefined;
  if (nav.type() === 'generic_type') nav.toChild('type_identifier', 'scoped_type_identifier');
  if (nav.type() === 'scoped_type_identifier') scopedType(visit, nav, 'call');
  else referenceAt(visit, rules, 'call');
  return undefined;
}

function typeIdentifier(visit: Visit): VisitResult {
  // The constructed type of `new Foo()` is already a call reference.
  const parent = visit.ancestor(1);
  const constructed =
    (parent === 'object_creation_expression' && visit.field() === 'type') ||
    (parent === 'generic_type' && visit.ancestor(2) === 'object_creation_expression');
  if (!constructed) typeReference(visit, visit.nav);
  return SKIP;
}

function scopedTypeIdentifier(visit: Visit): VisitResult {
  if (visit.ancestor(1) !== 'object_creation_expression') scopedType(visit, visit.nav, 'type');
  return SKIP;
}

function typeParameter(visit: Visit): VisitResult {
  const { nav } = visit;
  if (nav.toChild('type_identifier', 'identifier')) visit.out.typeParameters.add(nav.text());
  return undefined;
}

/** `@Service`, `@a.b.Named("x")`: annotations behave like decorators. */
function annotation(visit: Visit): VisitResult {
  if (visit.nav.toField('name')) {
    const type = visit.nav.type();
    if (type === 'scoped_identifier') scopedType(visit, visit.nav, 'call');
    else referenceAt(visit, rules, 'call');
  }
  return undefined;
}

/** `import a.b.C;` → a.b.C [C]; `import a.b.*;` → a.b [*]; `import static a.b.C.m;` → a.b.C [m]. */
function importDeclaration(visit: Visit): VisitResult {
  const { nav } = visit;
  let path = '';
  let isStatic = false;
  let wildcard = false;
  nav.eachChild((child) => {
    const type = child.type();
    if (type === 'scoped_identifier' || type === 'identifier') path = child.text().replace(/\s+/g, '');
    else if (type === 'asterisk') wildcard = true;
    else if (type === '' && child.tokenType === 'static') isStatic = true;
  });
  if (path === '') return SKIP;
  const dot = path.lastIndexOf('.');
  if (wildcard) visit.out.addImport(path, ['*'], nav.row, 'static');
  else if (isStatic && dot > 0) visit.out.addImport(path.slice(0, dot), [path.slice(dot + 1)], nav.row, 'static');
  else visit.out.addImport(path, [path.slice(dot + 1)], nav.row, 'static');
  return SKIP;
}

function buildHandlers(): ReadonlyMap<string, Handler> {
  const handlers = new Map<string, Handler>();
  for (const type of TYPE_KINDS.keys()) handlers.set(type, declaration);
  handlers.set('field_declaration', fieldDeclaration);
  handlers.set('constant_declaration', fieldDeclaration);
  handlers.set('superclass', supertypes);
  handlers.set('super_interfaces', supertypes);
  handlers.set('extends_interfaces', supertypes);
  handlers.set('method_invocation', methodInvocation);
  handlers.set('object_creation_expression', objectCreation);
  handlers.set('type_identifier', typeIdentifier);
  handlers.set('scoped_type_identifier', scopedTypeIdentifier);
  handlers.set('type_parameter', typeParameter);
  handlers.set('marker_annotation', annotation);
  handlers.set('annotation', annotation);
  handlers.set('import_declaration', importDeclaration);
  handlers.set('package_declaration', () => SKIP);
  return handlers;
}

export const javaSpec: LanguageSpec = { language: 'java', handlers: buildHandlers() };
