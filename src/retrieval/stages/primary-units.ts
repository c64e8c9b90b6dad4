// Which definitions are the code to change: every definition of the files in focus ranked
// by evidence — its own text against the task's terms (code-evidence.ts), times the
// standing of its file — with a name the task mentions, a stack frame or the ranker's own
// symbol list adding to it. A name anchor is evidence in proportion to how specific it is
// (the analysis weighs a name defined in many places, or written as plain prose, less), so
// a common word matching a definition's name no longer wins a full body on its own.

import { fileStandings } from '../../search/rank/types.js';
import type { SourceTexts } from '../source/source-texts.js';
import type { CuratedReader } from '../../store/curated.js';
import type { TaskQuery } from '../task/task-query.js';
import { matcherFor, nameMatcherFor } from '../source/term-matcher.js';
import { scoreCode, unitRelevance, moduleRelevance, type CodeEvidence } from './code-evidence.js';
import type { PrimaryHit } from './precision-evidence.js';
import type { ScopedFile } from './stage.js';
import { DEFAULT_TUNING, type UnitWeights } from '../tuning.js';
import { compareText } from '../../core/compare.js';
import { parseEntityKey } from '../../core/entities.js';

export interface PrimaryUnitOptions {
  /** Files whose definitions are scored, strongest first. */
  focusFiles: number;
  maxPrimary: number;
  /** How far down the ranker's symbol list counts as evidence. */
  rankedSymbols: number;
  /** A definition is primary only when its score reaches this share of the best one's. */
  minShare: number;
  /** Most definitions held in reserve below the primaries. */
  maxRunnersUp: number;
}

export interface PrimaryUnits {
  primaries: Map<string, PrimaryHit>;
  /**
   * The definitions whose evidence fell short of the primaries' cut (or beyond their count),
   * strongest first, scored against the best one (0–1): held in reserve for the budget the
   * rest leaves.
   */
  runnersUp: Map<string, PrimaryHit>;
  /** Standing of each focus file, 0–1. */
  fileWeights: Map<string, number>;
  /** Per focus file: how much its module-level code bears on the task, 0–1 (times the file's standing). */
  moduleScores: Map<string, number>;
  evidence: CodeEvidence;
}

/** Ranks the definitions of the files in focus and keeps the strongest as primary. */
export function primaryUnits(
  reader: CuratedReader,
  sources: SourceTexts,
  task: TaskQuery,
  scoped: ReadonlyMap<string, ScopedFile>,
  options: PrimaryUnitOptions,
  weights: UnitWeights = DEFAULT_TUNING.precision.units,
): PrimaryUnits {
  const standing = fileStanding(task, scoped);
  const focus = [...standing.entries()]
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .slice(0, options.focusFiles);
  const fileWeights = new Map(focus);
  const evidence = scoreCode(reader, sources, focus.map(([path]) => path), matcherFor(task), nameMatcherFor(task), weights.proseName);
  const anchors = new Map(task.mentionedSymbols.map((symbol) => [symbol.key, symbol]));
  const ranked = rankedScores(task, options.rankedSymbols);
  const hits: [string, PrimaryHit][] = [];
  const moduleScores = new Map<string, number>();
  for (const [path, fileEvidence] of evidence.files) {
    const standingOf = fileWeights.get(path) ?? 0;
    const scale = 1 - weights.file + weights.file * standingOf;
    moduleScores.set(path, scale * moduleRelevance(fileEvidence, evidence));
    for (const unit of fileEvidence.units) {
      const text = unitRelevance(unit, evidence);
      const rank = ranked.get(unit.key) ?? 0;
      const anchor = Math.min(1, anchors.get(unit.key)?.weight ?? 0);
      // Anchors count with the file's standing too: a name from a pasted log that resolves
      // into an unrelated file is weaker evidence than one in the file the task is about.
      const score = scale * (weights.text * text + weights.ranked * rank + weights.anchor * anchor);
      if (score <= 0) continue;
      hits.push([unit.key, { score, reason: reasonOf(text, rank, anchors.get(unit.key)?.reasons[0]), signals: signalsOf(text, rank, anchor, standingOf) }]);
    }
  }
  hits.sort((a, b) => b[1].score - a[1].score || compareText(a[0], b[0]));
  if (weights.fileDecay < 1) decayWithinFiles(hits, weights.fileDecay);
  const top = hits[0]?.[1].score ?? 1;
  // Scores on a 0.5–1 scale, as every primary's: the strongest unit is 1.
  const strong = hits.filter(([, hit]) => hit.score >= options.minShare * top).slice(0, options.maxPrimary);
  const primaries = new Map(strong.map(([key, hit]) => [key, { ...hit, score: 0.5 + (0.5 * hit.score) / top }]));
  const runnersUp = new Map(
    hits
      .filter(([key]) => !primaries.has(key))
      .slice(0, options.maxRunnersUp)
      .map(([key, hit]) => [key, { ...hit, score: hit.score / top }]),
  );
  return { primaries, runnersUp, fileWeights, moduleScores, evidence };
}

/**
 * A file's standing for the task, 0–1: its fused search score against the best one, or
 * the weight of an anchor naming it, whichever is larger; scoped files the ranker did not
 * list stand at half their scope relevance.
 */
export function fileStanding(task: TaskQuery, scoped: ReadonlyMap<string, ScopedFile>): Map<string, number> {
  const search = fileStandings(task.ranked.files);
  const anchors = new Map(task.mentionedFiles.map((file) => [file.path, Math.min(1, file.weight)]));
  const standing = new Map<string, number>();
  for (const file of scoped.values()) {
    const own = Math.max(search.get(file.path) ?? 0, anchors.get(file.path) ?? 0);
    standing.set(file.path, own > 0 ? own : 0.5 * Math.min(1, file.score));
  }
  return standing;
}

function rankedScores(task: TaskQuery, depth: number): Map<string, number> {
  const head = task.ranked.symbols.slice(0, depth);
  const top = head[0]?.score ?? 0;
  return new Map(head.map((symbol) => [symbol.key, top > 0 ? symbol.score / top : 0]));
}

function reasonOf(text: number, rank: number, anchor: string | undefined): string {
  if (anchor !== undefined) return `named in the task: ${anchor}`;
  if (text >= rank) return 'its code matches the task';
  return 'ranked high for the task';
}

function signalsOf(text: number, rank: number, anchor: number, file: number): Record<string, number> {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const signals: Record<string, number> = { text: round(text), file: round(file) };
  if (rank > 0) signals['search'] = round(rank);
  if (anchor > 0) signals['anchor'] = round(anchor);
  return signals;
}

/**
 * Each further definition of a file counts less (its score times decay^n, n earlier ones of
 * the same file), so that a budget holding twenty definitions spreads over the likely
 * files instead of spending all of them on the first. Re-sorted after.
 */
function decayWithinFiles(hits: [string, PrimaryHit][], decay: number): void {
  const seen = new Map<string, number>();
  for (const hit of hits) {
    const { path } = parseEntityKey(hit[0]);
    const n = seen.get(path) ?? 0;
    seen.set(path, n + 1);
    hit[1] = { ...hit[1], score: hit[1].score * decay ** n };
  }
  hits.sort((a, b) => b[1].score - a[1].score || compareText(a[0], b[0]));
}
