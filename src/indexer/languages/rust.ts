// Rust: fn, struct/union, enum, trait, type, const/static, inline `mod x {}`, macro_rules;
// members of `impl Foo` / `impl Trait for Foo` qualified as Foo.member; `use` trees
// flattened per path, `mod foo;` as a file-module import; calls, macro invocations, type
// names, trait impls and supertraits (kind inherit).

import type { SymbolKind } from '../../core/entities.js';
import type { Scope } from './builder.js';
import { type CommentSyntax, defineAtCursor } from './definitions.js';
import type { Nav } from './nav.js';
import { addReference, type ChainSyntax, referenceAt, type ReferenceRules } from './refs.js';
import { collectUseTree } from './rust-use.js';
import type { LanguageSpec } from './tree-extractor.js';
import { type Handler, SKIP, type Visit, type VisitResult } from './walker.js';

const syntax: ChainSyntax = {
  names: new Set(['identifier', 'self', 'super', 'crate', 'field_identifier', 'type_identifier', 'metavariable']),
  members: new Map([
    ['field_expression', { object: 'value', property: 'field', separator: '.' }],
    ['scoped_identifier', { object: 'path', property: 'name', separator: '::' }],
    ['scoped_type_identifier', { object: 'path', property: 'name', separator: '::' }],
  ]),
  calls: new Map([['call_expression', 'function']]),
  subscripts: new Map([['index_expression', '']]),
};

const BUILTINS = [
  'Self', 'self', 'Some', 'None', 'Ok', 'Err', 'Box', 'Vec', 'String', 'Option', 'Result', 'HashMap', 'HashSet',
  'BTreeMap', 'BTreeSet', 'VecDeque', 'Rc', 'Arc', 'RefCell', 'Cell', 'Mutex', 'RwLock', 'Cow', 'PhantomData',
  'Fn', 'FnMut', 'FnOnce', 'Send', 'Sync', 'Sized', 'Clone', 'Copy', 'Debug', 'Default', 'Display', 'PartialEq',
  'Eq', 'PartialOrd', 'Ord', 'Hash', 'Iterator', 'IntoIterator', 'From', 'Into', 'TryFrom', 'TryInto', 'AsRef',
  'AsMut', 'Drop', 'ToString', 'ToOwned', 'Deref', 'DerefMut',
  // std macros
  'println', 'print', 'eprintln', 'eprint', 'format', 'format_args', 'vec', 'assert', 'assert_eq', 'assert_ne',
  'debug_assert', 'debug_assert_eq', 'debug_assert_ne', 'panic', 'write', 'writeln', 'todo', 'unimplemented',
  'unreachable', 'matches', 'dbg', 'include_str', 'include_bytes', 'include', 'concat', 'env', 'option_env',
  'cfg', 'line', 'file', 'column', 'stringify', 'thread_local', 'compile_error', 'module_path',
];

const rules: ReferenceRules = { syntax, builtinNames: new Set(BUILTINS), builtinRoots: new Set(['std', 'core', 'alloc']) };
const comments: CommentSyntax = {
  comments: new Set(['line_comment', 'block_comment']),
  passThrough: new Set(['attribute_item']),
};

const ITEM_KINDS = new Map<string, SymbolKind>([
  ['function_item', 'function'],
  ['function_signature_item', 'function'],
  ['struct_item', 'struct'],
  ['union_item', 'struct'],
  ['enum_item', 'enum'],
  ['trait_item', 'trait'],
  ['type_item', 'type'],
  ['const_item', 'constant'],
  ['static_item', 'constant'],
  ['mod_item', 'module'],
  ['macro_definition', 'function'],
]);
/** Parents whose `name` field type_identifier declares a name instead of using one. */
const DECLARING_PARENTS = new Set(['struct_item', 'union_item', 'enum_item', 'trait_item', 'type_item', 'type_parameter']);

function hasVisibility(nav: Nav): boolean {
  if (!nav.toChild('visibility_modifier')) return false;
  nav.up();
  return true;
}

function item(visit: Visit): VisitResult {
  const { nav, scope } = visit;
  const name = nav.fieldText('name') ?? '?';
  const bodyStart = nav.fieldStart('body');
  if (nav.type() === 'mod_item' && bodyStart === null) {
    visit.out.addImport(`mod:${name}`, [name], nav.row, 'static');
    return SKIP;
  }
  let kind = ITEM_KINDS.get(nav.type()) ?? 'function';
  const inImplOrTrait = scope.kind === 'impl' || scope.kind === 'trait';
  if (kind === 'function' && inImplOrTrait && nav.type() !== 'macro_definition') kind = 'method';
  // Trait items and trait-impl members are as visible as the trait itself.
  const exported = hasVisibility(nav) || (inImplOrTrait && scope.exported);
  return defineAtCursor(visit, { name, kind, exported, bodyStart }, comments);
}

