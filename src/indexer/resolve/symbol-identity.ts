// A definition reduced to what decides whether references elsewhere resolve differently
// (refresh.ts changedNames). Its own module: the indexer's change tracker needs it on every
// run, while the resolution modules load only when a run links.

import type { SymbolRecord } from '../../core/entities.js';

export type SymbolIdentity = Pick<SymbolRecord, 'key' | 'kind' | 'parent' | 'name'>;

/** The identity alone: an index run holds one for every definition of every changed file. */
export function symbolIdentity(symbol: SymbolIdentity): SymbolIdentity {
  return { key: symbol.key, kind: symbol.kind, parent: symbol.parent, name: symbol.name };
}
