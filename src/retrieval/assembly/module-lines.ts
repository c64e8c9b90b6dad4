// Which lines of a file are module-level code: outside every top-level definition. An
// excerpt of a file's module-level code is chosen among these lines only, since the
// definitions are offered on their own.

import type { SymbolRecord } from '../../core/entities.js';

/** A test of 0-based line indexes of a file of `lines` lines: true for lines outside every top-level definition. */
export function moduleLineMask(symbols: readonly Pick<SymbolRecord, 'parent' | 'startLine' | 'endLine'>[], lines: number): (index: number) => boolean {
  const inside = new Uint8Array(lines);
  for (const symbol of symbols) {
    if (symbol.parent !== null) continue;
    inside.fill(1, Math.max(0, symbol.startLine - 1), Math.min(lines, symbol.endLine));
  }
  return (index) => inside[index] === 0;
}
