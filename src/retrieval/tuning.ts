// The numbers that shape a package: how definitions are ranked (evidence weights, how many
// files are in focus, which definitions count as primary) and how large an item may be shown
// whole. One immutable value with defaults; the pipeline takes it whole, so that an
// evaluation can compare settings in one run (bench/tune-package.ts) without any of them
// being read from the environment. The defaults were chosen on tasks built from git
// histories, never on the dev set (bench/README.md).

export interface UnitWeights {
  /** The definition's own text (BM25 with the task's weighted terms, name included). */
  text: number;
  /** The ranker's fused symbol score. */
  ranked: number;
  /** A name or stack frame of the task resolving to the definition (weighted by specificity). */
  anchor: number;
  /** How much of a unit's score its file's standing decides (0: none, 1: all of it). */
  file: number;
  /** Each further definition of one file counts this much less (1: not at all). */
  fileDecay: number;
  /**
   * How much a plain word of the task counts when it is one part of a compound definition
   * name (`pasting` in `addElementsFromPasteOrLibrary`), against a name the task writes as
   * code (0: not at all). A whole name that is an English word never counts (name-terms.ts).
   */
  proseName: number;
}

export interface PrecisionTuning {
  units: UnitWeights;
  /** Tokens of budget per file whose definitions are scored (at least 4, at most 16 files). */
  tokensPerFocusFile: number;
  /** Tokens of budget per primary definition (at least 4, at most 60). */
  tokensPerPrimary: number;
  /** A definition is primary only when its score reaches this share of the best one's. */
  minPrimaryShare: number;
  /**
   * Exponent of the damping of a widely used primary's users as context: each of n users
   * counts (3 / n) ^ (exponent / 2) beyond three (0: not damped) — precision-evidence.ts.
   */
  hubDamping: number;
}

export interface CandidateTuning {
  /** Largest share of the budget one item may take at full detail. */
  fullShare: { file: number; primary: number; supporting: number };
  /** Module-level code is offered as an excerpt only when it bears on the task at least this much. */
  minModuleScore: number;
  /** A small seed file is offered whole only when its standing for the task is at least this. */
  minWholeFileStanding: number;
  /** Most lines of a definition's excerpt (signature included), at least. */
  excerptLines: number;
  /**
   * A primary definition's excerpt may take this share of the budget (in lines, at about
   * ten tokens a line) when that is more than `excerptLines`: with room, a long function's
   * excerpt holds more windows around what the task mentions.
   */
  primaryExcerptShare: number;
}

export interface ScopeTuning {
  /** Tokens of budget per file brought in beyond the seeds (imports, co-change, search). */
  tokensPerFileSlot: number;
}

/**
 * How strongly the repository matches the task (retrieval/match/): the evidence is the task's
 * specific words found in the strongest candidates, and anchors (paths, frames, names
 * written as code) that resolve. A package with no such evidence says so and is not filled.
 */
export interface MatchTuning {
  /** Words of spoken English up to this rank are ordinary: found or missing, they count little. */
  ordinaryEnglishRank: number;
  /** How much an ordinary English word counts next to a specific one (0–1). */
  ordinaryWordWeight: number;
  /** How many of the strongest candidates are read for the task's words. */
  topCandidates: number;
  /** A strong match needs the repository to hold at least this share of the task's words (weighted)… */
  strongPresence: number;
  /** …and its strongest candidates at least this share of the task's specific vocabulary. */
  strongCoverage: number;
  /** Without an anchor, below both of these nothing matches. */
  nonePresence: number;
  noneCoverage: number;
  /** An anchor (in-project frame, named path, name written as code) of at least this weight makes a match strong. */
  strongAnchor: number;
  /** …and of at least this weight, at least weak. */
  weakAnchor: number;
  /** How many closest candidates a weak or empty match names. */
  closest: number;
}

export interface RetrievalTuning {
  scope: ScopeTuning;
  precision: PrecisionTuning;
  candidates: CandidateTuning;
  match: MatchTuning;
}

export const DEFAULT_TUNING: RetrievalTuning = Object.freeze({
  scope: Object.freeze({ tokensPerFileSlot: 220 }),
  precision: Object.freeze({
    units: Object.freeze({ text: 1, ranked: 0.5, anchor: 0.6, file: 0.7, fileDecay: 1, proseName: 0.5 }),
    tokensPerFocusFile: 500,
    tokensPerPrimary: 250,
    minPrimaryShare: 0.15,
    hubDamping: 2,
  }),
  candidates: Object.freeze({
    fullShare: Object.freeze({ file: 0.06, primary: 0.35, supporting: 0.1 }),
    minModuleScore: 0.5,
    minWholeFileStanding: 0.5,
    excerptLines: 40,
    primaryExcerptShare: 0.3,
  }),
  match: Object.freeze({
    ordinaryEnglishRank: 20_000,
    ordinaryWordWeight: 0.6,
    topCandidates: 3,
    strongPresence: 0.76,
    strongCoverage: 0.2,
    nonePresence: 0.6,
    noneCoverage: 0.25,
    strongAnchor: 0.8,
    weakAnchor: 0.4,
    closest: 3,
  }),
});

/** Tuning with some values replaced, e.g. `{ precision: { units: { file: 0.9 } } }`. */
export type TuningOverrides = { [K in keyof RetrievalTuning]?: { [P in keyof RetrievalTuning[K]]?: Partial<RetrievalTuning[K][P]> | RetrievalTuning[K][P] } };

export function withTuning(overrides: TuningOverrides = {}, base: RetrievalTuning = DEFAULT_TUNING): RetrievalTuning {
  const merge = <T extends object>(into: T, from: object | undefined): T => {
    const out = { ...into } as Record<string, unknown>;
    for (const [key, value] of Object.entries(from ?? {})) {
      const current = out[key];
      out[key] = current !== null && typeof current === 'object' && typeof value === 'object' ? merge(current as object, value as object) : value;
    }
    return out as T;
  };
  return merge(base, overrides);
}
