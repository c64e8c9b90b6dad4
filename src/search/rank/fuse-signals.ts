// Fusion of collected signals into ranked files and symbols: weighted reciprocal rank per
// signal list, file priors as multipliers, and symbols ranked by their own evidence plus
// a share of their file's fused score.

import { CLASS_LIKE_KINDS } from '../../core/entities.js';
import { fuse, RRF_K, toList, type SignalList } from './fusion.js';
import { FILE_SIGNALS, SYMBOL_SIGNALS, type FileSignal, type RankSignals, type SymbolSignal } from './signals.js';
import { fileStandings, type RankedFile, type RankedSymbol } from './types.js';

export interface FusionWeights {
  files: Record<FileSignal, number>;
  symbols: Record<SymbolSignal, number>;
  /** How much of its file's fused score a symbol inherits. */
  fileShare: number;
  /**
   * How strongly a symbol's own evidence is scaled by its file's standing (file score
   * relative to the best file, to this power): a function is where to look only if its
   * file is. 0 lets a strong symbol match in a weak file outrank everything.
   */
  fileFocus: number;
  /**
   * Multiplier of a class-like definition's score (class, struct, interface, trait, enum,
   * type): a task's function-level answer is the function or method to change, and a
   * class matches on its name and attributes alone; absent → 1.
   */
  containerPrior?: number;
  /** k of reciprocal rank fusion (fusion.ts); absent → RRF_K, the literature's 60. */
  rankConstant?: number;
  /** Anchors contribute in proportion to their weight (fusion.ts `byScore`); absent → not. */
  anchorsByWeight?: boolean;
}

/** Each signal contributes its best entries only: deeper ranks add noise, not recall. */
export const LIST_LIMIT = 200;

export function fuseSignals(
  signals: RankSignals,
  weights: FusionWeights,
  limit: number,
  accepts: (path: string) => boolean = () => true,
): { files: RankedFile[]; symbols: RankedSymbol[] } {
  const byScore = (name: string): boolean => name === 'anchors' && weights.anchorsByWeight === true;
  const fileLists: SignalList[] = FILE_SIGNALS.map((name) => toList(name, weights.files[name], signals.files[name], LIST_LIMIT, byScore(name)));
  const files: RankedFile[] = [];
  for (const item of fuse(fileLists, weights.rankConstant)) {
    const prior = signals.priors.get(item.id) ?? 0;
    if (prior <= 0 || !accepts(item.id)) continue;
    const priorSignal = { signal: 'prior', rank: null, raw: prior, contribution: item.score * (prior - 1) };
    files.push({ path: item.id, score: item.score * prior, signals: [...item.signals, priorSignal] });
  }
  files.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const pinned = signals.analysis?.resolved.pinnedFiles ?? [];
  const pinnedFiles = pinFirst(files, pinned, (file) => file.path);
  if (weights.rankConstant !== undefined && weights.rankConstant !== RRF_K) calibrate(pinnedFiles, fileLists, signals, pinned);
  const symbols = pinFirst(fuseSymbols(signals, weights, pinnedFiles, Number.MAX_SAFE_INTEGER, byScore), signals.analysis?.resolved.pinnedSymbols ?? [], (symbol) => symbol.key);
  return { files: pinnedFiles.slice(0, limit), symbols: symbols.slice(0, limit) };
}

/**
 * A sharper fusion (a small k) orders the files better, but its scores fall off faster
 * than the evidence does: the files keep that order, and their standing comes from the
 * fusion at RRF's k, against its best file. A pinned file stands at 1, first in weight as
 * in order (its lifted score gave it that before).
 */
function calibrate(files: RankedFile[], lists: SignalList[], signals: RankSignals, pinned: readonly string[]): void {
  const flat = new Map(fuse(lists).map((item) => [item.id, item.score * (signals.priors.get(item.id) ?? 0)]));
  const best = Math.max(0, ...files.map((file) => flat.get(file.path) ?? 0));
  for (const file of files) file.standing = pinned.includes(file.path) ? 1 : best > 0 ? (flat.get(file.path) ?? 0) / best : 0;
}

/**
 * Moves the pinned entries (in their order) ahead of everything else, each marked with a
 * `pinned` signal: a uniquely resolved innermost frame or a path named outright is where
 * to look first, whatever the text signals say.
 */
function pinFirst<T extends { score: number; signals: RankedFile['signals'] }>(ranked: T[], pinned: readonly string[], idOf: (item: T) => string): T[] {
  if (pinned.length === 0) return ranked;
  const byId = new Map(ranked.map((item) => [idOf(item), item]));
  const head = pinned.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  const top = ranked[0]?.score ?? 0;
  head.forEach((item, at) => {
    // Just above the best unpinned score, in pinned order, so scores stay sorted.
    const lifted = top + (head.length - at) * 1e-6;
    item.signals.push({ signal: 'pinned', rank: at + 1, raw: 1, contribution: lifted - item.score });
    item.score = lifted;
  });
  const rest = ranked.filter((item) => !head.includes(item));
  return [...head, ...rest];
}

function fuseSymbols(signals: RankSignals, weights: FusionWeights, files: readonly RankedFile[], limit: number, byScore: (name: string) => boolean): RankedSymbol[] {
  const lists = SYMBOL_SIGNALS.map((name) => toList(name, weights.symbols[name], signals.symbols[name], LIST_LIMIT, byScore(name)));
  const top = files[0]?.score ?? 0;
  const fileScore = new Map([...fileStandings(files)].map(([path, standing]) => [path, standing * top]));
  const best = Math.max(Number.MIN_VALUE, ...files.slice(0, 1).map((file) => file.score));
  const ranked: RankedSymbol[] = [];
  for (const item of fuse(lists, weights.rankConstant)) {
    const path = pathOfKey(item.id);
    const fileFused = fileScore.get(path);
    if (fileFused === undefined) continue; // its file was filtered out
    const standing = Math.pow(Math.min(1, fileFused / best), weights.fileFocus);
    const own = item.score * standing;
    const inherited = fileFused * weights.fileShare;
    const fileSignal = { signal: 'file', rank: null, raw: fileFused, contribution: inherited + own - item.score };
    const kind = signals.symbolFacts.get(item.id)?.kind;
    const prior = kind !== undefined && CLASS_LIKE_KINDS.has(kind) ? (weights.containerPrior ?? 1) : 1;
    const score = (own + inherited) * prior;
    const extra = prior === 1 ? [] : [{ signal: 'kind', rank: null, raw: prior, contribution: score - own - inherited }];
    ranked.push({ key: item.id, path, score, signals: [...item.signals, fileSignal, ...extra] });
  }
  ranked.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return ranked.slice(0, limit);
}

export function pathOfKey(key: string): string {
  const at = key.indexOf('::');
  return at < 0 ? key : key.slice(0, at);
}
