// hydrate(query, conversation, episode, budget): the blocks an episode of a conversation
// is shown, in priority order — what the query names, what earlier episodes showed, then
// the retrieval pipeline's ranking — within a token and an entity budget. What earlier
// episodes showed takes at most half the tokens (unchanged entities are one line each unless
// asked for again), so the new question's retrieval keeps at least half. The episode is
// recorded (blocks, cuts, artifacts in one transaction), then the entity states follow:
// new artifacts proposed, vanished entities tombstoned, gates evaluated.

import { UsageError } from '../../core/errors.js';
import type { GateEvaluation, Hydration, HydrationFormat } from '../../core/memory.js';
import type { StoredBlock, StoredCut } from '../../store/memory.js';
import { primeVerdicts } from '../etv/prime.js';
import { checkId, newEpisodeId } from '../ids.js';
import type { MemoryPorts } from '../ports.js';
import { applyBlocks, evaluateGates } from '../states/lifecycle.js';
import { firstTiers, trackedEntities } from './candidates.js';
import { draftBlocks, type Draft } from './drafts.js';
import { emptyAllocation, frameCost, frameTooLarge, hasRoom, place, settle, type Allocation, type FitLimits } from './fit.js';
import { logHydration } from './hydrate-log.js';
import { namedEntities, type NamedEntity } from './named-entities.js';
import { pipelineTier } from './pipeline-tier.js';

export interface HydrateRequest {
  query: string;
  conversationId: string;
  /** A new episode's id; made up when absent. */
  episodeId?: string;
  maxTokens?: number;
  maxEntities?: number;
  format?: HydrationFormat;
  /** Send the text of unchanged entities earlier episodes showed again (default: one line each). */
  resendUnchanged?: boolean;
}

/** Share of the token budget the blocks of earlier episodes may take: the rest is the new question's (its named entities and the pipeline's ranking). */
export const EARLIER_EPISODES_SHARE = 0.5;

export interface HydrateResult {
  hydration: Hydration;
  rendered: string;
  evaluations: GateEvaluation[];
}

/** Widest form of the note the pipeline tier adds, reserved in the frame before the tier runs. */
const PIPELINE_NOTE_WIDEST = `retrieval pipeline ranking: task task-${'x'.repeat(18)} (\`cairn explain --task-id task-${'x'.repeat(18)}\`)`;
const WIDEST_CUT_COUNT = 9_999;

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new UsageError(`${name} must be a positive whole number, got ${value}`);
  return value;
}

export async function hydrate(ports: MemoryPorts, request: HydrateRequest): Promise<HydrateResult> {
  const plan = planEpisode(ports, request);
  const { frame, fit, notes } = plan;
  const candidates = firstTiers(plan.named, trackedEntities(ports.store.shownEntities(frame.conversationId, frame.sequence)));
  const context = { format: frame.format, hydratedAt: frame.createdAt, notes, resendUnchanged: request.resendUnchanged === true };
  const allocation = emptyAllocation(fit);
  const drafts = draftBlocks(ports, candidates, context);
  const earlier = (draft: Draft): boolean => draft.block.reason === 'previously_hydrated';
  place(allocation, drafts.filter((draft) => !earlier(draft)), fit);
  // What earlier episodes showed takes at most its share; the query's own entities are the new question's.
  const earlierLimit = allocation.usedTokens + Math.floor(EARLIER_EPISODES_SHARE * fit.maxTokens);
  place(allocation, drafts.filter(earlier), { ...fit, maxTokens: Math.min(fit.maxTokens, earlierLimit) });
  if (hasRoom(allocation, fit)) {
    const taken = new Set(candidates.map((candidate) => candidate.entityKey));
    const tier = await pipelineTier(ports, request.query, fit.maxTokens - allocation.usedTokens, taken);
    notes.push(tier.note);
    place(allocation, draftBlocks(ports, tier.candidates, context), fit);
  } else notes.push('the retrieval pipeline was not asked: the named and earlier entities used the budget');

  const draft: Hydration = {
    ...frame,
    blocks: allocation.kept.map((kept) => kept.block),
    cut: allocation.cut,
    budget: { maxTokens: fit.maxTokens, maxEntities: fit.maxEntities, usedTokens: allocation.usedTokens, usedEntities: allocation.kept.length, tokenizer: ports.counter.name },
  };
  const { hydration, rendered } = settle(draft, allocation, fit);
  record(ports, hydration, allocation, plan.now);
  logHydration(ports.log, hydration);
  const touched = applyBlocks(ports, frame.episodeId, hydration.blocks);
  const evaluations = evaluateGates(ports, touched, frame.episodeId);
  return { hydration, rendered, evaluations };
}

