// The precision stage: the symbols of the scoped files sorted into primary (what the task
// is about), supporting (what primaries call, what calls them, tests that assert on them),
// type_context (types they use or live in) and excluded — from reference edges out of the
// seeds and primaries, the tests that exercise primaries, and rationale comments. What a cap
// leaves out (context beyond the context cap, definitions just below the primaries' cut,
// definitions of the files scope held in reserve that are tied to a primary) is held in
// reserve: offered only with the budget the rest leaves.

import type { SymbolRecord } from '../../core/entities.js';
import type { JudgeCandidate, Judgement } from '../judge/judge.js';
import type { TaskQuery } from '../task/task-query.js';
import { hasRationale, relatedSymbols, testAssertions, type PrimaryHit, type RelatedHit } from './precision-evidence.js';
import { keepLongestOverloads } from './overloads.js';
import { primaryUnits, type PrimaryUnitOptions } from './primary-units.js';
import { DEFAULT_TUNING, type PrecisionTuning } from '../tuning.js';
import { resolveRequested } from './requested.js';
import { DEFAULT_SEED_OPTIONS, findSeeds } from './scope-seeds.js';
import {
  SYMBOL_CLASSES,
  tierName,
  type ClassifiedSymbol,
  type Decision,
  type KnowledgeBase,
  type RetrievalContext,
  type ScopedFile,
  type Stage,
  type SymbolClass,
} from './stage.js';
import { fileSlots } from './tier-caps.js';
import { compareText } from '../../core/compare.js';
import { parseEntityKey } from '../../core/entities.js';

const MEANINGS: Record<SymbolClass, string> = {
  primary: 'what the task is about: code to read closely or change',
  supporting: 'code the primary symbols call or are called by, or tests exercising them',
  type_context: 'types, classes or interfaces needed to understand the primary symbols (signature is enough)',
  excluded: 'not needed for this task',
};

/** How a reason says that an item waits for the budget the rest leaves. */
const RESERVE_NOTE = 'held in reserve';

const TYPE_KINDS = new Set(['class', 'struct', 'interface', 'trait', 'type', 'enum']);
const RATIONALE_BONUS = 0.1;
const MIN_ANCHOR_WEIGHT = 0.3;
/**
 * Without named symbols, symbols ranked this high for the task are supporting even without
 * an edge to a primary; with named symbols, search says too little beyond them (a symbol's
 * rank is mostly its file's) and only edges count.
 */
const SUPPORTING_RANK = 10;

export function precisionStage(tuning: PrecisionTuning = DEFAULT_TUNING.precision): Stage {
  return {
    name: 'precision',
    async run(context, kb, task, judge) {
      const { proposals, files } = proposeAll(context, kb, task, tuning);
      const judged = await judge.judge(task, {
        stage: 'precision',
        subject: 'symbols',
        classes: SYMBOL_CLASSES,
        meanings: MEANINGS,
        // Only a model reads summaries and order; the deterministic judge takes the proposals as they are.
        candidates: judge.kind === 'llm' ? judgeOrder(proposals).map(toJudgeCandidate) : proposals.map((p) => ({ id: p.key, summary: p.key, proposed: p.proposed })),
      });
      const capped = classify(proposals, judged, contextCap(context));
      const { classified, decisions } = keepLongestOverloads(capped.classified, capped.decisions, (key) => kb.reader.symbol(key));
      return { ...context, files, symbols: mergeSymbols(context.symbols, classified), decisions: [...context.decisions, ...decisions] };
    },
  };
}

/**
 * A proposed class for every symbol of every scoped file, from the evidence; and the scoped
 * files with their standing and how much their module-level code bears on the task.
 */
