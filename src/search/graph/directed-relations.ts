// A relation read in one direction, as walks and expansions follow it: "imports" goes
// from a file to what it imports, "importedBy" back from a file to its importers.

import type { Adjacency } from './adjacency.js';
import type { RepoGraph } from './repo-graph.js';

export const DIRECTED_RELATIONS = [
  'imports',
  'importedBy',
  'references',
  'referencedBy',
  'cochange',
  'docs',
  'documentedBy',
] as const;
export type DirectedRelation = (typeof DIRECTED_RELATIONS)[number];

export type RelationWeights = Partial<Record<DirectedRelation, number>>;

export function adjacencyOf(graph: RepoGraph, relation: DirectedRelation): Adjacency {
  switch (relation) {
    case 'imports':
      return graph.out.imports;
    case 'importedBy':
      return graph.in.imports;
    case 'references':
      return graph.out.references;
    case 'referencedBy':
      return graph.in.references;
    case 'cochange':
      return graph.out.cochange;
    case 'docs':
      return graph.out.docs;
    case 'documentedBy':
      return graph.in.docs;
  }
}

const REVERSE: Readonly<Record<DirectedRelation, DirectedRelation>> = {
  imports: 'importedBy',
  importedBy: 'imports',
  references: 'referencedBy',
  referencedBy: 'references',
  cochange: 'cochange',
  docs: 'documentedBy',
  documentedBy: 'docs',
};

export function reverseOf(relation: DirectedRelation): DirectedRelation {
  return REVERSE[relation];
}

/** Relations with a positive weight, in DIRECTED_RELATIONS order (deterministic walks). */
export function weightedRelations(weights: RelationWeights): { relation: DirectedRelation; weight: number }[] {
  return DIRECTED_RELATIONS.flatMap((relation) => {
    const weight = weights[relation] ?? 0;
    return weight > 0 ? [{ relation, weight }] : [];
  });
}

/** How a relation reads in explanations: "b.py ← imported by a.py". */
export const RELATION_PHRASES: Readonly<Record<DirectedRelation, string>> = {
  imports: 'imports',
  importedBy: 'imported by',
  references: 'references',
  referencedBy: 'referenced by',
  cochange: 'changes with',
  docs: 'documents',
  documentedBy: 'documented by',
};
