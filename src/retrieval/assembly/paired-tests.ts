// The tests of the code to change, as code. A test file named after a file that holds a
// primary definition, or whose code refers to a primary definition, is offered whole when
// small, else as an excerpt of its test code (the lines outside its helper definitions,
// which are offered on their own) around the lines that mention the task. It ranks below the
// primaries' callers and callees and above files named without code; held in reserve (its
// file beyond its tier's cap), it comes only with what the rest leaves, and only as code.

import type { ContextItem, ItemTexts } from '../../core/context-package.js';
import { parseEntityKey, type FileRecord } from '../../core/entities.js';
import type { CuratedReader } from '../../store/curated.js';
import { isNamedAfter } from '../stages/test-pairs.js';
import type { KnowledgeBase, ScopedFile } from '../stages/stage.js';
import { excerptOf, FILE_EXCERPT } from './excerpt.js';
import { moduleLineMask } from './module-lines.js';
import { textKey, type TermMatcher } from './term-matcher.js';

/** Rough characters per token, only to choose the ceiling (the fitter counts exactly). */
const CHARS_PER_TOKEN = 3.5;
/** A paired test's priority: above files without code (< 0.5), below most context (0.6–1), by the primary it tests. */
const PAIRED_TEST_BAND = { base: 0.5, span: 0.1 } as const;

/** What a test tests of the code to change: the primary definition it refers to, or whose file it is named after. */
export interface TestedCode {
  key: string;
  /** The primary's score, 0.5–1. */
  score: number;
}

/**
 * The strongest primary definition (of `primaries`, key → score) that the test file's code
 * refers to, or that lives in a file the test is named after; null when none.
 */
export function testedCode(reader: CuratedReader, testPath: string, primaries: ReadonlyMap<string, number>): TestedCode | null {
  let best: TestedCode | null = null;
  const offer = (key: string): void => {
    const score = primaries.get(key);
    if (score !== undefined && (best === null || score > best.score)) best = { key, score };
  };
  for (const edge of reader.referencesFrom(testPath)) offer(edge.toKey);
  for (const key of primaries.keys()) if (isNamedAfter(testPath, parseEntityKey(key).path)) offer(key);
  return best;
}

export interface PairedTestInputs {
  terms: TermMatcher;
  available: number;
  /** Largest share of the budget the test may take whole. */
  fullShare: number;
  /** Held in reserve: priority below every other code item (reserveScore). */
  reserve: boolean;
  tested: TestedCode;
}

/** Items held in reserve rank below every other code item, by their own score (0–1). */
export function reserveScore(score: number): number {
  return 0.25 * Math.min(1, Math.max(0, score));
}

/** The test file as a code item, or null when it has no text that shows code. */
export function pairedTestItem(file: ScopedFile, record: FileRecord, kb: KnowledgeBase, inputs: PairedTestInputs): ContextItem | null {
  const source = kb.sources.read(record);
  const lines = kb.sources.lines(record);
  if (!source.ok || lines === null) return null;
  const text = source.text;
  // A test no longer than an excerpt is offered whole: an excerpt of it would be all of it.
  const whole = text.length / CHARS_PER_TOKEN <= inputs.fullShare * inputs.available || record.lines <= FILE_EXCERPT.maxLines;
  const eligible = moduleLineMask(kb.reader.symbolsOfFile(record.path), lines.count);
  const excerpt = excerptOf(lines, 1, lines.count, inputs.terms.lineWeights(textKey(record), text), { ...FILE_EXCERPT, eligible, confine: true });
  const texts: ItemTexts = { full: whole ? lines.slice(1, lines.count) : null, excerpt, signature: null };
  if (texts.full === null && texts.excerpt === null) return null;
  const reason = `test of ${inputs.tested.key}, code to change${inputs.reserve ? '; held in reserve' : ''}`;
  return {
    path: record.path,
    symbolKey: null,
    language: record.language,
    startLine: 1,
    endLine: Math.max(1, record.lines),
    detail: texts.full !== null ? 'full' : 'excerpt',
    texts,
    tokens: 0,
    provenance: {
      stage: 'scope',
      tier: file.tier,
      reason,
      signals: { ...file.signals, pairedTest: 1 },
      score: inputs.reserve ? reserveScore(inputs.tested.score / 2) : PAIRED_TEST_BAND.base + PAIRED_TEST_BAND.span * inputs.tested.score,
    },
    demotedFrom: null,
    ...(inputs.reserve ? { codeOnly: true as const } : {}),
  };
}
