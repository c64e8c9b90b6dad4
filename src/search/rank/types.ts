// The ranking contract: a free-text task in, files and symbols out, each with the signals
// that put it there. `cairn search`, `cairn eval`, the retrieval pipeline's seeds and
// `--explain` all speak this.

import type { EntityKey } from '../../core/entities.js';
import type { CuratedReader, FileFilter } from '../../store/curated.js';
import type { QueryAnalysis } from '../query/analyze.js';

export interface RankRequest {
  query: string;
  /** How many files (and, separately, symbols) to return. */
  limit: number;
  filter?: FileFilter;
}

/** One signal's part in a result's score (shown by `--explain`). */
export interface SignalContribution {
  signal: string;
  /** 1-based rank of the result in that signal's own list, null when absent from it. */
  rank: number | null;
  /** The signal's raw score for the result (its own scale). */
  raw: number;
  /** What the signal added to the fused score. */
  contribution: number;
}

export interface RankedFile {
  path: string;
  score: number;
  signals: SignalContribution[];
  /**
   * How strongly the file bears on the task against the best file, 0–1, when the fusion
   * that ordered the files is not the one to weigh them by (FusionWeights.rankConstant):
   * absent → score / best score.
   */
  standing?: number;
}

/** Each ranked file's standing, 0–1 (RankedFile.standing, else its score against the best). */
export function fileStandings(files: readonly RankedFile[]): Map<string, number> {
  const top = files[0]?.score ?? 0;
  return new Map(files.map((file) => [file.path, file.standing ?? (top > 0 ? file.score / top : 0)]));
}

export interface RankedSymbol {
  key: EntityKey;
  path: string;
  score: number;
  signals: SignalContribution[];
}

export interface RankResult {
  files: RankedFile[];
  symbols: RankedSymbol[];
  /**
   * The query analysis the ranking used (issue parts, anchors resolved against the index,
   * weighted terms), so that the retrieval pipeline reuses it instead of analysing again;
   * null for rankers that do no such analysis.
   */
  analysis: QueryAnalysis | null;
}

export interface Ranker {
  readonly name: string;
  rank(reader: CuratedReader, request: RankRequest): RankResult | Promise<RankResult>;
}