/** `impl Foo {}` / `impl Trait for Foo {}`: a scope named after Foo; the trait is inherited. */
function implItem(visit: Visit): VisitResult {
  const { nav, out } = visit;
  const typeName = nav.toField('type') ? implTypeName(nav) : null;
  nav.restore(0);
  if (typeName === null) return undefined;
  const hasTrait = nav.fieldStart('trait') !== null;
  const scope = out.implScope(visit.scope, typeName, hasTrait);
  if (nav.toField('trait')) {
    inheritFrom(visit, nav, scope);
    nav.up();
  }
  return scope;
}

/** `Foo`, `Foo<T>`, `a::Foo`, `&Foo` → "Foo". */
function implTypeName(nav: Nav): string | null {
  for (let depth = 0; depth < 8; depth++) {
    const type = nav.type();
    if (type === 'type_identifier' || type === 'primitive_type') return nav.text();
    if (type === 'scoped_type_identifier') return nav.fieldText('name');
    if (type === 'generic_type') {
      if (!nav.toField('type')) return null;
    } else if (!nav.toChild('type_identifier', 'scoped_type_identifier', 'generic_type')) return null;
  }
  return null;
}

function inheritFrom(visit: Visit, nav: Nav, scope: Scope): void {
  const type = nav.type();
  if (type === 'generic_type') {
    if (nav.toField('type')) {
      referenceAt(visit, rules, 'inherit', scope);
      nav.up();
    }
  } else if (type === 'type_identifier' || type === 'scoped_type_identifier') {
    referenceAt(visit, rules, 'inherit', scope);
  }
}

/** `trait A: B + c::D` — supertraits are inherited. Other bounds are walked as types. */
function traitBounds(visit: Visit): VisitResult {
  if (visit.ancestor(1) !== 'trait_item') return undefined;
  visit.nav.eachChild((child) => inheritFrom(visit, child, visit.scope));
  return SKIP;
}

function typeIdentifier(visit: Visit): VisitResult {
  // An impl header names its own type and trait; implItem records what matters there.
  if (visit.scope.kind === 'impl') return SKIP;
  if (visit.field() === 'name' && DECLARING_PARENTS.has(visit.ancestor(1))) {
    if (visit.ancestor(1) === 'type_parameter') visit.out.typeParameters.add(visit.nav.text());
    return SKIP;
  }
  const name = visit.nav.text();
  if (!visit.out.typeParameters.has(name)) addReference(visit, rules, name, null, 'type', visit.nav.row);
  return SKIP;
}

function scopedTypeIdentifier(visit: Visit): VisitResult {
  if (visit.scope.kind !== 'impl') referenceAt(visit, rules, 'type');
  return SKIP;
}

function callExpression(visit: Visit): VisitResult {
  const { nav } = visit;
  if (!nav.toField('function')) return undefined;
  if (nav.type() === 'generic_function' && !nav.toField('function')) return undefined;
  referenceAt(visit, rules, 'call');
  return undefined;
}

function macroInvocation(visit: Visit): VisitResult {
  if (visit.nav.toField('macro')) referenceAt(visit, rules, 'call');
  return undefined;
}

function useDeclaration(visit: Visit): VisitResult {
  const { nav, out } = visit;
  const row = nav.row;
  if (!nav.toField('argument')) return SKIP;
  for (const [specifier, names] of collectUseTree(nav)) out.addImport(specifier, names, row, 'static');
  return SKIP;
}

function externCrate(visit: Visit): VisitResult {
  const name = visit.nav.fieldText('name');
  if (name !== null) visit.out.addImport(name, [], visit.nav.row, 'static');
  return SKIP;
}

function buildHandlers(): ReadonlyMap<string, Handler> {
  const handlers = new Map<string, Handler>();
  for (const type of ITEM_KINDS.keys()) handlers.set(type, item);
  handlers.set('impl_item', implItem);
  handlers.set('trait_bounds', traitBounds);
  handlers.set('type_identifier', typeIdentifier);
  handlers.set('scoped_type_identifier', scopedTypeIdentifier);
  handlers.set('call_expression', callExpression);
  handlers.set('macro_invocation', macroInvocation);
  handlers.set('use_declaration', useDeclaration);
  handlers.set('extern_crate_declaration', externCrate);
  return handlers;
}

export const rustSpec: LanguageSpec = { language: 'rust', handlers: buildHandlers() };
