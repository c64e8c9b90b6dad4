// Python: functions, methods, classes (decorators included in their range), module-level
// UPPER_CASE and annotated names as constants, `type X = ...` aliases; imports as written
// (relative dots kept); calls, decorators, annotations, string forward references and
// base classes as references.

import type { SymbolKind } from '../../core/entities.js';
import type { Scope } from './builder.js';
import { type CommentSyntax, defineAtCursor, inField } from './definitions.js';
import type { Nav } from './nav.js';
import { addReference, type ChainSyntax, referenceAt, type ReferenceRules } from './refs.js';
import { cleanDocstring } from './text.js';
import type { LanguageSpec } from './tree-extractor.js';
import { type Handler, SKIP, type Visit, type VisitResult } from './walker.js';

const syntax: ChainSyntax = {
  names: new Set(['identifier']),
  members: new Map([['attribute', { object: 'object', property: 'attribute', separator: '.' }]]),
  calls: new Map([['call', 'function']]),
  subscripts: new Map([['subscript', 'value']]),
};

const BUILTINS = [
  'print', 'len', 'isinstance', 'issubclass', 'str', 'int', 'float', 'bool', 'bytes', 'bytearray', 'complex',
  'list', 'dict', 'set', 'frozenset', 'tuple', 'object', 'type', 'super', 'range', 'enumerate', 'zip', 'map',
  'filter', 'sorted', 'reversed', 'min', 'max', 'sum', 'any', 'all', 'abs', 'round', 'open', 'iter', 'next',
  'hasattr', 'getattr', 'setattr', 'delattr', 'callable', 'repr', 'hash', 'id', 'format', 'vars', 'dir',
  'globals', 'locals', 'input', 'ord', 'chr', 'hex', 'oct', 'bin', 'divmod', 'pow', 'slice', 'memoryview',
  'property', 'staticmethod', 'classmethod', 'eval', 'exec', 'compile', '__import__', 'breakpoint', 'ascii',
  'self', 'cls', 'None', 'True', 'False', 'NotImplemented', 'Ellipsis',
  'BaseException', 'Exception', 'ValueError', 'TypeError', 'KeyError', 'IndexError', 'AttributeError',
  'RuntimeError', 'NotImplementedError', 'StopIteration', 'StopAsyncIteration', 'OSError', 'IOError',
  'ImportError', 'ModuleNotFoundError', 'AssertionError', 'ZeroDivisionError', 'FileNotFoundError',
  'FileExistsError', 'PermissionError', 'TimeoutError', 'KeyboardInterrupt', 'SystemExit', 'LookupError',
  'ArithmeticError', 'OverflowError', 'RecursionError', 'UnicodeDecodeError', 'UnicodeEncodeError',
  'ConnectionError', 'Warning', 'DeprecationWarning', 'UserWarning', 'FutureWarning', 'RuntimeWarning',
  // typing: annotation vocabulary, never code in the repository
  'Any', 'Optional', 'Union', 'List', 'Dict', 'Set', 'FrozenSet', 'Tuple', 'Type', 'Callable', 'Iterable',
  'Iterator', 'Generator', 'AsyncIterator', 'AsyncIterable', 'AsyncGenerator', 'Awaitable', 'Coroutine',
  'Sequence', 'Mapping', 'MutableMapping', 'MutableSequence', 'Literal', 'ClassVar', 'Final', 'Protocol',
  'TypeVar', 'Generic', 'NoReturn', 'Never', 'Self', 'TypeAlias', 'Annotated', 'Hashable', 'Sized',
];

const rules: ReferenceRules = { syntax, builtinNames: new Set(BUILTINS), builtinRoots: new Set() };
const comments: CommentSyntax = { comments: new Set(['comment']) };
const DYNAMIC_IMPORTERS = new Set(['import_module', '__import__']);
const CONSTANT_NAME = /^_*[A-Z][A-Z0-9_]*$/;
const FORWARD_REFERENCE = /^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*$/;

