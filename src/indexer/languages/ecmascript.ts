// TypeScript, TSX and JavaScript definitions: functions (overload signatures included),
// classes and their methods, function-valued members of object literals (a plugin's hooks),
// interfaces, type aliases, enums, namespaces, module-level const/let/var (a function
// value, or a call wrapping one such as `forwardRef(…)`, makes it a function), function
// values bound inside functions (`const onClick = useCallback(() => …)`), CommonJS
// `exports.x = function`. The range of an exported declaration starts at `export`
// (decorators before it included). An ambient module named by a string
// (`declare module 'x' {}`) is no scope: its declarations are named as written.

import type { AstLanguage, SymbolKind } from '../../core/entities.js';
import type { Scope } from './builder.js';
import { type CommentSyntax, defineAtCursor } from './definitions.js';
import { FUNCTION_VALUES, objectMemberShape, wrappedFunctionBody } from './ecmascript-functions.js';
import { commonJsExports, dynamicImport, exportClause, importStatement } from './ecmascript-modules.js';
import { ecmascriptRules, referenceHandlers } from './ecmascript-refs.js';
import type { Nav } from './nav.js';
import { referenceAt } from './refs.js';
import type { LanguageSpec } from './tree-extractor.js';
import { type Handler, SKIP, type Visit, type VisitResult } from './walker.js';

const comments: CommentSyntax = { comments: new Set(['comment']) };

const DECLARATION_KINDS = new Map<string, SymbolKind>([
  ['function_declaration', 'function'],
  ['generator_function_declaration', 'function'],
  ['function_signature', 'function'],
  ['class_declaration', 'class'],
  ['abstract_class_declaration', 'class'],
  ['interface_declaration', 'interface'],
  ['type_alias_declaration', 'type'],
  ['enum_declaration', 'enum'],
  ['internal_module', 'module'],
  ['module', 'module'],
]);
/** Anonymous definitions `export default` can carry; they are named "default". */
const DEFAULT_VALUE_KINDS = new Map<string, SymbolKind>([
  ['function_expression', 'function'],
  ['function', 'function'],
  ['generator_function', 'function'],
  ['arrow_function', 'function'],
  ['class', 'class'],
]);
const WRAPPERS = new Set(['export_statement', 'ambient_declaration']);
const COMMONJS_EXPORT = /^(?:module\s*\.\s*)?exports\s*\.\s*([A-Za-z_$][\w$]*)$/;

interface Described {
  name: string;
  kind: SymbolKind;
  bodyStart: number | null;
}

