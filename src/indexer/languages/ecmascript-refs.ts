// TypeScript / TSX / JavaScript references: calls, `new`, type names (type_identifier
// only ever appears in type positions), heritage clauses, decorators and JSX components.

import type { Scope } from './builder.js';
import type { Nav } from './nav.js';
import { addReference, type ChainSyntax, referenceAt, type ReferenceRules } from './refs.js';
import { type Handler, SKIP, type Visit, type VisitResult } from './walker.js';

const syntax: ChainSyntax = {
  names: new Set(['identifier', 'this', 'super', 'property_identifier', 'private_property_identifier']),
  members: new Map([['member_expression', { object: 'object', property: 'property', separator: '.' }]]),
  calls: new Map([['call_expression', 'function']]),
  subscripts: new Map([['subscript_expression', 'object']]),
  constructions: new Map([['new_expression', 'constructor']]),
};

const BUILTIN_VALUES = [
  'require', 'super', 'this', 'undefined', 'eval', 'parseInt', 'parseFloat', 'isNaN', 'isFinite',
  'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'setImmediate', 'clearImmediate',
  'queueMicrotask', 'structuredClone', 'fetch', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI',
  'decodeURI', 'String', 'Number', 'Boolean', 'Symbol', 'BigInt', 'Array', 'Object', 'Function', 'Error',
  'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'Promise', 'Map', 'Set', 'WeakMap', 'WeakSet',
  'WeakRef', 'Date', 'RegExp', 'URL', 'URLSearchParams', 'Proxy', 'Reflect', 'JSON', 'Math', 'Intl',
  'TextEncoder', 'TextDecoder', 'AbortController', 'Uint8Array', 'Int32Array', 'Float64Array', 'ArrayBuffer',
];

const BUILTIN_TYPES = [
  'Promise', 'PromiseLike', 'Array', 'ReadonlyArray', 'ArrayLike', 'Record', 'Partial', 'Required', 'Readonly',
  'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'ReturnType', 'Parameters', 'ConstructorParameters',
  'InstanceType', 'Awaited', 'ThisType', 'Uppercase', 'Lowercase', 'Map', 'Set', 'WeakMap', 'WeakSet',
  'ReadonlyMap', 'ReadonlySet', 'Date', 'RegExp', 'Error', 'Function', 'Object', 'String', 'Number', 'Boolean',
  'Symbol', 'BigInt', 'Iterable', 'Iterator', 'IterableIterator', 'AsyncIterable', 'AsyncIterator',
  'AsyncIterableIterator', 'Generator', 'AsyncGenerator', 'Uint8Array', 'Int32Array', 'Float64Array',
  'ArrayBuffer', 'TemplateStringsArray', 'PropertyKey',
];

const BUILTIN_ROOTS = [
  'console', 'Math', 'JSON', 'Object', 'Array', 'Promise', 'Number', 'String', 'Symbol', 'Reflect', 'Date',
  'process', 'window', 'document', 'globalThis', 'Buffer', 'Intl', 'require', 'navigator', 'localStorage',
];

export const ecmascriptRules: ReferenceRules = {
  syntax,
  builtinNames: new Set(BUILTIN_VALUES),
  builtinRoots: new Set(BUILTIN_ROOTS),
};
const typeRules: ReferenceRules = {
  syntax: {
    ...syntax,
    names: new Set(['type_identifier', 'identifier']),
    members: new Map([['nested_type_identifier', { object: 'module', property: 'name', separator: '.' }]]),
  },
  builtinNames: new Set(BUILTIN_TYPES),
  builtinRoots: new Set(),
};

/** Parents whose `name` field type_identifier declares a name instead of using one. */
const DECLARING_PARENTS = new Set([
  'class_declaration', 'abstract_class_declaration', 'class', 'interface_declaration', 'type_alias_declaration',
  'type_parameter',
]);

function typeIdentifier(visit: Visit): VisitResult {
  const name = visit.nav.text();
  if (visit.field() === 'name' && DECLARING_PARENTS.has(visit.ancestor(1))) {
    if (visit.ancestor(1) === 'type_parameter') visit.out.typeParameters.add(name);
    return SKIP;
  }
  if (!visit.out.typeParameters.has(name)) addReference(visit, typeRules, name, null, 'type', visit.nav.row);
  return SKIP;
}

