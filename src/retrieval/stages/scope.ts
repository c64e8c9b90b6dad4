// The scope stage: which files the task needs. Seeds are always in; then tiers in order —
// direct dependencies of the seeds, co-change neighbours, further search matches — each
// ordered by relevance to the seeds and capped by the budget; tier 4 (files whose promoted
// summary from `cairn enrich` matches the task) runs only when there are promoted summaries.
// The judge may drop any non-seed candidate; a model judge reads each file's summary.

import type { Judge, JudgeCandidate, Judgement } from '../judge/judge.js';
import type { TaskQuery } from '../task/task-query.js';
import { fileStandings } from '../../search/rank/types.js';
import { resolveRequested } from './requested.js';
import { DEFAULT_SEED_OPTIONS, findSeeds, type SeedOptions } from './scope-seeds.js';
import { coChangeCandidates, directCandidates, metadataCandidates, searchCandidates, type TierCandidate } from './scope-neighbours.js';
import { tierName, type Decision, type KnowledgeBase, type RetrievalContext, type ScopedFile, type Stage } from './stage.js';
import { tierCaps, TOKENS_PER_FILE_SLOT, type TierCaps } from './tier-caps.js';
import { compareText } from '../../core/compare.js';
import { queryTerms } from '../../search/query-terms.js';

export interface ScopeOptions {
  seeds: SeedOptions;
  /** Tokens of budget per file brought in by tiers 1–3. */
  tokensPerFileSlot: number;
  /** Co-change neighbours need at least this many shared commits. */
  minCoChange: number;
  /** Reference edges are followed from this many of the strongest seeds (imports from all). */
  referenceSeeds: number;
}

export const DEFAULT_SCOPE_OPTIONS: ScopeOptions = { seeds: DEFAULT_SEED_OPTIONS, tokensPerFileSlot: TOKENS_PER_FILE_SLOT, minCoChange: 2, referenceSeeds: 3 };

/** Logged (for `cairn explain`), not put in the package: the model has no use for it. */
export const ENRICHMENT_MISSING_NOTE = 'enrichment not found, tier 4 skipped';

/** Tier 4: summary matches looked at, and at most this many kept (a quarter of the search tier's cap below that). */
const METADATA_CANDIDATES = 20;
const METADATA_CAP = 5;

const CLASSES = ['relevant', 'maybe', 'irrelevant'] as const;
type ScopeClass = (typeof CLASSES)[number];
const MEANINGS: Record<ScopeClass, string> = {
  relevant: 'needed for the task: code to change, or code it directly depends on',
  maybe: 'useful background, worth showing if there is room',
  irrelevant: 'not needed for this task',
};

export function scopeStage(options: ScopeOptions = DEFAULT_SCOPE_OPTIONS): Stage {
  return {
    name: 'scope',
    async run(context, kb, task, judge) {
      const request = resolveRequested(kb.reader, task.requested);
      const seeds = findSeeds(kb.reader, task, request, options.seeds, context.budget.available);
      const tiers = candidateTiers(kb, task, seeds, options);
      const caps = tierCaps(context.budget, seeds.length, { direct: tiers.direct.length, cochange: tiers.cochange.length }, options.tokensPerFileSlot);
      const judged = await judgeCandidates(kb, task, judge, tiers, caps);
      const notes = [...request.unresolved.map((line) => `refinement: ${line}`)];
      const known = new Set(context.files.map((file) => file.path));
      const added = [...seeds, ...judged.kept].filter((file) => !known.has(file.path));
      const inScope = new Set([...known, ...added.map((file) => file.path)]);
      return {
        ...context,
        files: [...context.files, ...added],
        reserve: [...(context.reserve ?? []), ...judged.reserve].filter((file) => !inScope.has(file.path)),
        notes: [...context.notes, ...notes],
        decisions: [...context.decisions, ...seeds.map(seedDecision), ...tiers.repeats, ...judged.decisions],
      };
    },
  };
}

interface Tiers {
  direct: TierCandidate[];
  cochange: TierCandidate[];
  search: TierCandidate[];
  metadata: TierCandidate[];
  /** Files met again in a later tier: logged, not re-added. */
  repeats: Decision[];
}

/**
 * The task's own words for matching summaries — the free-text query's terms, not the
 * ranker's: a model's summary speaks of purposes ("the storefront", "billing") the code may
 * never name, so the index's vocabulary, which trims the ranker's terms, would drop exactly
 * the words tier 4 is for.
 */
function summaryTerms(task: TaskQuery): string[] {
  return queryTerms(task.text);
}

function candidateTiers(kb: KnowledgeBase, task: TaskQuery, seeds: ScopedFile[], options: ScopeOptions): Tiers {
  const search = fileStandings(task.ranked.files);
  const seen = new Map<string, number>(seeds.map((seed) => [seed.path, seed.tier]));
  const repeats: Decision[] = [];
  const fresh = (candidates: TierCandidate[]): TierCandidate[] =>
    candidates.filter((candidate) => {
      const earlier = seen.get(candidate.path);
      if (earlier === undefined) {
        seen.set(candidate.path, candidate.tier);
        return true;
      }
      repeats.push(fileDecision(candidate, 'excluded', `already considered at tier ${earlier} (${tierName(earlier)})`, 'rule'));
      return false;
    });
  const direct = fresh(directCandidates(kb.reader, seeds, search, options.referenceSeeds));
  const cochange = fresh(coChangeCandidates(kb.reader, seeds, options.minCoChange, search));
  const searched = fresh(searchCandidates(task.ranked.files, search));
  const metadata = kb.enrichment ? fresh(metadataCandidates(kb.enrichment, summaryTerms(task), METADATA_CANDIDATES)) : [];
  return { direct, cochange, search: searched, metadata, repeats };
}

