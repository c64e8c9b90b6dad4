// The hydration's two budgets (invariant 5): at most `maxEntities` blocks and at most
// `maxTokens` tokens of the whole render, counted with the pipeline's counter on exactly
// what is printed. Blocks are taken in priority order; one that does not fit is cut and
// recorded with the tokens used at that point, and a weaker block never takes budget
// before a stronger one was tried. The whole render is then counted, and while it is over
// (JSON's separators are not quite additive) the weakest block kept is cut.

import { CairnError } from '../../core/errors.js';
import type { CutBy, Hydration, HydrationBlock, HydrationCut, HydrationFormat } from '../../core/memory.js';
import { blockText, JSON_TAIL, jsonHead, markdownFooter, markdownHeader, renderHydration } from '../../render/hydration.js';
import type { TokenCounter } from '../../tokenizer/tokens.js';
import type { Draft } from './drafts.js';

export interface Allocation {
  kept: Draft[];
  cut: HydrationCut[];
  usedTokens: number;
}

export interface FitLimits {
  maxTokens: number;
  maxEntities: number;
  format: HydrationFormat;
  counter: TokenCounter;
  /** Tokens the header, footer and notes take at most (frameCost). */
  frame: number;
}

/** Starts an allocation: nothing kept, the frame's tokens already used. */
export function emptyAllocation(limits: FitLimits): Allocation {
  return { kept: [], cut: [], usedTokens: limits.frame };
}

/** Places drafts in order into the allocation (mutated): kept while both budgets allow, cut otherwise. */
export function place(allocation: Allocation, drafts: readonly Draft[], limits: FitLimits): void {
  for (const draft of drafts) {
    const tokens = blockTokens(draft.block, limits);
    const cutBy: CutBy | null =
      allocation.kept.length >= limits.maxEntities ? 'entities' : allocation.usedTokens + tokens > limits.maxTokens ? 'tokens' : null;
    if (cutBy !== null) {
      allocation.cut.push(cutOf(draft.block, tokens, cutBy, allocation.usedTokens));
      continue;
    }
    allocation.kept.push(draft);
    allocation.usedTokens += tokens;
  }
}

/** A block's tokens as rendered; in JSON the count is printed in the block, so it is counted with itself. */
function blockTokens(block: HydrationBlock, limits: FitLimits): number {
  block.tokenCount = 0;
  let tokens = limits.counter.count(blockText(block, limits.format));
  for (let step = 0; step < 3 && limits.format === 'json' && tokens !== block.tokenCount; step++) {
    block.tokenCount = tokens;
    tokens = limits.counter.count(blockText(block, limits.format));
  }
  block.tokenCount = tokens;
  return tokens;
}

/** Whether a further tier could add anything. */
export function hasRoom(allocation: Allocation, limits: FitLimits): boolean {
  return allocation.kept.length < limits.maxEntities && allocation.usedTokens < limits.maxTokens;
}

function cutOf(block: HydrationBlock, tokens: number, cutBy: CutBy, usedTokens: number): HydrationCut {
  return { entityKey: block.entityKey, reason: block.reason, method: block.method, tokens, cutBy, usedTokens };
}

/**
 * The most the header and footer can take: rendered with the widest numbers they can print
 * (every count at its budget, `cuts` entities cut) and every note.
 */
export function frameCost(frame: Omit<Hydration, 'blocks' | 'cut' | 'budget'>, limits: Omit<FitLimits, 'frame'>, cuts: number): number {
  const budget = { maxTokens: limits.maxTokens, maxEntities: limits.maxEntities, usedTokens: limits.maxTokens, usedEntities: limits.maxEntities, tokenizer: limits.counter.name };
  const cut = Array.from({ length: cuts }, (): HydrationCut => ({ entityKey: '', reason: 'pipeline_ranked', method: 'retrieval', tokens: 0, cutBy: 'tokens', usedTokens: 0 }));
  const widest = { ...frame, budget, cut };
  if (limits.format === 'markdown') return limits.counter.count(`${markdownHeader(widest)}${markdownFooter({ ...widest, blocks: [] })}`);
  return limits.counter.count(`${jsonHead(widest)}${JSON_TAIL}`);
}

/**
 * The final render with `budget.usedTokens` equal to its own token count; blocks are cut
 * from the weakest end while it is over `maxTokens`.
 */
export function settle(draft: Hydration, allocation: Allocation, limits: FitLimits): { hydration: Hydration; rendered: string } {
  let hydration = draft;
  for (;;) {
    const settled = settleUsed(hydration, limits);
    if (settled.tokens <= limits.maxTokens) return { hydration: settled.hydration, rendered: settled.rendered };
    if (hydration.blocks.length === 0) throw frameTooLarge(limits, settled.tokens);
    const weakest = hydration.blocks[hydration.blocks.length - 1]!;
    const kept = hydration.blocks.slice(0, -1);
    const used = limits.counter.count(renderHydration({ ...hydration, blocks: kept }, limits.format));
    allocation.kept.pop();
    hydration = { ...hydration, blocks: kept, cut: [...hydration.cut, cutOf(weakest, weakest.tokenCount, 'tokens', used)] };
  }
}

export function frameTooLarge(limits: Pick<FitLimits, 'maxTokens'>, tokens: number): CairnError {
  return new CairnError('BUDGET', `a hydration without any block takes ${tokens} tokens, over --max-tokens ${limits.maxTokens}`, {
    hint: 'raise --max-tokens (memory.maxTokens in cairn.yaml), or shorten the query and ids the header repeats',
  });
}

function settleUsed(hydration: Hydration, limits: FitLimits): { hydration: Hydration; rendered: string; tokens: number } {
  let current = withUsed(hydration, hydration.budget.usedTokens);
  let rendered = renderHydration(current, limits.format);
  let tokens = limits.counter.count(rendered);
  // More digits never take fewer tokens, so counting upwards settles in a step or two.
  for (let step = 0; step < 6 && tokens !== current.budget.usedTokens; step++) {
    current = withUsed(current, tokens);
    rendered = renderHydration(current, limits.format);
    tokens = limits.counter.count(rendered);
  }
  return { hydration: current, rendered, tokens };
}

function withUsed(hydration: Hydration, usedTokens: number): Hydration {
  return { ...hydration, budget: { ...hydration.budget, usedTokens, usedEntities: hydration.blocks.length } };
}
