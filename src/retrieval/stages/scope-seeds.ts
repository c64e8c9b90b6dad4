// Seeds: the files a task points at. Requested by a refinement, named in the task (path,
// link, stack frame, module, title tag), home of a named symbol, or top-ranked by search.
// Seeds are always in scope; each records the strongest reason it is one.

import { fileStandings } from '../../search/rank/types.js';
import type { CuratedReader } from '../../store/curated.js';
import type { TaskQuery } from '../task/task-query.js';
import type { ResolvedRequest } from './requested.js';
import { TIERS, type ScopedFile } from './stage.js';

export interface SeedOptions {
  /** Top-ranked search results that become seeds, at least. */
  topRanked: number;
  /** …and at most; in between, one per `tokensPerRankedSeed` of available budget. */
  maxRanked: number;
  tokensPerRankedSeed: number;
  /** Most files named in the task that become seeds. */
  maxNamed: number;
  /** Most files that become seeds for defining a named symbol. */
  maxSymbolHomes: number;
  /** A named symbol's anchor weight must reach this (a name defined in many places weighs less). */
  minSymbolWeight: number;
}

// Measured on Loc-Bench dev (78 tasks): gold files sit mostly at search ranks 1–20, so a
// larger budget affords more ranked seeds (8k → 15, 32k → 20); see the README.
export const DEFAULT_SEED_OPTIONS: SeedOptions = {
  topRanked: 5,
  maxRanked: 20,
  tokensPerRankedSeed: 550,
  maxNamed: 10,
  maxSymbolHomes: 6,
  minSymbolWeight: 0.35,
};

/** How many top-ranked files become seeds for a budget of `available` tokens. */
export function rankedSeedCount(options: SeedOptions, available: number): number {
  return Math.min(options.maxRanked, Math.max(options.topRanked, Math.round(available / options.tokensPerRankedSeed)));
}

export function findSeeds(reader: CuratedReader, task: TaskQuery, request: ResolvedRequest, options: SeedOptions, available: number): ScopedFile[] {
  const seeds = new Map<string, ScopedFile>();
  const add = (path: string, relation: string, reason: string, score: number, signals: Record<string, number>): void => {
    const known = seeds.get(path);
    if (known) {
      known.score = Math.max(known.score, score);
      Object.assign(known.signals, signals);
      return;
    }
    if (!reader.file(path)) return;
    seeds.set(path, { path, tier: TIERS.seed, relation, via: null, reason, score, signals: { ...signals } });
  };
  for (const file of request.files) add(file.path, `requested ${file.kind}`, `requested by a refinement: ${file.asked}`, 1, { requested: 1 });
  for (const file of task.mentionedFiles.filter((entry) => entry.named).slice(0, options.maxNamed)) {
    add(file.path, 'named in the task', `named in the task: ${file.reasons[0] ?? file.path}`, Math.min(1, file.weight), { anchor: file.weight });
  }
  for (const home of symbolHomes(task, options)) add(home.path, 'defines a named symbol', `defines ${home.name}, named in the task`, home.score, { symbolAnchor: home.weight });
  const standings = fileStandings(task.ranked.files);
  task.ranked.files.slice(0, rankedSeedCount(options, available)).forEach((file, index) => {
    const score = standings.get(file.path) ?? 0;
    add(file.path, 'top search result', `search rank ${index + 1} for the task`, score, { searchRank: index + 1, search: score });
  });
  return [...seeds.values()];
}

/** Files defining the strongest named symbols, one entry per file. */
function symbolHomes(task: TaskQuery, options: SeedOptions): { path: string; name: string; weight: number; score: number }[] {
  const homes = new Map<string, { path: string; name: string; weight: number; score: number }>();
  for (const symbol of task.mentionedSymbols) {
    if (symbol.weight < options.minSymbolWeight || homes.has(symbol.path)) continue;
    homes.set(symbol.path, { path: symbol.path, name: symbol.key.slice(symbol.path.length + 2), weight: symbol.weight, score: Math.min(1, symbol.weight * 0.8) });
    if (homes.size === options.maxSymbolHomes) break;
  }
  return [...homes.values()];
}