function proposeAll(context: RetrievalContext, kb: KnowledgeBase, task: TaskQuery, tuning: PrecisionTuning): { proposals: Proposal[]; files: ScopedFile[] } {
  const scoped = scopedFiles(context, kb, task);
  const reserve = new Map((context.reserve ?? []).map((file) => [file.path, file]));
  const request = resolveRequested(kb.reader, task.requested);
  const units = primaryUnits(kb.reader, kb.sources, task, scoped, primaryOptions(context, tuning), tuning.units);
  const primaries = new Map(units.primaries);
  for (const symbol of request.symbols) primaries.set(symbol.key, { score: 1, reason: 'requested by a refinement', signals: { requested: 1 } });
  const related = relatedSymbols(kb.reader, primaries.keys(), strongestSeeds(scoped), new Set([...scoped.keys(), ...reserve.keys()]), tuning.hubDamping);
  const names = new Map([...primaries.keys()].map((key) => [key, kb.reader.symbol(key)?.name ?? '']));
  const asserts = testAssertions(kb.reader, kb.sources, related, names);
  const searchDepth = hasNamedSymbols(task) ? 0 : SUPPORTING_RANK;
  const ranks = new Map(task.ranked.symbols.slice(0, searchDepth).map((ranked, index) => [ranked.key, index]));
  const proposals = [...scoped.values()].flatMap((file) => {
    const evidence: Evidence = { primaries, related, asserts, ranks, runnersUp: units.runnersUp, rationale: rationaleCheck(kb, file) };
    return kb.reader.symbolsOfFile(file.path).map((symbol) => propose(symbol, file, evidence));
  });
  proposals.push(...reserveProposals(kb, reserve, related, asserts));
  // The scope stage's files, with what precision learned of them (when it ran alone, none).
  const files = context.files.map((file) => ({
    ...file,
    standing: units.fileWeights.get(file.path) ?? 0,
    moduleScore: units.moduleScores.get(file.path) ?? 0,
  }));
  return { proposals, files };
}

/**
 * Definitions of the files held in reserve (beyond their tier's cap) that call, are called
 * by or test a primary: proposed as context, held in reserve. The rest of a reserve file is
 * not considered at all.
 */
function reserveProposals(kb: KnowledgeBase, reserve: ReadonlyMap<string, ScopedFile>, related: ReadonlyMap<string, RelatedHit>, asserts: ReadonlyMap<string, string[]>): Proposal[] {
  const out: Proposal[] = [];
  for (const [key, hit] of related) {
    const file = reserve.get(parseEntityKey(key).path);
    const symbol = file ? kb.reader.symbol(key) : null;
    if (!file || !symbol) continue;
    const relation = fromRelation(symbol, hit, asserts.get(key) ?? []);
    out.push({ key, symbol, file, proposed: relation.proposed, reason: `${relation.reason}; ${RESERVE_NOTE}`, score: relation.score, signals: { edge: round(hit.strength) }, reserve: true });
  }
  return out;
}

/** The judged classes, with the context cap applied strongest first; one decision per symbol. */
function classify(proposals: Proposal[], judged: Judgement<SymbolClass>, cap: { limit: number; used: number }): { classified: ClassifiedSymbol[]; decisions: Decision[] } {
  const classified: ClassifiedSymbol[] = [];
  const decisions: Decision[] = [];
  for (const proposal of capOrder(proposals, judged.classOf)) {
    const by = judged.byWhom(proposal.key);
    const cls = judged.classOf(proposal.key);
    const score = cls === proposal.proposed ? proposal.score : Math.max(proposal.score, 0.3);
    let reason = by === 'llm' && cls !== proposal.proposed ? `judged ${cls} by the model (evidence: ${proposal.reason})` : proposal.reason;
    const context = cls === 'supporting' || cls === 'type_context';
    // A model that changed the class decided; otherwise a proposal held in reserve stays there.
    let reserve = proposal.reserve && cls === proposal.proposed;
    if (context && !reserve && cap.used >= cap.limit) {
      reason = `${cls.replace('_', ' ')} beyond the cap of ${cap.limit} context symbols for this budget; ${RESERVE_NOTE} (${reason})`;
      reserve = true;
    } else if (context && !reserve) cap.used += 1;
    const tier = cls === 'primary' || cls === 'excluded' ? proposal.file.tier : proposal.file.tier + 1;
    decisions.push(symbolDecision(proposal, cls, tier, reason, score, by));
    if (cls !== 'excluded') classified.push({ key: proposal.key, path: proposal.file.path, class: cls, tier, reason, score, signals: proposal.signals, ...(reserve ? { reserve: true as const } : {}) });
  }
  return { classified, decisions };
}

/**
 * Supporting and type-context symbols are capped like files: every candidate costs a path
 * line before any body is shown, so more than the budget can show would crowd out code.
 */
function contextCap(context: RetrievalContext): { limit: number; used: number } {
  return { limit: fileSlots(context.budget), used: 0 };
}

