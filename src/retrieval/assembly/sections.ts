// Which section of the package each candidate belongs to, for per-section budget shares
// (budget/section-shares.ts): primary — the primary definitions and the code that ranks
// with them (module-level code that matches the task, a file a refinement asked for);
// supplementary — docs and other files that are not code; supporting — everything else
// (callers, callees, tests, type context, files by standing, what is held in reserve).

import { itemIdentity, type ContextItem } from '../../core/context-package.js';
import type { CuratedReader } from '../../store/curated.js';
import type { ItemSection } from '../budget/section-shares.js';
import type { RetrievalContext } from '../stages/stage.js';

/** File items scored at or above this rank with the primaries' code (candidates.ts, BAND.code). */
const CODE_BAND = 1;

export function itemSections(candidates: readonly ContextItem[], context: RetrievalContext, reader: CuratedReader): Record<string, ItemSection> {
  const primaries = new Set(context.symbols.filter((symbol) => symbol.class === 'primary' && symbol.reserve !== true).map((symbol) => symbol.key));
  const sections: Record<string, ItemSection> = {};
  for (const item of candidates) sections[itemIdentity(item)] = sectionOf(item, primaries, reader);
  return sections;
}

function sectionOf(item: ContextItem, primaries: ReadonlySet<string>, reader: CuratedReader): ItemSection {
  if (item.symbolKey !== null) return primaries.has(item.symbolKey) ? 'primary' : 'supporting';
  if (reader.file(item.path)?.kind !== 'code') return 'supplementary';
  return item.provenance.score >= CODE_BAND ? 'primary' : 'supporting';
}
