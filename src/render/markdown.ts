// The markdown form, for people and for models that read markdown: a short header, one
// section per item (heading with path and symbol, why it is included, on a file's first item
// the model summary of the file when there is a current one, fenced text), then
// dependencies among the included files, notes and what the budget did.

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

/** Section headings after the items; `## Dependencies` also ends the item list for parsers. */
export const MARKDOWN_DEPENDENCIES = '## Dependencies';
/** The historical section: recent commits of the files shown, newest first. */
export const MARKDOWN_HISTORY = '## History (recent commits of these files)';

/** The first line of every markdown render: the match strength and its evidence. */
export const MARKDOWN_MATCH = 'match: ';

function header(view: RenderView): string {
  const closest = closestPhrase(view);
  return (
    `${MARKDOWN_MATCH}${matchPhrase(view)}\n` +
    (closest === null ? '' : `closest candidates: ${closest}\n`) +
    `\n# cairn context · task ${view.taskId}\n\n` +
    `run ${view.runId} · ${countsPhrase(view.counts)} · ${usagePhrase(view.budget)}\n` +
    `query: ${view.query}\n`
  );
}

function item(entry: ItemView, number: number): string {
  const head = `\n## ${number}. ${entry.key}\n${metaLine(entry)}\n${entry.summary ? summaryLine(entry.summary) : ''}`;
  return entry.detail === 'path' ? head : `${head}\n${fencedBlock(entry.text, entry.language)}`;
}

function edge(entry: FileEdge): string {
  return `- ${entry.from} → ${entry.to} (${entry.relation})\n`;
}

// Every part after the header starts with the blank line that separates it.
function footer(view: RenderView): string[] {
  const edges = view.edges.length > 0 ? view.edges.map(edge).join('') : '(none among the files shown)\n';
  const sections = [`\n${MARKDOWN_DEPENDENCIES}\n\n${edges}`];
  if (view.history) sections.push(`\n${MARKDOWN_HISTORY}\n\n${view.history.map((entry) => `- ${historyLine(entry)}\n${historyChanges(entry, '  ')}`).join('')}`);
  if (view.notes.length > 0) sections.push(`\n## Notes\n\n${view.notes.map((note) => `- ${note}\n`).join('')}`);
  const budget = view.budget;
  sections.push(
    `\n## Budget\n\n${windowPhrase(budget)}\n${demotedPhrase(budget)} · ${evictedPhrase(budget)} · duplicates ${budget.deduplicated}\n`,
  );
  return sections;
}

function render(view: RenderView): string {
  const parts = [header(view), ...view.items.map((entry, i) => item(entry, i + 1)), ...footer(view)];
  return parts.join('');
}

export const markdownPrinter: Printer = { format: 'markdown', render, item, edge, summary: summaryLine };

export function renderMarkdown(pkg: ContextPackage): string {
  return render(buildView(pkg));
}
