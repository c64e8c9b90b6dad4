// Overloads and redefinitions share a qualified name ("get_client#1", "get_client#2" for
// typing stubs, "get_client" for the implementation — indexer/languages/builder.ts). The
// package shows one of them — the longest, which is the implementation — and records the
// others as excluded with the reason, instead of spending the budget on three headers of
// one function.

import type { SymbolRecord } from '../../core/entities.js';
import type { ClassifiedSymbol, Decision } from './stage.js';

type Lookup = (key: string) => SymbolRecord | null;

/** The classified symbols with every overload group cut to its longest member; decisions updated to match. */
export function keepLongestOverloads(classified: readonly ClassifiedSymbol[], decisions: readonly Decision[], symbolOf: Lookup): { classified: ClassifiedSymbol[]; decisions: Decision[] } {
  const longest = new Map<string, { key: string; span: number }>();
  const spans = new Map<string, { group: string; span: number }>();
  for (const entry of classified) {
    const symbol = symbolOf(entry.key);
    if (symbol === null) continue;
    const group = `${symbol.path}\u0000${symbol.qualifiedName}`;
    const span = symbol.endLine - symbol.startLine;
    spans.set(entry.key, { group, span });
    const best = longest.get(group);
    if (best === undefined || span > best.span) longest.set(group, { key: entry.key, span });
  }
  const dropped = new Map<string, string>();
  for (const [key, { group }] of spans) {
    const kept = longest.get(group)!.key;
    if (kept !== key) dropped.set(key, kept);
  }
  if (dropped.size === 0) return { classified: [...classified], decisions: [...decisions] };
  return {
    classified: classified.filter((entry) => !dropped.has(entry.key)),
    decisions: decisions.map((decision) => {
      const kept = decision.subject === 'symbol' ? dropped.get(decision.id) : undefined;
      if (kept === undefined) return decision;
      return { ...decision, verdict: 'excluded', label: 'excluded', reason: `another definition of the same name is shown: ${kept} (the longest)` };
    }),
  };
}