interface Plan {
  now: number;
  frame: Omit<Hydration, 'blocks' | 'cut' | 'budget'>;
  fit: FitLimits;
  named: NamedEntity[];
  /** The hydration's notes, added to as it goes. */
  notes: string[];
}

/** The request checked, the episode numbered, the named entities found, the budgets set (the frame's cost reserved). */
function planEpisode(ports: MemoryPorts, request: HydrateRequest): Plan {
  if (request.query.trim() === '') throw new UsageError('the query is empty', { hint: 'say what the episode needs, e.g. cairn hydrate "fix Cart.total rounding" --conversation c1' });
  const conversationId = checkId('conversation', request.conversationId);
  const now = (ports.now ?? Date.now)();
  const episodeId = request.episodeId === undefined ? newEpisodeId(now) : checkId('episode', request.episodeId);
  const format = request.format ?? 'markdown';
  const limits = {
    maxTokens: positive('--max-tokens', request.maxTokens ?? ports.settings.maxTokens),
    maxEntities: positive('--max-entities', request.maxEntities ?? ports.settings.maxEntities),
    format,
    counter: ports.counter,
  };
  const named = namedEntities(ports.reader, request.query);
  const notes = [...named.notes];
  const sequence = ports.store.nextSequence(conversationId);
  const frame = { conversationId, episodeId, sequence, query: request.query, format, notes, createdAt: new Date(now).toISOString() };
  const fit: FitLimits = { ...limits, frame: frameCost({ ...frame, notes: [...notes, PIPELINE_NOTE_WIDEST] }, limits, WIDEST_CUT_COUNT) };
  if (fit.frame > fit.maxTokens) throw frameTooLarge(fit, fit.frame);
  return { now, frame, fit, named: named.entities, notes };
}

/** The episode, its blocks, cuts and artifacts in one transaction; then the verdicts the reads established. */
function record(ports: MemoryPorts, hydration: Hydration, allocation: Allocation, now: number): void {
  const artifacts = new Map<string, string>();
  for (const kept of allocation.kept) if (kept.artifact) artifacts.set(kept.artifact.hash, kept.artifact.text);
  const blocks: StoredBlock[] = hydration.blocks.map(({ text: _text, ...block }, position) => ({ ...block, position }));
  const cut: StoredCut[] = hydration.cut.map((entry, position) => ({ ...entry, position }));
  ports.store.recordEpisode({
    episode: {
      id: hydration.episodeId,
      conversationId: hydration.conversationId,
      sequence: hydration.sequence,
      query: hydration.query,
      format: hydration.format,
      maxTokens: hydration.budget.maxTokens,
      maxEntities: hydration.budget.maxEntities,
      usedTokens: hydration.budget.usedTokens,
      tokenizer: hydration.budget.tokenizer,
      blockCount: blocks.length,
      cutCount: cut.length,
      notes: hydration.notes,
      createdAt: now,
    },
    blocks,
    cut,
    artifacts,
  });
  primeVerdicts(ports, allocation.kept.filter((kept): kept is Draft & { read: NonNullable<Draft['read']>; artifact: NonNullable<Draft['artifact']> } => kept.read !== null && kept.artifact !== null).map((kept) => ({ entity: kept.read, hash: kept.artifact.hash })));
}
