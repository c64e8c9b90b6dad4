// TS/JS imports per the contract: `import ... from "x"` (names: bindings, "default",
// "*"), side-effect imports, `export ... from` (reexport), `import x = require("x")`,
// and `require("x")` / `import("x")` with a literal (dynamic).

import type { Scanned } from '../scan.js';
import { codeUntil, type ImportSink, linesStarting, literalAt, matchesIn, rowOf, splitTopLevel } from './statements.js';

const IMPORT_FROM = /^import\s+(?:type\s+)?(?<clause>[^'";]*?)\s*\bfrom\s*(?<q>['"])/d;
const IMPORT_BARE = /^import\s*(?<q>['"])/d;
const IMPORT_EQUALS = /^import\s+(?:type\s+)?[\w$]+\s*=\s*require\s*\(\s*(?<q>['"])/d;
const EXPORT_FROM = /^export\s+(?:type\s+)?(?<clause>\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(?<q>['"])/d;
const DYNAMIC = /(?<![\w$.])(?:require|import)\s*\(\s*(?<q>['"`])/dg;

export function jsImports(scanned: Scanned, sink: ImportSink): void {
  // `import x = require("y")` is recorded once, as static: its require is not also dynamic.
  const staticSpans: [number, number][] = [];
  for (const { line, start } of linesStarting(scanned, /^(?:import|export)\b(?!\s*\()/)) {
    const statement = codeUntil(scanned, start, ';');
    for (const [pattern, kind] of [
      [IMPORT_FROM, 'static'],
      [IMPORT_BARE, 'static'],
      [IMPORT_EQUALS, 'static'],
      [EXPORT_FROM, 'reexport'],
    ] as const) {
      const m = pattern.exec(statement);
      const quote = m?.indices?.groups?.['q'];
      if (!m || !quote) continue;
      const specifier = literalAt(scanned, start + quote[0]);
      if (specifier === null) break;
      const names = pattern === IMPORT_EQUALS ? ['*'] : clauseNames(m.groups?.['clause'] ?? '');
      sink(specifier, names, line, kind);
      staticSpans.push([start, start + quote[1] + specifier.length + 1]);
      break;
    }
  }
  let span = 0;
  for (const m of matchesIn(scanned, DYNAMIC)) {
    const quote = m.indices?.groups?.['q'];
    if (!quote) continue;
    // Both lists ascend by index: one pointer walks the static spans.
    while (span < staticSpans.length && staticSpans[span]![1] <= m.index) span++;
    if (span < staticSpans.length && staticSpans[span]![0] <= m.index) continue;
    const specifier = literalAt(scanned, quote[0]);
    if (specifier !== null && !specifier.includes('${')) sink(specifier, [], rowOf(scanned, m.index), 'dynamic');
  }
}

/** `Def, { a, b as c, type d }` → ["default", "a", "b", "d"]; `* as ns` → ["*"]. */
export function clauseNames(clause: string): string[] {
  const names: string[] = [];
  for (const part of splitTopLevel(clause.trim())) {
    if (part.startsWith('*')) names.push('*');
    else if (part.startsWith('{')) {
      for (const item of splitTopLevel(part.slice(1, part.endsWith('}') ? -1 : undefined))) {
        const name = /^(?:type\s+)?([\w$]+|(['"]).*\2)/.exec(item)?.[1];
        if (name) names.push(name);
      }
    } else if (/^[\w$]+$/.test(part)) names.push('default');
  }
  return names;
}
