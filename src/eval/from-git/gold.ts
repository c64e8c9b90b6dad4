// Gold answers of a commit-built task: the source files it modified, and the parent's
// definitions its hunks fall inside (best effort: the innermost ones only, so a method's
// change names the method, not also its class).

import type { SymbolKind, SymbolRecord } from '../../core/entities.js';
import { classifyFile } from '../../indexer/classify/classify.js';
import type { OldRange } from './diff.js';

/** Non-test, non-example, non-vendored, non-generated code. */
export function isGoldSource(path: string, head: string): boolean {
  const kind = classifyFile(path, head);
  return kind.kind === 'code' && !kind.isTest && !kind.isExample && !kind.isVendored && !kind.isGenerated;
}

/** Whether the file's first bytes could change the verdict (shebang, generator marker). */
export function needsHead(path: string): boolean {
  const byPath = classifyFile(path, '');
  if (byPath.isTest || byPath.isExample || byPath.isVendored) return false;
  return byPath.kind === 'code' || byPath.language === 'other';
}

/** Definitions that localize a change; constants and modules are not functions. */
const FUNCTION_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>([
  'function', 'method', 'class', 'struct', 'interface', 'trait', 'enum', 'type',
]);

/** Gold functions ("path:Qualified.name") of one file, given the parent's symbols and the hunks. */
export function goldFunctions(path: string, symbols: readonly SymbolRecord[], ranges: readonly OldRange[]): string[] {
  const candidates = symbols.filter((symbol) => FUNCTION_KINDS.has(symbol.kind));
  const names = new Set<string>();
  for (const range of ranges) {
    const touched = candidates.filter((symbol) => touches(symbol, range));
    for (const symbol of touched) {
      const enclosesAnother = touched.some((other) => other !== symbol && encloses(symbol, other));
      if (!enclosesAnother) names.add(symbol.qualifiedName);
    }
  }
  return [...names].sort().map((name) => `${path}:${name}`);
}

function touches(symbol: SymbolRecord, range: OldRange): boolean {
  // An insertion after line `start` lands inside a definition only if it spans both sides.
  if (range.count === 0) return symbol.startLine <= range.start && symbol.endLine >= range.start + 1;
  return symbol.startLine <= range.start + range.count - 1 && symbol.endLine >= range.start;
}

function encloses(outer: SymbolRecord, inner: SymbolRecord): boolean {
  const within = outer.startByte <= inner.startByte && outer.endByte >= inner.endByte;
  return within && (outer.startByte < inner.startByte || outer.endByte > inner.endByte);
}

/**
 * The parent's lines a commit touched: every line a hunk removes or rewrites, and for a
 * pure insertion the line it follows (line 1 for an insertion at the top), ascending.
 */
export function changedLines(ranges: readonly OldRange[]): number[] {
  const lines = new Set<number>();
  for (const range of ranges) {
    if (range.count === 0) lines.add(Math.max(1, range.start));
    for (let line = range.start; line < range.start + range.count; line++) lines.add(line);
  }
  return [...lines].sort((a, b) => a - b);
}
