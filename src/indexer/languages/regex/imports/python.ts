// Python imports per the contract: `import a.b.c` → "a.b.c" with []; `from a.b import
// c, d` → "a.b" with ["c", "d"]; relative dots kept; `importlib.import_module("x")` and
// `__import__("x")` with a literal are dynamic.

import type { Scanned } from '../scan.js';
import { compact, type ImportSink, linesStarting, literalAt, matchesIn, rowOf, splitTopLevel } from './statements.js';

const IMPORT = /^import\s+(?<list>.+)$/s;
const FROM = /^from\s+(?<module>\.*\s*[\w.\s]*?)\s*\bimport\s+(?<list>.+)$/s;
const DYNAMIC = /\b(?:import_module|__import__)\s*\(\s*(?<q>['"])/dg;

export function pythonImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, start } of linesStarting(scanned, /^(?:import|from)\s/)) {
    const statement = logicalLine(scanned, start);
    let m = FROM.exec(statement);
    if (m?.groups) {
      // `from __future__ import x` switches on syntax; it imports nothing (as the AST path).
      if (compact(m.groups['module']!) === '__future__') continue;
      const names = splitTopLevel(m.groups['list']!.replace(/[()]/g, ''))
        .map((item) => /^(\*|[\w]+)/.exec(item)?.[1])
        .filter((name): name is string => name !== undefined);
      sink(compact(m.groups['module']!), names, line, 'static');
      continue;
    }
    m = IMPORT.exec(statement);
    if (!m?.groups) continue;
    for (const item of splitTopLevel(m.groups['list']!)) {
      const dotted = /^([\w.\s]+?)(?:\s+as\s+\w+)?\s*$/.exec(item)?.[1];
      if (dotted) sink(compact(dotted), [], line, 'static');
    }
  }
  for (const m of matchesIn(scanned, DYNAMIC)) {
    const quote = m.indices?.groups?.['q'];
    if (!quote) continue;
    const prefix = scanned.source[quote[0] - 1];
    const specifier = literalAt(scanned, quote[0]);
    if (specifier !== null && prefix !== 'f' && prefix !== 'F') sink(specifier, [], rowOf(scanned, m.index), 'dynamic');
  }
}

/**
 * One logical line of code view from `start`: continues through open parentheses and
 * backslash continuations, stops at a newline or ";" otherwise.
 */
function logicalLine(scanned: Scanned, start: number): string {
  const { code } = scanned;
  const stop = Math.min(code.length, start + 4000);
  let depth = 0;
  let i = start;
  for (; i < stop; i++) {
    const c = code[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === ';') break;
    else if (c === '\n' && depth === 0 && code[i - 1] !== '\\' && !(code[i - 1] === '\r' && code[i - 2] === '\\')) break;
  }
  return code.slice(start, i).replace(/\\\r?\n/g, ' ').trim();
}
