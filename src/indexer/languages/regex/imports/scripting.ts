// C/C++ `#include "x.h"` (as written; <system> headers are not repository files),
// Ruby `require` / `require_relative` (relative ones as "./x"), PHP `use` / `require`,
// shell `source` / `.`.

import type { Scanned } from '../scan.js';
import { compact, type ImportSink, linesStarting, literalAt, matchesIn, rowOf, splitTopLevel } from './statements.js';

const INCLUDE = /^#\s*(?:include|import)\s*(?<q>")/d;

export function includeImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, start, head } of linesStarting(scanned, /^#\s*(?:include|import)\b/)) {
    const quote = INCLUDE.exec(head)?.indices?.groups?.['q'];
    const specifier = quote ? literalAt(scanned, start + quote[0]) : null;
    if (specifier) sink(specifier, [], line, 'static');
  }
}

const RUBY_REQUIRE = /(?<![\w.])(?<verb>require_relative|require|load)\b\s*\(?\s*(?<q>['"])/dg;

export function rubyImports(scanned: Scanned, sink: ImportSink): void {
  for (const m of matchesIn(scanned, RUBY_REQUIRE)) {
    const quote = m.indices?.groups?.['q'];
    const path = quote ? literalAt(scanned, quote[0]) : null;
    if (!path || path.includes('#{')) continue;
    const relative = m.groups?.['verb'] === 'require_relative' && !path.startsWith('.') && !path.startsWith('/');
    sink(relative ? `./${path}` : path, [], rowOf(scanned, m.index), 'static');
  }
}

const PHP_USE = /^use\s+(?:function\s+|const\s+)?(?<list>[^;]+);/;
const PHP_REQUIRE = /(?<![\w$>])(?:require|include)(?:_once)?\b\s*\(?\s*(?<q>['"])/dg;

export function phpImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, head } of linesStarting(scanned, /^use\s+[\\\w]/)) {
    const list = PHP_USE.exec(head)?.groups?.['list'];
    if (list) for (const clause of splitTopLevel(list)) phpUseClause(compactUse(clause), line, sink);
  }
  for (const m of matchesIn(scanned, PHP_REQUIRE)) {
    const quote = m.indices?.groups?.['q'];
    const path = quote ? literalAt(scanned, quote[0]) : null;
    if (path && /\.\w+$/.test(path)) sink(path, [], rowOf(scanned, m.index), 'static');
  }
}

/** Drops `as Alias` and whitespace: "A\\B as C" → "A\\B". */
function compactUse(clause: string): string {
  return compact(clause.replace(/\s+as\s+\w+/g, '')).replace(/^\\/, '');
}

function phpUseClause(clause: string, line: number, sink: ImportSink): void {
  const brace = clause.indexOf('\\{');
  if (brace >= 0) {
    const names = splitTopLevel(clause.slice(brace + 2).replace(/\}$/, '')).map((n) => n.replace(/^.*\\/, ''));
    sink(clause.slice(0, brace), names, line, 'static');
    return;
  }
  if (clause !== '') sink(clause, [clause.slice(clause.lastIndexOf('\\') + 1)], line, 'static');
}

const SHELL_SOURCE = /^(?:source|\.)\s+(?<path>[^\s;&|$`]+)/;

export function shellImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, start, head } of linesStarting(scanned, /^(?:source|\.)\s+\S/)) {
    const m = SHELL_SOURCE.exec(head);
    if (!m?.groups) continue;
    const raw = m.groups['path']!;
    // A quoted path is blank in the code view: read it back from the source.
    const quoted = /^["']/.test(raw) ? literalAt(scanned, start + head.indexOf(raw)) : raw;
    if (quoted && !quoted.includes('$')) sink(quoted, [], line, 'static');
  }
}
