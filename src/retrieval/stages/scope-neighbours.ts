// Candidates for the tiers after the seeds, each scored by its relevance to the seeds:
// tier 1 — direct dependencies (imports, imported by, references either way);
// tier 2 — co-change neighbours (changed together in at least `minCoChange` commits);
// tier 3 — further search matches for the task.
// A candidate keeps the strongest relationship that brought it in, and the sum over seeds
// as its score, so a file tied to several seeds ranks above one tied to a single seed.

import type { EnrichmentReader } from '../../store/enrichment.js';
import type { CuratedReader } from '../../store/curated.js';
import type { RankedFile } from '../../search/rank/types.js';
import { TIERS, type ScopedFile } from './stage.js';
import { pairedTests } from './test-pairs.js';
import { compareText } from '../../core/compare.js';

export interface TierCandidate extends ScopedFile {
  /** Unnormalised evidence; `score` is this divided by the tier's best. */
  raw: number;
}

interface Link {
  path: string;
  relation: string;
  strength: number;
  /** Set when the link pairs a test file with the seed it tests (test-pairs.ts). */
  tests?: true;
}

/** How much each relation says about relevance to the seed (an importer of a hub says little). */
const STRENGTH = { imports: 1, importedBy: 0.8, references: 0.9, referencedBy: 0.7 } as const;
/** Search relevance mixed into neighbour scores, so that ties to a seed are broken by the task. */
const SEARCH_MIX = 0.3;

/**
 * Every seed's imports and importers; reference edges (either way) for the strongest
 * `referenceSeeds` seeds only — "who refers to this file" is the costliest question the
 * index answers (milliseconds per hub file), and a weak seed's callers are weak evidence.
 */
export function directCandidates(
  reader: CuratedReader,
  seeds: readonly ScopedFile[],
  search: ReadonlyMap<string, number>,
  referenceSeeds: number,
): TierCandidate[] {
  const strongest = new Set([...seeds].sort((a, b) => b.score - a.score).slice(0, referenceSeeds).map((seed) => seed.path));
  const links = (seed: string): Link[] => {
    const importers = reader.importedBy(seed);
    const callers = strongest.has(seed) ? reader.fileReferencesTo(seed) : [];
    const uses: Link[] = [
      ...reader.importsOf(seed).flatMap((record) => record.toPaths.map((path) => ({ path, relation: 'imported by', strength: STRENGTH.imports }))),
      ...(strongest.has(seed) ? reader.fileReferencesFrom(seed).map((ref) => ({ path: ref.path, relation: 'referenced by', strength: STRENGTH.references * saturate(ref.count) })) : []),
    ];
    const tests = testLinks(reader, seed, [...importers.map((record) => record.fromPath), ...callers.map((ref) => ref.path)]);
    // A test's tie to the seed is its pairing (which its imports and calls already made): counted once.
    const paired = new Set(tests.map((link) => link.path));
    const used: Link[] = [
      ...importers.map((record) => ({ path: record.fromPath, relation: 'imports', strength: STRENGTH.importedBy / Math.sqrt(importers.length) })),
      ...callers.map((ref) => ({ path: ref.path, relation: 'refers to', strength: (STRENGTH.referencedBy * saturate(ref.count)) / Math.sqrt(callers.length) })),
    ];
    return [...dependencies(reader, seed, uses), ...used.filter((link) => !paired.has(link.path)), ...tests];
  };
  return collect(reader, seeds, TIERS.direct, links, search);
}

/**
 * What the seed uses, less the test files among them when the seed is no test: source code
 * does not depend on its tests, so such an edge is a name resolved to the wrong definition.
 */
function dependencies(reader: CuratedReader, seed: string, uses: Link[]): Link[] {
  if (reader.file(seed)?.isTest !== false) return uses;
  return uses.filter((link) => reader.file(link.path)?.isTest !== true);
}

/** The seed's own tests, undamped by how many files import the seed (test-pairs.ts). */
function testLinks(reader: CuratedReader, seed: string, users: readonly string[]): Link[] {
  return pairedTests(reader, seed, users).map((pair) => ({ path: pair.path, relation: pair.how === 'named after' ? 'a test named after' : 'a test that uses', strength: pair.strength, tests: true }));
}

