// Function-shaped code that is not a declaration, so that a long function's parts can be
// chosen one by one: methods and function-valued properties of object literals (a Vite or
// Rollup plugin's hooks returned by its factory, an options object's callbacks), and
// values that wrap a function literal (React's `forwardRef`/`memo`, hooks such as
// `useCallback`, `debounce(() => …)`).

import type { SymbolKind } from '../../core/entities.js';
import type { Nav } from './nav.js';

export const FUNCTION_VALUES: ReadonlySet<string> = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

/** Wrappers whose function argument is the definition itself (a component, a hook's callback). */
const COMPONENT_WRAPPERS: ReadonlySet<string> = new Set(['forwardRef', 'memo', 'observer', 'lazy']);
const HOOK_NAME = /^use[A-Z0-9]/;
/** `memo(forwardRef(…))`: how deep a wrapped function literal is looked for. */
const MAX_WRAPPING = 2;

export interface ValueShape {
  kind: SymbolKind;
  bodyStart: number | null;
}

/** The callee's last name: `React.forwardRef` → forwardRef, `debounce` → debounce. */
function calleeName(nav: Nav): string | null {
  const text = nav.fieldText('function');
  if (text === null) return null;
  const name = text.slice(text.lastIndexOf('.') + 1).trim();
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : null;
}

/**
 * With the cursor on a call: the body start of the function literal it wraps, or null.
 * `anyCallee`: any callee counts (module-level bindings); otherwise only component wrappers
 * and hooks (a local `const rows = items.map((x) => …)` is a value, not a definition).
 */
export function wrappedFunctionBody(nav: Nav, anyCallee: boolean, depth = 0): number | null {
  if (nav.type() !== 'call_expression' || depth >= MAX_WRAPPING) return null;
  const callee = calleeName(nav);
  if (callee === null || callee === 'require') return null;
  if (!anyCallee && !COMPONENT_WRAPPERS.has(callee) && !HOOK_NAME.test(callee)) return null;
  if (!nav.toField('arguments')) return null;
  let body: number | null = null;
  nav.eachChild((argument) => {
    if (body !== null) return;
    if (FUNCTION_VALUES.has(argument.type())) body = argument.fieldStart('body');
    else body = wrappedFunctionBody(argument, anyCallee, depth + 1);
  });
  nav.up();
  return body;
}

/** A property key usable as a name: identifiers and plain string keys; computed keys are not. */
export function propertyName(nav: Nav, field: string): string | null {
  if (!nav.toField(field)) return null;
  const type = nav.type();
  let name: string | null = null;
  if (type === 'property_identifier' || type === 'identifier' || type === 'private_property_identifier') name = nav.text();
  else if (type === 'string') name = nav.text().slice(1, -1);
  nav.up();
  return name !== null && /^#?[A-Za-z_$][\w$-]*$/.test(name) ? name : null;
}

/**
 * With the cursor on an object literal's member (`method_definition` or `pair`): its name
 * and body when it is a function, else null; the cursor does not move.
 */
export function objectMemberShape(nav: Nav): { name: string; bodyStart: number | null } | null {
  if (nav.type() === 'method_definition') {
    const name = propertyName(nav, 'name');
    return name === null ? null : { name, bodyStart: nav.fieldStart('body') };
  }
  const name = propertyName(nav, 'key');
  if (name === null || !nav.toField('value')) return null;
  const bodyStart = FUNCTION_VALUES.has(nav.type()) ? nav.fieldStart('body') : null;
  const isFunction = FUNCTION_VALUES.has(nav.type());
  nav.up();
  return isFunction ? { name, bodyStart } : null;
}
