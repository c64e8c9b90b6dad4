// Candidate dependency edges, cleaned once before fitting: only between two different
// candidate files, one edge per (from, to, relation) keeping the largest weight, sorted.

import type { FileEdge } from '../../core/context-package.js';
import { CairnError } from '../../core/errors.js';
import type { Slot } from './order.js';

export function normalizeEdges(edges: readonly FileEdge[], slots: readonly Slot[]): FileEdge[] {
  const paths = new Set(slots.map((slot) => slot.item.path));
  const merged = new Map<string, FileEdge>();
  for (const edge of edges) {
    if (!Number.isFinite(edge.weight)) {
      throw new CairnError('INTERNAL', `edge ${edge.from} -> ${edge.to} has a weight that is not finite`);
    }
    if (edge.from === edge.to || !paths.has(edge.from) || !paths.has(edge.to)) continue;
    const key = `${edge.from}\u0000${edge.to}\u0000${edge.relation}`;
    const known = merged.get(key);
    if (known === undefined || known.weight < edge.weight) merged.set(key, { ...edge });
  }
  return [...merged.values()].sort(compareEdges);
}

export function compareEdges(a: FileEdge, b: FileEdge): number {
  return compareText(a.from, b.from) || compareText(a.to, b.to) || compareText(a.relation, b.relation);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