export function coChangeCandidates(
  reader: CuratedReader,
  seeds: readonly ScopedFile[],
  minCoChange: number,
  search: ReadonlyMap<string, number>,
): TierCandidate[] {
  const links = (seed: string): Link[] =>
    reader.coChangeNeighbours(seed, minCoChange).map((pair) => ({
      path: pair.a === seed ? pair.b : pair.a,
      relation: `changed together (${pair.count} commits) with`,
      strength: saturate(pair.count),
    }));
  return collect(reader, seeds, TIERS.cochange, links, search);
}

export function searchCandidates(ranked: readonly RankedFile[], search: ReadonlyMap<string, number>): TierCandidate[] {
  return ranked.map((file, index) => {
    const score = search.get(file.path) ?? 0;
    return {
      path: file.path,
      tier: TIERS.search,
      relation: 'search match',
      via: null,
      reason: `search rank ${index + 1} for the task`,
      score,
      raw: score,
      signals: { searchRank: index + 1, search: score },
    };
  });
}

/** Files whose promoted summary, domain or concepts match the task's terms (tier 4), best first. */
export function metadataCandidates(enrichment: EnrichmentReader, terms: readonly string[], limit: number): TierCandidate[] {
  const hits = enrichment.search(terms, limit);
  const top = hits[0]?.score ?? 0;
  return hits.map((hit, index) => {
    const score = top > 0 ? hit.score / top : 0;
    return {
      path: hit.path,
      tier: TIERS.metadata,
      relation: 'summary match',
      via: null,
      reason: `its summary (enrichment) matches the task, rank ${index + 1}`,
      score,
      raw: score,
      signals: { summaryRank: index + 1, summary: score },
    };
  });
}

function collect(
  reader: CuratedReader,
  seeds: readonly ScopedFile[],
  tier: number,
  links: (seed: string) => Link[],
  search: ReadonlyMap<string, number>,
): TierCandidate[] {
  const seedPaths = new Set(seeds.map((seed) => seed.path));
  const found = new Map<string, TierCandidate & { best: number; bestTest: number }>();
  for (const seed of seeds) {
    for (const link of links(seed.path)) {
      if (seedPaths.has(link.path)) continue;
      const evidence = link.strength * Math.max(seed.score, 0.1);
      let known = found.get(link.path);
      if (known) {
        known.raw += evidence;
        if (evidence > known.best) Object.assign(known, describe(link, seed.path, tier, evidence));
      } else {
        known = { ...describe(link, seed.path, tier, evidence), raw: evidence, score: 0, signals: {}, bestTest: 0 };
        found.set(link.path, known);
      }
      if (link.tests && evidence > known.bestTest) Object.assign(known, { testOf: seed.path, bestTest: evidence });
    }
  }
  const candidates = [...found.values()].filter((candidate) => isIndexed(reader, candidate.path));
  for (const candidate of candidates) {
    const searched = search.get(candidate.path) ?? 0;
    candidate.signals = { seedTies: round(candidate.raw), ...(searched > 0 ? { search: round(searched) } : {}) };
    candidate.raw += SEARCH_MIX * searched;
  }
  const best = Math.max(0, ...candidates.map((candidate) => candidate.raw));
  return candidates
    .map(({ best: _best, bestTest: _bestTest, ...candidate }) => ({ ...candidate, score: best > 0 ? round(candidate.raw / best) : 0 }))
    .sort((a, b) => b.raw - a.raw || compareText(a.path, b.path));
}

function describe(link: Link, seed: string, tier: number, evidence: number): Omit<TierCandidate, 'raw' | 'score' | 'signals'> & { best: number } {
  return { path: link.path, tier, relation: link.relation, via: seed, reason: `${link.relation} seed ${seed}`, best: evidence };
}

function isIndexed(reader: CuratedReader, path: string): boolean {
  const file = reader.file(path);
  return file !== null && !file.isVendored && !file.isGenerated;
}

/** 1 use → 0.5, 3 → 0.75, 9 → 0.9: more uses say more, with diminishing returns. */
function saturate(count: number): number {
  return count / (count + 1);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