/** A `def` or `class`; the cursor is on it or on its decorated_definition wrapper. */
function defineDefinition(visit: Visit): Scope {
  const { nav } = visit;
  const wrapped = nav.type() === 'decorated_definition';
  if (wrapped && !nav.toField('definition')) return visit.scope;
  const isClass = nav.type() === 'class_definition';
  const name = nav.fieldText('name') ?? '?';
  const bodyStart = headerEnd(nav);
  const innerDoc = inField(nav, 'body', docstring);
  if (wrapped) nav.up();
  const kind: SymbolKind = isClass ? 'class' : visit.scope.kind === 'class' ? 'method' : 'function';
  const scope = defineAtCursor(visit, { name, kind, exported: !name.startsWith('_'), bodyStart, innerDoc }, comments);
  if (isClass) {
    if (wrapped) nav.toField('definition');
    inField(nav, 'superclasses', () => baseClasses(visit, scope));
  }
  return scope;
}

/**
 * Where the header ends: just after the `:` before the body, so a comment between the
 * colon and the first statement stays out of the signature.
 */
function headerEnd(nav: Nav): number | null {
  if (!nav.down()) return null;
  let end: number | null = null;
  do {
    if (nav.field === 'body') {
      end ??= nav.start;
      break;
    }
    if (nav.type() === '' && nav.tokenType === ':') end = nav.end;
  } while (nav.next());
  nav.up();
  return end;
}

/** The first statement of a body, when it is a bare string literal. */
function docstring(nav: Nav): string | null {
  if (!nav.down()) return null;
  let type = nav.type();
  while (type === 'comment' || type === '') {
    if (!nav.next()) return null;
    type = nav.type();
  }
  if (type !== 'expression_statement' || !nav.down()) return null;
  const literal = nav.type() === 'string' ? nav.text() : null;
  return literal !== null && !nav.next() ? cleanDocstring(literal) : null;
}

/** `class A(B, m.C, Base[T], metaclass=Meta)`: every base and the metaclass. */
function baseClasses(visit: Visit, scope: Scope): void {
  visit.nav.eachChild((nav) => {
    const type = nav.type();
    if (type === 'subscript') inField(nav, 'value', () => referenceAt(visit, rules, 'inherit', scope));
    else if (type === 'keyword_argument') {
      if (nav.fieldText('name') === 'metaclass') inField(nav, 'value', () => referenceAt(visit, rules, 'inherit', scope));
    } else referenceAt(visit, rules, 'inherit', scope);
  });
}

/** Module-level `NAME = ...` and `name: T = ...` become constants scoping their value. */
function moduleConstant(visit: Visit): VisitResult {
  if (visit.scope.kind !== 'file') return undefined;
  const { nav } = visit;
  if (!nav.toChild('assignment')) return undefined;
  const annotated = nav.fieldStart('type') !== null;
  const name = inField(nav, 'left', (left) => (left.type() === 'identifier' ? left.text() : null));
  nav.up();
  if (name === null || !(annotated || CONSTANT_NAME.test(name))) return undefined;
  return defineAtCursor(visit, { name, kind: 'constant', exported: !name.startsWith('_'), bodyStart: null }, comments);
}

/** `type Alias = int | str` (3.12): a type symbol; its right side is a type reference. */
function typeAlias(visit: Visit): VisitResult {
  const name = inField(visit.nav, 'left', (left) => left.text().trim()) ?? '?';
  const scope = defineAtCursor(visit, { name, kind: 'type', exported: !name.startsWith('_'), bodyStart: null }, comments);
  inField(visit.nav, 'right', (right) => typeReferences(visit, right, scope, false));
  return SKIP;
}

