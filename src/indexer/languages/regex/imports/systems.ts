// Go and Rust imports per the contract.
// Go: the import path, names [alias] when aliased. Rust: `use a::b::{c, d}` → "a::b" with
// ["c", "d"] (nested groups flattened per prefix), `mod foo;` → "mod:foo" with ["foo"];
// `use a;` and `extern crate a;` → "a" with []; `pub use` is static like the AST path.

import type { Scanned } from '../scan.js';
import { lineText } from '../scan.js';
import { codeUntil, compact, type ImportSink, linesStarting, literalAt, splitTopLevel } from './statements.js';

const GO_SPEC = /^(?:(?<alias>[\w.]+)\s+)?(?<q>["`])/d;

export function goImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, start, head } of linesStarting(scanned, /^import\b/)) {
    const afterKeyword = head.slice('import'.length);
    const trimmed = afterKeyword.trimStart();
    if (!trimmed.startsWith('(')) {
      goSpec(scanned, line, start + head.length - trimmed.length, trimmed, sink);
      continue;
    }
    for (let next = line + 1; next < scanned.lineStarts.length; next++) {
      const text = lineText(scanned, scanned.code, next);
      const body = text.trimStart();
      if (body.startsWith(')')) break;
      goSpec(scanned, next, scanned.lineStarts[next]! + text.length - body.length, body, sink);
    }
  }
}

function goSpec(scanned: Scanned, line: number, at: number, text: string, sink: ImportSink): void {
  const m = GO_SPEC.exec(text);
  const quote = m?.indices?.groups?.['q'];
  if (!m || !quote) return;
  const path = literalAt(scanned, at + quote[0]);
  const alias = m.groups?.['alias'];
  if (path !== null) sink(path, alias ? [alias] : [], line, 'static');
}

const RUST_USE = /^(?:pub(?:\s*\([^)]*\))?\s+)?use\s+(?<tree>[^;]+);?/s;
const RUST_MOD = /^(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+(?<name>\w+)\s*;/;
const EXTERN_CRATE = /^extern\s+crate\s+(?<name>\w+)/;

export function rustImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, start, head } of linesStarting(scanned, /^(?:pub(?:\s*\([^)]*\))?\s+)?(?:use|mod|extern\s+crate)\b/)) {
    const mod = RUST_MOD.exec(head);
    if (mod?.groups) {
      sink(`mod:${mod.groups['name']}`, [mod.groups['name']!], line, 'static');
      continue;
    }
    const crate = EXTERN_CRATE.exec(head);
    if (crate?.groups) {
      sink(crate.groups['name']!, [], line, 'static');
      continue;
    }
    const use = RUST_USE.exec(codeUntil(scanned, start, ';'));
    if (!use?.groups) continue;
    const grouped = new Map<string, string[]>();
    flattenUseTree(compact(use.groups['tree']!.replace(/\s+as\s+\w+/g, '')), [], grouped, 0);
    for (const [specifier, names] of grouped) sink(specifier, names, line, 'static');
  }
}

/** Walks a use tree, grouping imported names by the path they hang off. */
function flattenUseTree(tree: string, prefix: string[], out: Map<string, string[]>, depth: number): void {
  if (depth > 8 || tree === '') return;
  const brace = tree.indexOf('{');
  if (brace >= 0 && tree.endsWith('}')) {
    const path = [...prefix, ...tree.slice(0, brace).split('::').filter((s) => s !== '')];
    for (const part of splitTopLevel(tree.slice(brace + 1, -1))) flattenUseTree(part, path, out, depth + 1);
    return;
  }
  const segments = [...prefix, ...tree.split('::').filter((s) => s !== '')];
  let name = segments.pop();
  if (name === undefined) return;
  // `a::b::{self}` imports the module b itself: bound as "b", hanging off "a".
  if (name === 'self') name = segments.pop() ?? 'self';
  // `use a;` binds a itself: the specifier is the crate, with no names under it.
  const specifier = segments.length > 0 ? segments.join('::') : name;
  const names = out.get(specifier) ?? [];
  if (segments.length > 0 && !names.includes(name)) names.push(name);
  out.set(specifier, names);
}