function nestedTypeIdentifier(visit: Visit): VisitResult {
  referenceAt(visit, typeRules, 'type');
  return SKIP;
}

/** Names of types in a subtree (type arguments of a heritage clause). */
function typeReferencesIn(visit: Visit, nav: Nav): void {
  const type = nav.type();
  if (type === 'type_identifier' || type === 'nested_type_identifier') {
    const name = type === 'type_identifier' ? nav.text() : null;
    if (name === null || !visit.out.typeParameters.has(name)) referenceAt(visit, typeRules, 'type');
    return;
  }
  nav.eachChild((child) => typeReferencesIn(visit, child));
}

/** One heritage entry: `Base`, `ns.Base`, `Base<T>`; calls (mixins) are left to the walk. */
function inheritFrom(visit: Visit, nav: Nav, scope: Scope): void {
  const type = nav.type();
  if (type === 'generic_type') {
    if (nav.toField('name')) {
      referenceAt(visit, typeRules, 'inherit', scope);
      nav.up();
    }
    if (nav.toField('type_arguments')) {
      typeReferencesIn(visit, nav);
      nav.up();
    }
  } else if (type === 'type_identifier' || type === 'nested_type_identifier') {
    referenceAt(visit, typeRules, 'inherit', scope);
  } else if (type === 'identifier' || type === 'member_expression') {
    referenceAt(visit, ecmascriptRules, 'inherit', scope);
  } else if (type === 'type_arguments') {
    typeReferencesIn(visit, nav);
  }
}

/** `extends A<B>`, `implements I, ns.J`, interface `extends K<L>`, JS `extends mixin(B)`. */
function heritageClause(visit: Visit): VisitResult {
  const hasCall = visit.nav.toChild('call_expression');
  if (hasCall) {
    visit.nav.up();
    return undefined;
  }
  visit.nav.eachChild((child) => inheritFrom(visit, child, visit.scope));
  return SKIP;
}

/** `class_heritage` holds clauses in TypeScript and the bare expression in JavaScript. */
function classHeritage(visit: Visit): VisitResult {
  if (visit.nav.toChild('extends_clause', 'implements_clause')) return undefined;
  return heritageClause(visit);
}

function callExpression(visit: Visit): VisitResult {
  const { nav } = visit;
  if (nav.toField('function')) referenceAt(visit, ecmascriptRules, 'call');
  return undefined;
}

function newExpression(visit: Visit): VisitResult {
  const { nav } = visit;
  if (nav.toField('constructor')) referenceAt(visit, ecmascriptRules, 'call');
  return undefined;
}

/** `@name` and `@a.b`; `@call(...)` is recorded by the call handler. */
function decorator(visit: Visit): VisitResult {
  const { nav } = visit;
  if (nav.toChild('identifier', 'member_expression')) referenceAt(visit, ecmascriptRules, 'call');
  return undefined;
}

/** `<Foo />` and `<ns.Foo>`: rendering a component calls it; lowercase tags are HTML. */
function jsxElement(visit: Visit): VisitResult {
  const { nav } = visit;
  if (!nav.toField('name')) return undefined;
  const first = nav.source.charCodeAt(nav.start);
  const capitalised = first >= 65 && first <= 90;
  if (nav.type() === 'member_expression' || capitalised) referenceAt(visit, ecmascriptRules, 'call');
  return undefined;
}

export const referenceHandlers: ReadonlyArray<readonly [string, Handler]> = [
  ['call_expression', callExpression],
  ['new_expression', newExpression],
  ['type_identifier', typeIdentifier],
  ['nested_type_identifier', nestedTypeIdentifier],
  ['extends_clause', heritageClause],
  ['implements_clause', heritageClause],
  ['extends_type_clause', heritageClause],
  ['class_heritage', classHeritage],
  ['decorator', decorator],
  ['jsx_opening_element', jsxElement],
  ['jsx_self_closing_element', jsxElement],
];
