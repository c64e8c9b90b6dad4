// ContextPackage → markdown | prompt | json. Faces call `renderPackage`; the budget
// fitter uses `printerFor` to count exactly what a render will contain.

import type { ContextPackage, RenderFormat } from '../core/context-package.js';
import { jsonPrinter } from './json.js';
import { markdownPrinter } from './markdown.js';
import type { Printer } from './printer.js';
import { promptPrinter } from './prompt.js';
import { buildView } from './view.js';

const PRINTERS: Record<RenderFormat, Printer> = {
  markdown: markdownPrinter,
  prompt: promptPrinter,
  json: jsonPrinter,
};

export function printerFor(format: RenderFormat): Printer {
  return PRINTERS[format];
}

export function renderPackage(pkg: ContextPackage, format: RenderFormat): string {
  return printerFor(format).render(buildView(pkg));
}

export { renderMarkdown } from './markdown.js';
export { renderPrompt } from './prompt.js';
export { renderJson, jsonView, parseJson, jsonItemKey, type JsonView, type JsonItem } from './json.js';
export { parseMarkdown, parseMarkdownMatch, parsePrompt, parsePromptMatch, type ParsedItem, type ParsedMatch } from './parse.js';
export type { Printer } from './printer.js';
export type { RenderView, ItemView, BudgetDigest } from './view.js';
