// Test support (imported by tests only): terse constructors for context candidates and a
// cost model with obvious numbers, so policy tests read as arithmetic.

import { textAt, type ContextItem, type Detail } from '../../core/context-package.js';
import type { CostModel } from './cost.js';
import type { Slot } from './order.js';

export interface CandidateSpec {
  path: string;
  symbol?: string;
  tier?: number;
  score?: number;
  full?: string | null;
  excerpt?: string | null;
  signature?: string | null;
  detail?: Detail;
  lines?: [number, number];
  reason?: string;
  codeOnly?: true;
}

export function candidate(spec: CandidateSpec): ContextItem {
  const full = spec.full === undefined ? `body of ${spec.symbol ?? spec.path}` : spec.full;
  return {
    path: spec.path,
    symbolKey: spec.symbol === undefined ? null : `${spec.path}::${spec.symbol}`,
    language: 'python',
    startLine: spec.lines?.[0] ?? 1,
    endLine: spec.lines?.[1] ?? 10,
    detail: spec.detail ?? 'full',
    texts: { full, excerpt: spec.excerpt ?? null, signature: spec.signature === undefined ? null : spec.signature },
    tokens: 0,
    provenance: {
      stage: 'scope',
      tier: spec.tier ?? 0,
      reason: spec.reason ?? 'test',
      signals: {},
      score: spec.score ?? 1,
    },
    demotedFrom: null,
    ...(spec.codeOnly ? { codeOnly: spec.codeOnly } : {}),
  };
}

/** Costs by character count: a path line costs 1, a text costs 1 + its length; edges cost 1; a file's summary what `summaries` says (else 0). */
export function lengthCostModel(skeleton = 0, summaries: Readonly<Record<string, number>> = {}): CostModel {
  const text = (slot: Slot, detail: Detail): number =>
    detail === 'path' ? 0 : (textAt(slot.item, detail) ?? '').length;
  const itemCost = (slot: Slot, detail: Detail): number => 1 + text(slot, detail);
  return {
    textTokens: text,
    itemCost,
    itemCostAtMost: (slot, detail, limit) => (itemCost(slot, detail) <= limit ? itemCost(slot, detail) : null),
    edgeCost: () => 1,
    summaryCost: (path) => summaries[path] ?? 0,
    skeleton,
    historyTokens: () => 0,
  };
}
