// `cairn impact`: what depends on a file or symbol — its importers and referrers, and
// theirs, up to three hops — each with the chain of edges that reaches it. A file reached
// by several edges from the previous hop sums their strengths (import statements, uses ×
// confidence) and shows the strongest; tests are listed apart.

import type { SymbolRecord } from '../../core/entities.js';
import type { CuratedReader } from '../../store/curated.js';
import type { DirectedRelation } from './directed-relations.js';
import { compare, fileLevel, symbolLevel, type Level, type NodeKind } from './levels.js';
import type { RepoGraph } from './repo-graph.js';
import type { GraphTarget } from './target.js';

export const MAX_IMPACT_DEPTH = 3;

export type ImpactRelation = Extract<DirectedRelation, 'importedBy' | 'referencedBy'>;

export interface ImpactStep {
  relation: ImpactRelation;
  /** The dependent reached by this step. */
  id: string;
}

export interface ImpactEntry {
  id: string;
  kind: NodeKind;
  path: string;
  distance: number;
  /** Σ strengths of the edges from the previous hop into this node. */
  strength: number;
  /** Steps from the target to this node along the strongest edges. */
  chain: ImpactStep[];
  isTest: boolean;
}

export interface Impact {
  target: { id: string; kind: NodeKind; path: string };
  depth: number;
  dependents: ImpactEntry[];
  tests: ImpactEntry[];
}

export interface ImpactOptions {
  /** Hops, 1..3. */
  depth: number;
  /** For a symbol: files whose imports name it (its module-level users); listed at distance 1. */
  namedImporters?: string[];
}

interface Reach {
  strength: number;
  best: { from: number; relation: ImpactRelation; weight: number } | null;
}

export function impactOf(graph: RepoGraph, target: GraphTarget, options: ImpactOptions): Impact {
  const depth = Math.min(MAX_IMPACT_DEPTH, Math.max(1, Math.floor(options.depth)));
  const targetId = target.kind === 'file' ? target.path : target.key;
  const level = target.kind === 'file' ? fileLevel(graph) : symbolLevel(graph);
  const relations: ImpactRelation[] = target.kind === 'file' ? ['importedBy', 'referencedBy'] : ['referencedBy'];
  const start = target.kind === 'file' ? graph.files.ids.get(target.path) : graph.symbols.ids.get(target.key);
  const entries = start === undefined ? [] : walkDependents(graph, level, relations, start, depth);
  if (target.kind === 'symbol') entries.push(...importerEntries(graph, target.path, options.namedImporters ?? [], entries));
  entries.sort((a, b) => a.distance - b.distance || b.strength - a.strength || compare(a.id, b.id));
  return {
    target: { id: targetId, kind: target.kind, path: target.path },
    depth,
    dependents: entries.filter((entry) => !entry.isTest),
    tests: entries.filter((entry) => entry.isTest),
  };
}

function walkDependents(graph: RepoGraph, level: Level, relations: ImpactRelation[], start: number, depth: number): ImpactEntry[] {
  const chains = new Map<number, ImpactStep[]>([[start, []]]);
  const out: ImpactEntry[] = [];
  let frontier = [start];
  for (let distance = 1; distance <= depth && frontier.length > 0; distance++) {
    const reached = nextHop(level, relations, frontier, chains);
    for (const [node, reach] of reached) {
      const chain = [...chains.get(reach.best!.from)!, { relation: reach.best!.relation, id: level.name(node) }];
      chains.set(node, chain);
      const path = graph.files.paths[level.fileOf(node)]!;
      out.push({ id: level.name(node), kind: level.kindOf(node), path, distance, strength: reach.strength, chain, isTest: isTestFile(graph, path) });
    }
    frontier = [...reached.keys()];
  }
  return out;
}

function nextHop(level: Level, relations: ImpactRelation[], frontier: number[], known: Map<number, unknown>): Map<number, Reach> {
  const reached = new Map<number, Reach>();
  for (const from of frontier) {
    for (const relation of relations) {
      const adjacency = level.adjacency(relation);
      for (let e = adjacency.offsets[from]!; e < adjacency.offsets[from + 1]!; e++) {
        const node = adjacency.targets[e]!;
        if (known.has(node)) continue;
        const weight = adjacency.weights[e]!;
        const reach = reached.get(node) ?? { strength: 0, best: null };
        reach.strength += weight;
        if (reach.best === null || weight > reach.best.weight) reach.best = { from, relation, weight };
        reached.set(node, reach);
      }
    }
  }
  return reached;
}

/** Files importing a symbol by name, unless one of their symbols already refers to it directly. */
function importerEntries(graph: RepoGraph, ownPath: string, importers: string[], listed: ImpactEntry[]): ImpactEntry[] {
  const seen = new Set(listed.filter((entry) => entry.distance === 1).map((entry) => entry.path));
  return [...new Set(importers)]
    .filter((path) => path !== ownPath && !seen.has(path) && graph.files.ids.has(path))
    .map((path) => ({
      id: path,
      kind: 'file' as const,
      path,
      distance: 1,
      strength: 1,
      chain: [{ relation: 'importedBy' as const, id: path }],
      isTest: isTestFile(graph, path),
    }));
}

/** Files whose import statements bind the symbol's top-level name (or everything, `*`) from its file. */
export function importersNaming(reader: CuratedReader, symbol: SymbolRecord): string[] {
  const topLevel = symbol.qualifiedName.split('.')[0] ?? symbol.name;
  return reader
    .importedBy(symbol.path)
    .filter((record) => record.names.includes(topLevel) || record.names.includes('*'))
    .map((record) => record.fromPath);
}

function isTestFile(graph: RepoGraph, path: string): boolean {
  const id = graph.files.ids.get(path);
  return id !== undefined && graph.files.isTest[id] === 1;
}
