// TypeScript / JavaScript module edges: `import`, `export ... from` (reexport), `import()`
// and `require()` with a literal (dynamic), and the names a file exports through clauses
// (`export { a }`, `export default a`, `module.exports = { a }`).

import type { Nav } from './nav.js';
import { SKIP, type Visit, type VisitResult } from './walker.js';

/** The text of a string literal node without quotes; null for templates with substitutions. */
export function literalText(nav: Nav): string | null {
  const type = nav.type();
  const text = nav.text();
  if (type === 'string') return text.slice(1, -1);
  if (type === 'template_string' && !text.includes('${')) return text.slice(1, -1);
  return null;
}

function sourceSpecifier(nav: Nav): string | null {
  if (!nav.toField('source')) return null;
  const specifier = literalText(nav);
  nav.up();
  return specifier;
}

/** Imported names as written: "default", "*", or the original name of `{ a as b }`. */
function importClauseNames(nav: Nav, names: string[]): void {
  nav.eachChild((child) => {
    const type = child.type();
    if (type === 'identifier') names.push('default');
    else if (type === 'namespace_import') names.push('*');
    else if (type === 'named_imports') {
      child.eachChild((specifier) => {
        if (specifier.type() === 'import_specifier') names.push(specifier.fieldText('name') ?? '?');
      });
    }
  });
}

export function importStatement(visit: Visit): VisitResult {
  const { nav } = visit;
  const names: string[] = [];
  let specifier = sourceSpecifier(nav);
  nav.eachChild((child) => {
    if (child.type() === 'import_clause') importClauseNames(child, names);
    else if (child.type() === 'import_require_clause') {
      specifier = sourceSpecifier(child);
      names.push('*');
    }
  });
  if (specifier !== null) visit.out.addImport(specifier, names, nav.row, 'static');
  return SKIP;
}

/**
 * `export ... from` is a reexport. Without a source, `export { a, b as c }` and
 * `export default a` mark local names exported; declarations are left to their handlers.
 */
export function exportClause(visit: Visit): VisitResult {
  const { nav, out } = visit;
  const specifier = sourceSpecifier(nav);
  const names: string[] = [];
  nav.eachChild((child) => {
    const type = child.type();
    if (type === 'namespace_export' || (type === '' && child.tokenType === '*')) names.push('*');
    else if (type === 'export_clause') {
      child.eachChild((entry) => {
        if (entry.type() === 'export_specifier') names.push(entry.fieldText('name') ?? '?');
      });
    } else if (child.field === 'value' && type === 'identifier') out.exportedNames.add(child.text());
  });
  if (specifier !== null) {
    out.addImport(specifier, names, nav.row, 'reexport');
    return SKIP;
  }
  for (const name of names) if (name !== '*') out.exportedNames.add(name);
  return undefined;
}

/** `import("./x")` and `require("./x")` (names from a destructuring `const { a } = ...`). */
export function dynamicImport(visit: Visit): void {
  const { nav } = visit;
  if (!nav.toField('arguments')) return;
  let specifier: string | null = null;
  if (nav.down()) {
    do {
      if (nav.type() !== '') {
        specifier = literalText(nav);
        break;
      }
    } while (nav.next());
  }
  if (specifier === null) return;
  const names = visit.field() === 'value' && visit.ancestor(1) === 'variable_declarator' ? destructuredNames(visit) : [];
  visit.out.addImport(specifier, names, nav.row, 'dynamic');
}

/** `const { a, b: c } = require('x')` → ["a", "b"]. */
function destructuredNames(visit: Visit): string[] {
  const { nav } = visit;
  nav.restore(0);
  if (!nav.up() || !nav.toField('name') || nav.type() !== 'object_pattern') return [];
  const names: string[] = [];
  nav.eachChild((entry) => {
    if (entry.type() === 'shorthand_property_identifier_pattern') names.push(entry.text());
    else if (entry.type() === 'pair_pattern') names.push(entry.fieldText('key') ?? '?');
  });
  return names;
}

/** `module.exports = { a, b }` / `= a` marks a and b exported. */
export function commonJsExports(visit: Visit, right: Nav): void {
  const type = right.type();
  if (type === 'identifier') visit.out.exportedNames.add(right.text());
  else if (type === 'object') {
    right.eachChild((entry) => {
      if (entry.type() === 'shorthand_property_identifier') visit.out.exportedNames.add(entry.text());
      else if (entry.type() === 'pair' && entry.toField('value')) {
        if (entry.type() === 'identifier') visit.out.exportedNames.add(entry.text());
      }
    });
  }
}
