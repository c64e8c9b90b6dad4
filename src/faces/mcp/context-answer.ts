// get_context's answer, carrying the code once. Which part of a tool result reaches the
// model depends on the client (the text block, the structured content, or both), so the
// code goes in the text block only — the package rendered as markdown, as the pipeline
// rendered it to count the budget — and
// the structured content holds each item's metadata (path, symbol, lines, detail, tokens,
// reason) in the order the text shows them; the dependencies among the files are in the
// markdown only. Both together stay under the cap (cap.ts);
// when they do not, the lowest-ranked items go first, and the answer says so.

import type { ContextItem, ContextPackage } from '../../core/context-package.js';
import { parseEntityKey } from '../../core/entities.js';
import type { Hydration, HydrationBlock } from '../../core/memory.js';
import { renderHydrationMarkdown } from '../../render/hydration.js';
import { renderPackage } from '../../render/index.js';
import { buildView } from '../../render/view.js';
import type { TokenCounter } from '../../tokenizer/tokens.js';
import { packageText, type ContextAnswer } from '../../operations/context.js';
import { fitPrefix, nothingFits, type Answer } from './cap.js';

/** Where the structured part says the code is: a client that shows the model only this part learns how to get it. */
export const CODE_SHOWN_IN = "the text content (markdown), each item's code in this order; read_symbol returns one item's code";

/**
 * Tokens of the cap kept free of the package (or episode) for the structured metadata, the
 * header fields and the note on what was left out. The metadata grows with the number of
 * items, and so, roughly, with the cap.
 */
export function answerReserve(cap: number): number {
  return 200 + Math.ceil(cap * 0.12);
}

/** A package's answer, rendered as markdown once for each prefix of items tried (get_context fits the package for markdown). */
export function packageAnswer(counter: TokenCounter, answer: ContextAnswer, cap: number): Answer {
  const pkg = answer.package;
  const total = pkg.items.length;
  const build = (kept: number): Answer => {
    const shown = kept === total ? pkg : withItems(pkg, pkg.items.slice(0, kept));
    const markdown = kept === total ? packageText(answer, 'markdown') : renderPackage(shown, 'markdown');
    const omitted = [evictedNote(pkg), cappedNote(total - kept, 'item', cap)].filter((note) => note !== null).join('; ');
    return { structured: packageMetadata(shown, omitted), text: withNote(markdown, omitted) };
  };
  return fitPrefix(counter, cap, total, build) ?? nothingFits(cappedNote(total, 'item', cap)!);
}

/** An episode's answer; `rendered` is the hydration's markdown render. */
export function episodeAnswer(counter: TokenCounter, hydration: Hydration, rendered: string, cap: number): Answer {
  const total = hydration.blocks.length;
  const build = (kept: number): Answer => {
    const shown = kept === total ? hydration : { ...hydration, blocks: hydration.blocks.slice(0, kept) };
    const markdown = kept === total ? rendered : renderHydrationMarkdown(shown);
    const omitted = [cutNote(hydration), cappedNote(total - kept, 'block', cap)].filter((note) => note !== null).join('; ');
    return { structured: episodeMetadata(shown, omitted), text: withNote(markdown, omitted) };
  };
  return fitPrefix(counter, cap, total, build) ?? nothingFits(cappedNote(total, 'block', cap)!);
}

function withNote(markdown: string, omitted: string): string {
  return omitted === '' ? markdown : `${markdown.trimEnd()}\n\n(${omitted})\n`;
}

/** The package with only `items`: edges among their files only. */
function withItems(pkg: ContextPackage, items: ContextItem[]): ContextPackage {
  const paths = new Set(items.map((item) => item.path));
  return { ...pkg, items, edges: pkg.edges.filter((edge) => paths.has(edge.from) && paths.has(edge.to)) };
}

function packageMetadata(pkg: ContextPackage, omitted: string): Record<string, unknown> {
  const view = buildView(pkg);
  return {
    task_id: view.taskId,
    run_id: view.runId,
    match: view.match,
    match_evidence: view.matchEvidence,
    code_shown_in: CODE_SHOWN_IN,
    items: view.items.map((item) => ({
      path: item.path,
      symbol: item.symbolKey === null ? null : parseEntityKey(item.symbolKey).qualifiedName,
      lines: [item.startLine, item.endLine],
      detail: item.detail,
      tokens: item.tokens,
      reason: item.reason,
    })),
    notes: view.notes,
    tokens: { used: view.budget.used, available: view.budget.available },
    ...(omitted !== '' ? { omitted } : {}),
  };
}

function episodeMetadata(hydration: Hydration, omitted: string): Record<string, unknown> {
  return {
    conversation_id: hydration.conversationId,
    episode_id: hydration.episodeId,
    sequence: hydration.sequence,
    code_shown_in: CODE_SHOWN_IN,
    items: hydration.blocks.map(blockMetadata),
    notes: hydration.notes,
    tokens: { used: hydration.budget.usedTokens, available: hydration.budget.maxTokens },
    ...(omitted !== '' ? { omitted } : {}),
  };
}

function blockMetadata(block: HydrationBlock): Record<string, unknown> {
  return {
    path: block.path,
    entity_key: block.entityKey,
    lines: [block.startLine, block.endLine],
    status: block.status,
    ...(block.previousEpisode !== null ? { body: block.body, since_episode: block.previousEpisode } : {}),
    ...(block.movedTo ? { moved_to: block.movedTo } : {}),
    why: block.triggeredBy,
    tokens: block.tokenCount,
  };
}

/** Candidates the pipeline's budget left out, a few named. */
function evictedNote(pkg: ContextPackage): string | null {
  const evicted = pkg.budget.evicted;
  if (evicted.length === 0) return null;
  const named = evicted.slice(0, 5).map((entry) => entry.symbolKey ?? entry.path);
  return `${evicted.length} candidate${evicted.length === 1 ? '' : 's'} left out for the budget (${named.join(', ')}${evicted.length > 5 ? ', …' : ''}): raise max_tokens, read_symbol one, or call again with task_id and missing`;
}

/** Entities the hydration's budget cut, a few named. */
function cutNote(hydration: Hydration): string | null {
  const { cut } = hydration;
  if (cut.length === 0) return null;
  const named = cut.slice(0, 5).map((entry) => entry.entityKey);
  return `${cut.length} entit${cut.length === 1 ? 'y' : 'ies'} left out for the budget (${named.join(', ')}${cut.length > 5 ? ', …' : ''}): raise max_tokens or read_symbol one`;
}

/** Items this answer dropped to stay under the cap. */
function cappedNote(left: number, unit: string, cap: number): string | null {
  if (left === 0) return null;
  return `${left} more ${unit}${left === 1 ? '' : 's'} did not fit under ${cap} tokens: raise max_tokens, or read_symbol what you need`;
}