async function judgeCandidates(
  kb: KnowledgeBase,
  task: TaskQuery,
  judge: Judge,
  tiers: Tiers,
  caps: TierCaps,
): Promise<{ kept: ScopedFile[]; reserve: ScopedFile[]; decisions: Decision[] }> {
  const groups = [
    { candidates: tiers.direct, cap: caps.direct },
    { candidates: tiers.cochange, cap: caps.cochange },
    { candidates: tiers.search, cap: caps.search },
    { candidates: tiers.metadata, cap: Math.min(METADATA_CAP, Math.ceil(caps.search / 4)) },
  ];
  const proposals = groups.map(({ candidates, cap }) => candidates.map((candidate, index): JudgeCandidate<ScopeClass> => ({
    id: candidate.path,
    summary: judge.kind === 'llm' ? fileSummary(kb, candidate) : candidate.path,
    proposed: index < cap ? 'relevant' : 'irrelevant',
  })));
  // Within-cap candidates of every tier go first, so a model sees what would be kept.
  const ordered = [...proposals.flat().filter((p) => p.proposed !== 'irrelevant'), ...proposals.flat().filter((p) => p.proposed === 'irrelevant')];
  const verdicts = await judge.judge(task, { stage: 'scope', subject: 'files', classes: CLASSES, meanings: MEANINGS, candidates: ordered });
  const kept: ScopedFile[] = [];
  const reserve: ScopedFile[] = [];
  const decisions: Decision[] = [];
  for (const { candidates, cap } of groups) {
    const outcome = keepWithinCap(candidates, cap, verdicts);
    kept.push(...outcome.kept);
    reserve.push(...outcome.reserve);
    decisions.push(...outcome.decisions);
  }
  return { kept, reserve, decisions };
}

/**
 * Judged relevant first, then maybe, each by score; the cap applies after judgement. What
 * the cap leaves out (and no model judged irrelevant) is held in reserve: the cap bounds the
 * tier, it does not decide that the file is of no use when the budget has room.
 */
function keepWithinCap(candidates: TierCandidate[], cap: number, verdicts: Judgement<ScopeClass>): { kept: ScopedFile[]; reserve: ScopedFile[]; decisions: Decision[] } {
  const rank = (candidate: TierCandidate): number => CLASSES.indexOf(verdicts.classOf(candidate.path));
  const ordered = [...candidates].sort((a, b) => rank(a) - rank(b) || b.raw - a.raw || compareText(a.path, b.path));
  const kept: ScopedFile[] = [];
  const reserve: ScopedFile[] = [];
  const decisions: Decision[] = [];
  const beyondCap = (file: ScopedFile, by: Decision['judge']): void => {
    reserve.push(file);
    decisions.push(fileDecision(file, 'excluded', `beyond the tier ${file.tier} cap of ${cap} files for this budget; held in reserve for the budget the rest leaves`, by));
  };
  for (const candidate of ordered) {
    const verdict = verdicts.classOf(candidate.path);
    const by = verdicts.byWhom(candidate.path);
    const { raw: _raw, ...file } = candidate;
    if (verdict === 'irrelevant' && by === 'llm') {
      decisions.push(fileDecision(file, 'excluded', 'judged irrelevant by the model', by));
    } else if (verdict === 'irrelevant' || kept.length >= cap) {
      beyondCap(file, by);
    } else {
      kept.push(file);
      decisions.push(fileDecision(file, 'included', by === 'llm' ? `${file.reason}; judged ${verdict} by the model` : file.reason, by));
    }
  }
  return { kept, reserve, decisions };
}

function seedDecision(seed: ScopedFile): Decision {
  return fileDecision(seed, 'included', `seed: ${seed.reason}`, 'rule');
}

function fileDecision(file: ScopedFile, verdict: Decision['verdict'], reason: string, judge: Decision['judge']): Decision {
  return {
    subject: 'file',
    id: file.path,
    tier: file.tier,
    tierName: tierName(file.tier),
    verdict,
    label: file.relation,
    reason,
    score: file.score,
    signals: file.signals,
    judge,
  };
}

/** One line for the model: the path, how it relates to the seeds, and what it defines. */
function fileSummary(kb: KnowledgeBase, file: ScopedFile): string {
  const names = kb.reader
    .symbolsOfFile(file.path)
    .filter((symbol) => symbol.parent === null)
    .slice(0, 6)
    .map((symbol) => symbol.name);
  const defines = names.length > 0 ? `; defines ${names.join(', ')}` : '';
  const purpose = kb.enrichment?.promoted(file.path)?.summary;
  return `${file.path} (${file.reason}${defines})${purpose ? ` — ${purpose}` : ''}`;
}
