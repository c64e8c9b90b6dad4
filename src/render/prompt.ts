// The prompt form: compact plain text to paste into a prompt. One block per item — a
// "[n] path::Symbol" line, a line saying why it is included, on a file's first item the
// file's model summary when there is a current one, the fenced text — then the
// dependencies, notes and one budget line. No markdown headings or tables.

import type { ContextPackage, FileEdge } from '../core/context-package.js';
import { fencedBlock } from './fence.js';
import {
  closestPhrase,
  countsPhrase,
  matchPhrase,
  demotedPhrase,
  evictedPhrase,
  historyChanges,
  historyLine,
  metaLine,
  summaryLine,
  usagePhrase,
  windowPhrase,
  type Printer,
} from './printer.js';
import { buildView, type ItemView, type RenderView } from './view.js';

/** The line that opens the dependency list; it also ends the item list for parsers. */
export const PROMPT_DEPENDENCIES = 'DEPENDENCIES';

/** The first line of every prompt render: the match strength and its evidence. */
export const PROMPT_MATCH = 'MATCH ';

function header(view: RenderView): string {
  const closest = closestPhrase(view);
  return (
    `${PROMPT_MATCH}${matchPhrase(view)}\n` +
    (closest === null ? '' : `CLOSEST ${closest}\n`) +
    `CONTEXT task ${view.taskId} · run ${view.runId} · ${countsPhrase(view.counts)} · ${usagePhrase(view.budget)}\n` +
    `QUERY ${view.query}\n`
  );
}

function item(entry: ItemView, number: number): string {
  const head = `\n[${number}] ${entry.key}\n${metaLine(entry)}\n${entry.summary ? summaryLine(entry.summary) : ''}`;
  return entry.detail === 'path' ? head : `${head}${fencedBlock(entry.text, entry.language)}`;
}

function edge(entry: FileEdge): string {
  return `${entry.from} -> ${entry.to} (${entry.relation})\n`;
}

// Every part after the header starts with the blank line that separates it.
function footer(view: RenderView): string[] {
  const edges = view.edges.length > 0 ? view.edges.map(edge).join('') : '(none among the files shown)\n';
  const sections = [`\n${PROMPT_DEPENDENCIES}\n${edges}`];
  if (view.history) sections.push(`\nHISTORY (recent commits of these files)\n${view.history.map((entry) => `${historyLine(entry)}\n${historyChanges(entry, '  ')}`).join('')}`);
  if (view.notes.length > 0) sections.push(`\nNOTES\n${view.notes.map((note) => `${note}\n`).join('')}`);
  const budget = view.budget;
  sections.push(
    `\nBUDGET ${windowPhrase(budget)} · ${demotedPhrase(budget)} · ${evictedPhrase(budget)} · duplicates ${budget.deduplicated}\n`,
  );
  return sections;
}

function render(view: RenderView): string {
  return [header(view), ...view.items.map((entry, i) => item(entry, i + 1)), ...footer(view)].join('');
}

export const promptPrinter: Printer = { format: 'prompt', render, item, edge, summary: summaryLine };

export function renderPrompt(pkg: ContextPackage): string {
  return render(buildView(pkg));
}
