// A hydration (src/core/memory.ts) → markdown | json. The hydration's budget is counted on
// exactly these strings, so every part a block adds is produced by `hydrationBlock` alone:
// the whole render is header + blocks + footer, each part ending in a newline.

import { parseEntityKey } from '../core/entities.js';
import type { Hydration, HydrationBlock, HydrationFormat } from '../core/memory.js';
import { fencedBlock } from './fence.js';
import { oneLine } from './view.js';
import { snakeKeys } from './snake-case.js';

/** Longest piece of the query the header repeats (the model has the query already). */
const QUERY_SHOWN = 120;

function since(block: HydrationBlock): string {
  return block.previousEpisode === null ? 'an earlier episode' : `episode ${block.previousEpisode}`;
}

// One-line fields (keys, reasons, notes) have their control characters folded (view.ts
// oneLine), so a name from the repository cannot break the layout the model reads.
function heading(block: HydrationBlock): string {
  const key = oneLine(block.entityKey);
  if (block.status === 'changed') return `${key} — changed since you saw it (${since(block)})`;
  if (block.status === 'deleted') return `${key} — deleted since you saw it (${since(block)})`;
  if (block.status === 'moved') return `${key} — moved to ${oneLine(block.movedTo ?? '?')} since you saw it (${since(block)})`;
  if (block.status === 'rejected') return `${key} — rejected since you saw it (${since(block)})`;
  return key;
}

function notice(block: HydrationBlock): string {
  if (block.status === 'changed') {
    return block.body === 'diff'
      ? `What ${since(block)} showed is no longer true; the diff below turns it into the code on disk now.\n`
      : `What ${since(block)} showed is no longer true; below is the code on disk now.\n`;
  }
  if (block.status === 'deleted') return `It is no longer on disk: do not rely on the code ${since(block)} showed.\n`;
  if (block.status === 'moved') return block.body === 'none' ? 'Its code is unchanged.\n' : 'Below is its code now.\n';
  if (block.status === 'rejected') return 'It was rejected (`cairn reject`): do not rely on this code.\n';
  return '';
}

function metaLine(block: HydrationBlock): string {
  const parts = [oneLine(block.triggeredBy), block.reason, block.method];
  if (block.status !== 'deleted') parts.push(`lines ${block.startLine}-${block.endLine}`, `sha256 ${(block.artifactHash ?? '').slice(0, 12)}`);
  if (block.status === 'unchanged') parts.push(`unchanged since ${since(block)}`);
  return `${parts.join(' · ')}\n`;
}

function body(block: HydrationBlock): string {
  if (block.body === 'none') return '';
  if (block.body === 'diff') return `\n${fencedBlock(block.text, 'diff')}`;
  return `\n${fencedBlock(shownLines(block), block.language)}`;
}

/**
 * The code a block shows: its lines as written. A whole file's text (what the vault holds)
 * ends in its last line's break, which the fence's own line break stands for: printed, it
 * would show a line the file does not have.
 */
function shownLines(block: HydrationBlock): string {
  if (parseEntityKey(block.entityKey).qualifiedName !== null) return block.text;
  return block.text.replace(/\r?\n$/, '');
}

/**
 * An entity an earlier episode showed, unchanged (or rejected) since, and not sent again:
 * one line. A rejected one is never worded as if it were still good.
 */
function listedLine(block: HydrationBlock): string {
  if (block.status === 'rejected') return `rejected since ${since(block)} (\`cairn reject\`), do not rely on it: ${oneLine(block.entityKey)}\n`;
  return `unchanged since ${since(block)}: ${oneLine(block.entityKey)}\n`;
}

/** True for a block that is one line: an unchanged or rejected entity whose text is not sent again. */
export function isListed(block: HydrationBlock): boolean {
  return block.body === 'none' && (block.status === 'unchanged' || block.status === 'rejected');
}

/**
 * One block in markdown: what it adds to the render (starts with "## ", ends with a blank
 * line; a listed entity is its one line).
 */
export function markdownBlock(block: HydrationBlock): string {
  if (isListed(block)) return listedLine(block);
  return `## ${heading(block)}\n${metaLine(block)}${notice(block)}${body(block)}\n`;
}

function firstLine(query: string): string {
  const line = oneLine(query.trim().split('\n', 1)[0] ?? '');
  return line.length > QUERY_SHOWN ? `${line.slice(0, QUERY_SHOWN)}…` : line;
}

export function markdownHeader(hydration: Pick<Hydration, 'conversationId' | 'episodeId' | 'query'>): string {
  return `# cairn hydration · conversation ${hydration.conversationId} · episode ${hydration.episodeId}\n\nquery: ${firstLine(hydration.query)}\n\n`;
}

export function markdownFooter(hydration: Pick<Hydration, 'blocks' | 'cut' | 'budget' | 'notes' | 'episodeId'>): string {
  const { budget, cut } = hydration;
  const cutPhrase = cut.length === 0 ? '' : ` · ${cut.length} cut by the budget (\`cairn episode ${hydration.episodeId}\` lists them)`;
  const notes = hydration.notes.map((note) => `- ${oneLine(note)}\n`).join('');
  return `---\n${notes}${hydration.blocks.length} of ${budget.maxEntities} entities · ${budget.usedTokens} of ${budget.maxTokens} tokens (${budget.tokenizer})${cutPhrase}\n`;
}

export function renderHydrationMarkdown(hydration: Hydration): string {
  return `${markdownHeader(hydration)}${hydration.blocks.map(markdownBlock).join('')}${markdownFooter(hydration)}`;
}

/**
 * The JSON form: one object, its blocks last, one compact line each, so that a block adds
 * exactly its own line. The cut entities are summarised (`cairn episode ID --json` lists
 * them): a list of everything that did not fit would itself eat the budget. The query is
 * cut as in markdown (the caller has it; the episode keeps it whole).
 */
export function jsonHead(hydration: Omit<Hydration, 'blocks'> & { blocks?: unknown }): string {
  const { cut, blocks: _printedAfter, ...rest } = hydration;
  const summary = {
    count: cut.length,
    byTokens: cut.filter((entry) => entry.cutBy === 'tokens').length,
    byEntities: cut.filter((entry) => entry.cutBy === 'entities').length,
  };
  const head = JSON.stringify(snakeKeys({ ...rest, query: firstLine(rest.query), cut: summary }));
  return `${head.slice(0, -1)},"blocks":[\n`;
}

export const JSON_TAIL = ']}\n';

/** A listed block (isListed) carries what names it and when it was seen, not the artifact hashes and times of a shown one. */
export function jsonBlock(block: HydrationBlock): string {
  if (!isListed(block)) return JSON.stringify(snakeKeys(block));
  const { entityKey, reason, status, body, path, startLine, endLine, previousEpisode, tokenCount } = block;
  return JSON.stringify(snakeKeys({ entityKey, reason, status, body, path, startLine, endLine, previousEpisode, tokenCount }));
}

export function renderHydrationJson(hydration: Hydration): string {
  return `${jsonHead(hydration)}${hydration.blocks.map(jsonBlock).join(',\n')}${hydration.blocks.length > 0 ? '\n' : ''}${JSON_TAIL}`;
}

export function renderHydration(hydration: Hydration, format: HydrationFormat): string {
  return format === 'json' ? renderHydrationJson(hydration) : renderHydrationMarkdown(hydration);
}

/** What one block costs to render in a format, before counting. */
export function blockText(block: HydrationBlock, format: HydrationFormat): string {
  return format === 'json' ? `${jsonBlock(block)},\n` : markdownBlock(block);
}
