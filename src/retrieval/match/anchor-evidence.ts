// Anchors as match evidence: a stack frame inside the project, a refinement's request, a
// path, link, module or title tag the task names, or a name it writes as code that
// resolves to few definitions. The weights are the analysis's own (resolve-anchors.ts:
// source, completeness, how many definitions share a name), lowered where the anchor is
// common to every project: a bare file name ("README.md", "CONTRIBUTING.md" in a pull-request
// template) or a name that is an everyday word ("get", "Object.create") proves little.

import type { TaskQuery } from '../task/task-query.js';
import { looksLikeCode } from '../../search/query/anchors.js';
import { tokenOf, type TaskWord } from './task-vocabulary.js';

export interface AnchorEvidence {
  /** 0–1 (an in-project frame: 1). */
  weight: number;
  /** What resolved: "stack frame src/flask/app.py:1262", "path src/a.ts (title)", "names Cart.total (inline)". */
  what: string;
}

/** A file named by its bare name (one path segment) counts this much of its weight. */
const BARE_NAME_SHARE = 0.5;

export function strongestAnchor(task: TaskQuery, words: readonly TaskWord[]): AnchorEvidence | null {
  const found: AnchorEvidence[] = [];
  const { files, symbols, tests } = task.requested;
  const requested = [...files, ...symbols, ...tests];
  // What an agent asks for by name in a refinement is what it knows it needs.
  if (requested.length > 0) found.push({ weight: 1, what: `requested by a refinement: ${requested[0]}` });
  const frame = task.frames[0];
  if (frame) found.push({ weight: 1, what: `stack frame ${frame.path}:${frame.line ?? '?'}` });
  for (const file of task.mentionedFiles) {
    if (!file.named) continue;
    const reason = file.reasons[0] ?? file.path;
    found.push({ weight: Math.min(1, file.weight) * (isBareName(reason) ? BARE_NAME_SHARE : 1), what: reason });
  }
  const specificity = new Map(words.map((word) => [word.token, word.specificity]));
  for (const symbol of task.mentionedSymbols) {
    const reason = symbol.reasons[0] ?? symbol.key;
    const name = /^names (\S+)/.exec(reason)?.[1];
    // A frame's function is as strong as the frame; an identifier resolved as written (a
    // dotted name by its qualifier too) as strong as its resolution; a plain word written as
    // code (`get`, `type`) only as specific as the word.
    const exact = name !== undefined && looksLikeCode(name) && resolvedAsWritten(name, symbol.key);
    const weight = name === undefined || exact ? symbol.weight : symbol.weight * (specificity.get(tokenOf(name.split('.').pop()!)) ?? 0);
    found.push({ weight: Math.min(1, weight), what: reason });
  }
  found.sort((a, b) => b.weight - a.weight);
  return found[0] ?? null;
}

/** `Cart.total` resolved to a definition qualified so; a bare name to any definition of it. */
function resolvedAsWritten(name: string, key: string): boolean {
  const parts = name.split('.');
  if (parts.length < 2) return true;
  const qualified = parts.slice(-2).join('.');
  return key.endsWith(`::${qualified}`) || key.endsWith(`.${qualified}`);
}

/** "path README.md (prose)", "path CONTRIBUTING.md (url)": a file named without any folder. */
function isBareName(reason: string): boolean {
  const path = /^path (\S+)/.exec(reason)?.[1];
  return path !== undefined && !path.includes('/');
}