/** Strongest first within each class, so the cap keeps the best; decisions keep this order. */
function capOrder(proposals: Proposal[], classOf: (key: string) => SymbolClass): Proposal[] {
  const ranked = proposals.map((proposal) => ({ proposal, rank: SYMBOL_CLASSES.indexOf(classOf(proposal.key)) }));
  ranked.sort((a, b) => a.rank - b.rank || b.proposal.score - a.proposal.score || compareText(a.proposal.key, b.proposal.key));
  return ranked.map((entry) => entry.proposal);
}

function hasNamedSymbols(task: TaskQuery): boolean {
  return task.mentionedSymbols.some((symbol) => symbol.weight >= MIN_ANCHOR_WEIGHT);
}

/**
 * More budget affords more files in focus and more primary definitions; more primaries
 * than fit costs nothing but time, as the fitter shows the strongest and drops the rest.
 */
function primaryOptions(context: RetrievalContext, tuning: PrecisionTuning): PrimaryUnitOptions {
  const available = context.budget.available;
  return {
    focusFiles: clamp(Math.round(available / tuning.tokensPerFocusFile), 4, 16),
    maxPrimary: clamp(Math.round(available / tuning.tokensPerPrimary), 4, 60),
    rankedSymbols: 20,
    minShare: tuning.minPrimaryShare,
    maxRunnersUp: fileSlots(context.budget),
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The scope stage's files, or — when precision runs alone — the task's seeds. */
function scopedFiles(context: RetrievalContext, kb: KnowledgeBase, task: TaskQuery): Map<string, ScopedFile> {
  const files = context.files.length > 0 ? context.files : findSeeds(kb.reader, task, resolveRequested(kb.reader, task.requested), DEFAULT_SEED_OPTIONS, context.budget.available);
  return new Map(files.map((file) => [file.path, file]));
}

/** Seeds whose outgoing references count as evidence: the strongest few (each costs a query). */
const SEED_REFERENCE_LIMIT = 5;

function strongestSeeds(scoped: ReadonlyMap<string, ScopedFile>): string[] {
  return [...scoped.values()]
    .filter((file) => file.tier === 0)
    .sort((a, b) => b.score - a.score || compareText(a.path, b.path))
    .slice(0, SEED_REFERENCE_LIMIT)
    .map((file) => file.path);
}

interface Proposal {
  key: string;
  symbol: SymbolRecord;
  file: ScopedFile;
  proposed: SymbolClass;
  reason: string;
  score: number;
  signals: Record<string, number>;
  /** Offered only with the budget the rest leaves (ClassifiedSymbol.reserve). */
  reserve: boolean;
}

interface Evidence {
  primaries: ReadonlyMap<string, PrimaryHit>;
  related: ReadonlyMap<string, RelatedHit>;
  asserts: ReadonlyMap<string, string[]>;
  /** Index of each symbol in the head of the ranker's list that counts as evidence. */
  ranks: ReadonlyMap<string, number>;
  /** Definitions just below the primaries' cut (primary-units.ts), held in reserve. */
  runnersUp: ReadonlyMap<string, PrimaryHit>;
  rationale: (symbol: SymbolRecord) => boolean;
}

/**
 * Rationale comments are read in seed files only (their bodies are read anyway), and in
 * functions only (a class's body is its methods, read on their own); elsewhere docstrings.
 */
function rationaleCheck(kb: KnowledgeBase, file: ScopedFile): (symbol: SymbolRecord) => boolean {
  const record = file.tier === 0 ? kb.reader.file(file.path) : null;
  if (record === null) return (symbol) => hasRationale(symbol, null);
  return (symbol) => hasRationale(symbol, TYPE_KINDS.has(symbol.kind) ? null : kb.sources.symbolText(record, symbol));
}

function propose(symbol: SymbolRecord, file: ScopedFile, evidence: Evidence): Proposal {
  // Called for every symbol of every scoped file (thousands a run): one object per symbol,
  // built in one shape, no intermediate spreads.
  const rationale = evidence.rationale(symbol) ? RATIONALE_BONUS : 0;
  const proposal = (proposed: SymbolClass, reason: string, score: number, signals: Record<string, number>, marked = rationale > 0, reserve = false): Proposal => ({
    key: symbol.key,
    symbol,
    file,
    proposed,
    reason,
    score,
    signals: marked ? { ...signals, rationale: 1 } : signals,
    reserve,
  });
  const primary = evidence.primaries.get(symbol.key);
  if (primary) return proposal('primary', primary.reason, primary.score + rationale, primary.signals);
  const parentOf = primaryChild(symbol, evidence.primaries);
  if (parentOf) return proposal('type_context', `encloses primary ${parentOf}`, 0.6, { encloses: 1 }, false);
  const hit = evidence.related.get(symbol.key);
  if (hit) {
    const related = fromRelation(symbol, hit, evidence.asserts.get(symbol.key) ?? []);
    return proposal(related.proposed, related.reason, related.score, { edge: round(hit.strength) });
  }
  const rank = evidence.ranks.get(symbol.key) ?? -1;
  if (rank >= 0) return proposal('supporting', `search rank ${rank + 1} among symbols for the task`, 0.4 * (1 - rank / SUPPORTING_RANK) + rationale, { symbolRank: rank + 1 });
  const runnerUp = evidence.runnersUp.get(symbol.key);
  if (runnerUp) return proposal('supporting', `${runnerUp.reason}, less than the primaries; ${RESERVE_NOTE}`, runnerUp.score, runnerUp.signals, false, true);
  return proposal('excluded', 'no reference to a primary symbol or seed, not ranked for the task', rationale, {});
}

function fromRelation(symbol: SymbolRecord, hit: RelatedHit, asserted: string[]): Pick<Proposal, 'proposed' | 'reason' | 'score'> {
  if (hit.relation === 'type') {
    const typeLike = TYPE_KINDS.has(symbol.kind);
    return { proposed: typeLike ? 'type_context' : 'supporting', reason: `type used by ${hit.to}`, score: 0.3 + 0.5 * hit.strength };
  }
  if (hit.relation === 'test') {
    const what = asserted.length > 0 ? `asserts on ${asserted.join(', ')}` : `exercises ${hit.to}`;
    return { proposed: 'supporting', reason: `test that ${what}`, score: (asserted.length > 0 ? 0.5 : 0.3) + 0.3 * hit.strength };
  }
  const relation = { called: 'called by primary', calls: 'calls primary', 'seed-use': 'used by seed' }[hit.relation];
  return { proposed: 'supporting', reason: `${relation} ${hit.to}`, score: 0.2 + 0.6 * hit.strength };
}

/** The primary method or nested definition this symbol encloses, if any. */
function primaryChild(symbol: SymbolRecord, primaries: ReadonlyMap<string, PrimaryHit>): string | null {
  if (!TYPE_KINDS.has(symbol.kind)) return null;
  const prefix = `${symbol.key}.`;
  for (const key of primaries.keys()) if (key.startsWith(prefix)) return key;
  return null;
}

/** Proposed primaries first, excluded last: a model sees the likely answer set before the rest. */
function judgeOrder(proposals: Proposal[]): Proposal[] {
  return [...proposals].sort((a, b) => SYMBOL_CLASSES.indexOf(a.proposed) - SYMBOL_CLASSES.indexOf(b.proposed) || b.score - a.score || compareText(a.key, b.key));
}

function toJudgeCandidate(proposal: Proposal): JudgeCandidate<SymbolClass> {
  const doc = proposal.symbol.doc?.split('\n')[0]?.trim();
  return { id: proposal.key, summary: `${proposal.key}: ${proposal.symbol.signature}${doc ? ` — ${doc}` : ''}`, proposed: proposal.proposed };
}

function symbolDecision(proposal: Proposal, cls: SymbolClass, tier: number, reason: string, score: number, by: Decision['judge']): Decision {
  return {
    subject: 'symbol',
    id: proposal.key,
    tier,
    tierName: tierName(proposal.file.tier),
    verdict: cls === 'excluded' ? 'excluded' : 'included',
    label: cls,
    reason,
    score: round(score),
    signals: proposal.signals,
    judge: by,
  };
}

function mergeSymbols(earlier: readonly ClassifiedSymbol[], added: ClassifiedSymbol[]): ClassifiedSymbol[] {
  const known = new Set(earlier.map((symbol) => symbol.key));
  return [...earlier, ...added.filter((symbol) => !known.has(symbol.key))];
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