/** Name, kind and body of the declaration under `nav` (not a wrapper); the cursor does not move. */
function describe(nav: Nav, defaultName: string | null): Described | null {
  const kind = DECLARATION_KINDS.get(nav.type()) ?? (defaultName === null ? undefined : DEFAULT_VALUE_KINDS.get(nav.type()));
  if (kind === undefined) return null;
  const written = nav.fieldText('name');
  // `declare module '../..' { interface X {} }` augments another module: no name anyone
  // types (`../..`), so no scope of its own; what it declares is named as written (`X`).
  if (kind === 'module' && written !== null && /^['"]/.test(written)) return null;
  const name = written ?? defaultName;
  if (name === null) return null;
  return { name, kind, bodyStart: nav.fieldStart('body') };
}

/** An unwrapped declaration; wrapped ones are defined by their wrapper, which owns the range. */
function declaration(visit: Visit): VisitResult {
  const parent = visit.ancestor(1);
  if (WRAPPERS.has(parent)) return undefined;
  const { nav } = visit;
  const described = describe(nav, null);
  if (described === null) return undefined;
  // `namespace N {}` sits inside an expression_statement, which owns any leading comment.
  if (parent === 'expression_statement') nav.up();
  return defineAtCursor(visit, { ...described, exported: false }, comments);
}

/** `export ...` / `declare ...`: the declaration inside, with the wrapper's range. */
function wrapper(visit: Visit): VisitResult {
  if (WRAPPERS.has(visit.ancestor(1))) return undefined;
  const { nav } = visit;
  if (nav.type() === 'export_statement' && exportClause(visit) === SKIP) return SKIP;
  let exported = false;
  let defaultName: string | null = null;
  while (WRAPPERS.has(nav.type())) {
    if (nav.type() === 'export_statement') {
      exported = true;
      if (nav.hasToken('default')) defaultName = 'default';
      if (!nav.toField('declaration') && !nav.toField('value')) return undefined;
    } else if (!nav.toChild(...DECLARATION_KINDS.keys(), 'lexical_declaration', 'variable_declaration')) {
      return undefined;
    }
  }
  const described = describe(nav, defaultName);
  nav.restore(0);
  if (described === null) return undefined;
  return defineAtCursor(visit, { ...described, exported }, comments);
}

function isModuleLevel(parent: string, grandparent: string): boolean {
  return parent === 'program' || (parent === 'statement_block' && (grandparent === 'internal_module' || grandparent === 'module'));
}

/**
 * A module-level `const`/`let`/`var` binding, or a function value bound inside a
 * definition. One declarator takes the whole statement's range (export keyword included);
 * several each take their own.
 */
function variableDeclarator(visit: Visit): VisitResult {
  const declarationType = visit.ancestor(1);
  if (declarationType !== 'lexical_declaration' && declarationType !== 'variable_declaration') return undefined;
  let level = 2;
  let exported = false;
  while (WRAPPERS.has(visit.ancestor(level))) {
    if (visit.ancestor(level) === 'export_statement') exported = true;
    level++;
  }
  const moduleLevel = isModuleLevel(visit.ancestor(level), visit.ancestor(level + 1));
  if (!moduleLevel && visit.scope.kind === 'file') return undefined;
  const { nav } = visit;
  const name = nav.toField('name') ? (nav.type() === 'identifier' ? nav.text() : null) : null;
  nav.restore(0);
  if (name === null) return undefined;
  const value = valueShape(nav, moduleLevel);
  if (value === null || (!moduleLevel && value.kind !== 'function')) return undefined;
  const start = nav.start;
  nav.up();
  if (countChildren(nav, 'variable_declarator') === 1) for (let up = 2; up < level; up++) nav.up();
  else nav.downTo(start);
  return defineAtCursor(visit, { name, exported, ...value }, comments);
}

/**
 * Kind and body of a declarator's value: functions (and calls wrapping a function literal:
 * any call at module level, component wrappers and hooks inside functions) and classes
 * have bodies, constants do not; null for `require(...)`, which is an import rather than a
 * definition.
 */
function valueShape(nav: Nav, moduleLevel: boolean): { kind: SymbolKind; bodyStart: number | null } | null {
  if (!nav.toField('value')) return { kind: 'constant', bodyStart: null };
  const type = nav.type();
  let shape: { kind: SymbolKind; bodyStart: number | null } | null = { kind: 'constant', bodyStart: null };
  if (FUNCTION_VALUES.has(type)) shape = { kind: 'function', bodyStart: nav.fieldStart('body') };
  else if (type === 'class') shape = { kind: 'class', bodyStart: nav.fieldStart('body') };
  else if (type === 'call_expression' && nav.fieldText('function') === 'require') shape = null;
  else if (type === 'call_expression') {
    const body = wrappedFunctionBody(nav, moduleLevel);
    if (body !== null) shape = { kind: 'function', bodyStart: body };
  }
  nav.up();
  return shape;
}

function countChildren(nav: Nav, type: string): number {
  let count = 0;
  nav.eachChild((child) => {
    if (child.type() === type) count++;
  });
  return count;
}

/** Methods and function-valued properties of an object literal, named under the enclosing definition. */
function objectMember(visit: Visit): VisitResult {
  const shape = objectMemberShape(visit.nav);
  if (shape === null) return undefined;
  return defineAtCursor(visit, { name: shape.name, kind: 'method', exported: false, bodyStart: shape.bodyStart }, comments);
}

/** Methods (with overload signatures) and function-valued fields (wrapped ones too) of a class body. */
function classMember(visit: Visit): VisitResult {
  if (visit.ancestor(1) === 'object' && (visit.nav.type() === 'method_definition' || visit.nav.type() === 'pair')) return objectMember(visit);
  if (visit.ancestor(1) !== 'class_body' || visit.scope.kind !== 'class') return undefined;
  const { nav } = visit;
  const isField = nav.type() === 'public_field_definition' || nav.type() === 'field_definition';
  const name = nav.fieldText(isField && nav.type() === 'field_definition' ? 'property' : 'name');
  if (name === null) return undefined;
  let bodyStart = nav.fieldStart('body');
  if (isField) {
    if (!nav.toField('value')) return undefined;
    // `onKeyDown = withBatchedUpdates((event) => …)`: a wrapped handler is a method too.
    bodyStart = FUNCTION_VALUES.has(nav.type()) ? nav.fieldStart('body') : wrappedFunctionBody(nav, true);
    const isFunction = FUNCTION_VALUES.has(nav.type()) || bodyStart !== null;
    nav.up();
    if (!isFunction) return undefined;
  }
  const exported = !name.startsWith('#') && !hasPrivateModifier(nav);
  return defineAtCursor(visit, { name, kind: 'method', exported, bodyStart }, comments);
}

function hasPrivateModifier(nav: Nav): boolean {
  if (!nav.toChild('accessibility_modifier')) return false;
  const text = nav.text();
  nav.up();
  return text === 'private' || text === 'protected';
}

/** CommonJS: `exports.f = function () {}` defines f; `module.exports = { a }` exports a. */
function commonJsStatement(visit: Visit): VisitResult {
  if (!isModuleLevel(visit.ancestor(1), visit.ancestor(2))) return undefined;
  const { nav } = visit;
  if (!nav.toChild('assignment_expression')) return undefined;
  const left = nav.fieldText('left') ?? '';
  if (!nav.toField('right')) return undefined;
  if (/^module\s*\.\s*exports$/.test(left)) {
    commonJsExports(visit, nav);
    return undefined;
  }
  const name = COMMONJS_EXPORT.exec(left)?.[1];
  if (name === undefined || !(FUNCTION_VALUES.has(nav.type()) || nav.type() === 'class')) return undefined;
  const kind: SymbolKind = nav.type() === 'class' ? 'class' : 'function';
  const bodyStart = nav.fieldStart('body');
  nav.restore(0);
  return defineAtCursor(visit, { name, kind, exported: true, bodyStart }, comments);
}

/** Calls; `import("x")` and `require("x")` are dynamic imports as well. */
function callExpression(visit: Visit): VisitResult {
  const { nav } = visit;
  if (!nav.toField('function')) return undefined;
  const type = nav.type();
  const isImport = type === 'import' || (type === 'identifier' && nav.text() === 'require');
  if (!isImport) referenceAt(visit, ecmascriptRules, 'call');
  nav.up();
  if (isImport) dynamicImport(visit);
  return undefined;
}

function typeParameter(visit: Visit): VisitResult {
  const name = visit.nav.fieldText('name');
  if (name !== null) visit.out.typeParameters.add(name);
  return undefined;
}

function buildHandlers(): ReadonlyMap<string, Handler> {
  const handlers = new Map<string, Handler>(referenceHandlers);
  for (const type of DECLARATION_KINDS.keys()) handlers.set(type, declaration);
  handlers.set('export_statement', wrapper);
  handlers.set('ambient_declaration', wrapper);
  handlers.set('variable_declarator', variableDeclarator);
  for (const type of ['method_definition', 'pair', 'method_signature', 'abstract_method_signature', 'public_field_definition', 'field_definition']) {
    handlers.set(type, classMember);
  }
  handlers.set('expression_statement', commonJsStatement);
  handlers.set('import_statement', importStatement);
  handlers.set('call_expression', callExpression);
  handlers.set('type_parameter', typeParameter);
  return handlers;
}

export function ecmascriptSpec(language: Extract<AstLanguage, 'typescript' | 'tsx' | 'javascript'>): LanguageSpec {
  return { language, handlers: buildHandlers() };
}

export type { Scope };
