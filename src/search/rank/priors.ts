// File priors: tests, examples, vendored and generated code, docs and package markers are
// rarely what a task needs changed — unless the task is about them.

import type { FileRecord } from '../../core/entities.js';

export interface PriorContext {
  /** The task talks about tests (so test files keep their full weight). */
  aboutTests: boolean;
  /** The task talks about documentation. */
  aboutDocs: boolean;
}

export function filePrior(file: FileRecord, context: PriorContext): number {
  if (file.isGenerated || file.isVendored) return 0.2;
  if (file.isTest) return context.aboutTests ? 0.9 : 0.35;
  if (file.isExample) return 0.4;
  if (file.kind === 'doc') return context.aboutDocs ? 0.9 : 0.3;
  if (file.kind !== 'code') return 0.4;
  if (/(^|\/)__init__\.py$|(^|\/)index\.[jt]sx?$|(^|\/)mod\.rs$/.test(file.path)) return 0.75;
  return 1;
}

const TEST_WORDS = /\b(tests?|unit ?tests?|pytest|test suite|flaky|fixtures?|conftest|coverage)\b/i;
const DOC_WORDS = /\b(docs?|documentation|docstrings?|readme|typos?|tutorial|guide)\b/i;

export function priorContext(title: string, text: string): PriorContext {
  return { aboutTests: TEST_WORDS.test(title), aboutDocs: DOC_WORDS.test(title) || (DOC_WORDS.test(text) && /\bdocs?\b/i.test(title)) };
}