/** Names used in an annotation; string literals are forward references (not in Literal[...]). */
function typeReferences(visit: Visit, nav: Nav, scope: Scope, inLiteral: boolean): void {
  const type = nav.type();
  if (type === 'identifier' || type === 'attribute') referenceAt(visit, rules, 'type', scope);
  else if (type === 'string') {
    if (!inLiteral) forwardReference(visit, nav, scope);
  } else if (type === 'generic_type' || type === 'subscript') {
    const literal = /^(?:typing\.)?Literal\b/.test(nav.text());
    nav.eachChild((child) => typeReferences(visit, child, scope, literal));
  } else nav.eachChild((child) => typeReferences(visit, child, scope, inLiteral));
}

function forwardReference(visit: Visit, nav: Nav, scope: Scope): void {
  const content = nav.text().replace(/^[rRuUbB]*(['"])/, '').replace(/['"]$/, '').trim();
  if (!FORWARD_REFERENCE.test(content)) return;
  const dot = content.lastIndexOf('.');
  const name = dot < 0 ? content : content.slice(dot + 1);
  addReference(visit, rules, name, dot < 0 ? null : content.slice(0, dot), 'type', nav.row, scope);
}

function importStatement(visit: Visit): VisitResult {
  const { nav, out } = visit;
  nav.eachChild((child) => {
    if (child.field !== 'name' || child.type() === '') return;
    const dotted = child.type() === 'aliased_import' ? child.fieldText('name') : child.text();
    if (dotted !== null) out.addImport(compact(dotted), [], child.row, 'static');
  });
  return SKIP;
}

function importFromStatement(visit: Visit): VisitResult {
  const { nav } = visit;
  const specifier = compact(nav.fieldText('module_name') ?? '');
  const names: string[] = [];
  nav.eachChild((child) => {
    if (child.type() === 'wildcard_import') names.push('*');
    else if (child.field !== 'name' || child.type() === '') return;
    else if (child.type() === 'aliased_import') names.push(compact(child.fieldText('name') ?? ''));
    else names.push(compact(child.text()));
  });
  visit.out.addImport(specifier, names, nav.row, 'static');
  return SKIP;
}

/** `foo()`, `a.b.foo()`; `importlib.import_module("x")` is also a dynamic import. */
function call(visit: Visit): VisitResult {
  const { nav } = visit;
  if (!nav.toField('function')) return undefined;
  const callee = referenceAt(visit, rules, 'call');
  nav.up();
  if (callee !== null && DYNAMIC_IMPORTERS.has(callee)) dynamicImport(visit);
  return undefined;
}

function dynamicImport(visit: Visit): void {
  const literal = inField(visit.nav, 'arguments', (args) =>
    args.toChild('string') && !args.text().startsWith('f') ? args.text() : null,
  );
  if (literal === null) return;
  visit.out.addImport(literal.replace(/^[rRuUbB]*(['"]{1,3})/, '').replace(/['"]+$/, ''), [], visit.nav.row, 'dynamic');
}

/** `@name`, `@a.b`; a `@call(...)` decorator is recorded by the call handler. */
function decorator(visit: Visit): VisitResult {
  const { nav } = visit;
  if (nav.down()) {
    do {
      if (nav.type() !== '') {
        referenceAt(visit, rules, 'call');
        break;
      }
    } while (nav.next());
  }
  return undefined;
}

function compact(text: string): string {
  return text.replace(/\s+/g, '');
}

const definition: Handler = (visit) =>
  visit.ancestor(1) === 'decorated_definition' ? undefined : defineDefinition(visit);

export const pythonSpec: LanguageSpec = {
  language: 'python',
  handlers: new Map<string, Handler>([
    ['decorated_definition', defineDefinition],
    ['function_definition', definition],
    ['class_definition', definition],
    ['expression_statement', moduleConstant],
    ['type_alias_statement', typeAlias],
    ['type', (visit) => (typeReferences(visit, visit.nav, visit.scope, false), SKIP)],
    ['import_statement', importStatement],
    ['import_from_statement', importFromStatement],
    ['future_import_statement', () => SKIP],
    ['call', call],
    ['decorator', decorator],
  ]),
};
