// Reading a markdown or prompt render back into its items. The tests use this to prove a
// render is coherent: every item comes back, in order, with its text byte for byte.

import { parseEntityKey } from '../core/entities.js';
import { InputError } from '../core/errors.js';
import { MATCH_STRENGTHS, type Detail, type MatchStrength } from '../core/context-package.js';
import { MARKDOWN_DEPENDENCIES, MARKDOWN_MATCH } from './markdown.js';
import { META_DETAIL, SUMMARY_LABEL } from './printer.js';
import { PROMPT_DEPENDENCIES, PROMPT_MATCH } from './prompt.js';

export interface ParsedItem {
  /** The number printed before the item. */
  number: number;
  path: string;
  symbolKey: string | null;
  detail: Detail;
  /** The lines of its file the item stands for (1-based, inclusive), as its meta line says. */
  startLine: number;
  endLine: number;
  /** '' for a path-only item. */
  text: string;
  /** The fence's info string, '' for a path-only item. */
  language: string;
  /** The file's model-summary line as printed, when the item carries one. */
  summary?: string;
}

interface Layout {
  /** Captures the item number and its key. */
  heading: RegExp;
  /** The line after the last item. */
  end: string;
}

const MARKDOWN_LAYOUT: Layout = { heading: /^## (\d+)\. (.*)$/, end: MARKDOWN_DEPENDENCIES };
const PROMPT_LAYOUT: Layout = { heading: /^\[(\d+)\] (.*)$/, end: PROMPT_DEPENDENCIES };
const FENCE_OPEN = /^(`{3,})([^`]*)$/;

/** A render's first line (and, unless strong, the closest candidates on the next). */
export interface ParsedMatch {
  strength: MatchStrength;
  summary: string;
  /** The closest-candidates line after its label, or null when the render has none. */
  closest: string | null;
}

export function parseMarkdownMatch(text: string): ParsedMatch {
  return parseMatch(text, MARKDOWN_MATCH, 'closest candidates: ');
}

export function parsePromptMatch(text: string): ParsedMatch {
  return parseMatch(text, PROMPT_MATCH, 'CLOSEST ');
}

function parseMatch(text: string, label: string, closestLabel: string): ParsedMatch {
  const [first = '', second = ''] = text.split('\n', 2);
  const match = first.startsWith(label) ? /^(\w+) — (.*)$/.exec(first.slice(label.length)) : null;
  const strength = match?.[1] as MatchStrength | undefined;
  if (match === null || strength === undefined || !MATCH_STRENGTHS.includes(strength)) throw invalid(`line 1: expected "${label}strong|weak|none — …"`);
  return { strength, summary: match[2] ?? '', closest: second.startsWith(closestLabel) ? second.slice(closestLabel.length) : null };
}

export function parseMarkdown(text: string): ParsedItem[] {
  return parseItems(text, MARKDOWN_LAYOUT);
}

export function parsePrompt(text: string): ParsedItem[] {
  return parseItems(text, PROMPT_LAYOUT);
}

function parseItems(text: string, layout: Layout): ParsedItem[] {
  const lines = text.split('\n');
  const items: ParsedItem[] = [];
  let at = 0;
  while (at < lines.length && lines[at] !== layout.end) {
    const heading = layout.heading.exec(lines[at] ?? '');
    if (heading === null) {
      at += 1;
      continue;
    }
    const parsed = parseItem(lines, at, heading);
    items.push(parsed.item);
    at = parsed.next;
  }
  if (at >= lines.length) throw invalid(`no "${layout.end}" line after the items`);
  return items;
}

function parseItem(lines: string[], at: number, heading: RegExpExecArray): { item: ParsedItem; next: number } {
  const key = heading[2] ?? '';
  const { path, qualifiedName } = parseEntityKey(key);
  const meta = META_DETAIL.exec(lines[at + 1] ?? '');
  if (meta === null) throw invalid(`line ${at + 2}: expected "tier N · detail ..." after "${lines[at]}"`);
  const detail = meta[1] as Detail;
  const summary = lines[at + 2]?.startsWith(`${SUMMARY_LABEL} (`) ? lines[at + 2] : undefined;
  const base = {
    number: Number(heading[1]),
    path,
    symbolKey: qualifiedName === null ? null : key,
    detail,
    startLine: Number(meta[2]),
    endLine: Number(meta[3]),
    ...(summary !== undefined ? { summary } : {}),
  };
  const after = at + (summary === undefined ? 2 : 3);
  if (detail === 'path') return { item: { ...base, text: '', language: '' }, next: after };
  let open = after;
  while (lines[open] === '') open += 1;
  const fence = FENCE_OPEN.exec(lines[open] ?? '');
  if (fence === null) throw invalid(`line ${open + 1}: expected a code fence for ${key}`);
  const close = lines.indexOf(fence[1] ?? '', open + 1);
  if (close < 0) throw invalid(`the code fence opened on line ${open + 1} is never closed`);
  const body = lines.slice(open + 1, close).join('\n');
  return { item: { ...base, text: body, language: fence[2] ?? '' }, next: close + 1 };
}

function invalid(message: string): InputError {
  return new InputError('INPUT_INVALID', `not a cairn context render: ${message}`);
}
