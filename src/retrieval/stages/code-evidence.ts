// Code evidence: how strongly each definition of the files in focus bears on the task, by
// what its own text says — fielded BM25 of its name, signature, docstring and body with
// the task's weighted terms — and not by its name alone. Combined with the standing of its
// file (the ranker's file order is the most reliable signal cairn has), this ranks the
// functions whose bodies the package should show. Module-level code (tables, constants,
// registrations) is scored the same way, per file, as lines outside every definition.

import type { SymbolRecord } from '../../core/entities.js';
import { CLASS_LIKE_KINDS } from '../../core/entities.js';
import type { SourceTexts } from '../source/source-texts.js';
import { textKey, type TermCounts, type TermMatcher } from '../source/term-matcher.js';
import { expandWord } from '../../core/tokens.js';
import type { CuratedReader } from '../../store/curated.js';

const K1 = 1.2;
const B = 0.75;
/** A term in the definition's name counts as much as this many uses in its body. */
const NAME_WEIGHT = 2;

export interface UnitScore {
  key: string;
  path: string;
  /** BM25 of the definition's own text (a class: its header and attributes, not its methods). */
  text: number;
  /** Weight of task terms in its name. */
  name: number;
}

export interface FileEvidence {
  units: UnitScore[];
  /** Relevance of the file's module-level lines (outside every definition), BM25 as for units. */
  module: number;
}

export interface CodeEvidence {
  files: Map<string, FileEvidence>;
  /** Largest unit or module relevance seen, for normalising. */
  max: number;
}

/** Scores the definitions and module-level code of each file for the task's terms. */
export function scoreCode(
  reader: CuratedReader,
  sources: SourceTexts,
  paths: readonly string[],
  matcher: TermMatcher,
  names: TermMatcher = matcher,
  proseName = 0,
): CodeEvidence {
  const docs: { file: string; key: string | null; name: string; counts: TermCounts }[] = [];
  for (const path of paths) {
    const record = reader.file(path);
    if (!record || record.kind === 'doc') continue;
    const source = sources.read(record);
    if (!source.ok) continue;
    const symbols = reader.symbolsOfFile(path);
    // Each line is counted once; a definition sums the lines it owns.
    const lines = matcher.lines(textKey(record), source.text);
    const count = lines.lengths.length;
    for (const symbol of symbols) docs.push({ file: path, key: symbol.key, name: symbol.name, counts: matcher.sum(lines, ownLines(symbol, symbols, count)) });
    docs.push({ file: path, key: null, name: '', counts: matcher.sum(lines, moduleLines(symbols, count)) });
  }
  const averageLength = docs.reduce((total, doc) => total + doc.counts.length, 0) / Math.max(1, docs.length) || 1;
  const files = new Map<string, FileEvidence>();
  let max = 0;
  for (const doc of docs) {
    const evidence = files.get(doc.file) ?? { units: [], module: 0 };
    files.set(doc.file, evidence);
    const text = bm25(doc.counts, matcher.weights, averageLength);
    // A definition's name counts the task's names in full, and its everyday words only as
    // parts of a compound name (nameWeight): that a helper happens to be called `unchanged`
    // is no evidence that it is the code to change.
    const name = doc.key === null ? 0 : nameWeight(doc.name, names, matcher, proseName);
    if (doc.key === null) evidence.module = text;
    else evidence.units.push({ key: doc.key, path: doc.file, text, name });
    max = Math.max(max, text + NAME_WEIGHT * name);
  }
  return { files, max };
}

/** A unit's relevance on a 0–1 scale (text plus name), given the evidence it came from. */
export function unitRelevance(unit: UnitScore, evidence: CodeEvidence): number {
  return evidence.max > 0 ? (unit.text + NAME_WEIGHT * unit.name) / evidence.max : 0;
}

export function moduleRelevance(file: FileEvidence, evidence: CodeEvidence): number {
  return evidence.max > 0 ? file.module / evidence.max : 0;
}

function bm25(counts: TermCounts, weights: Float64Array, averageLength: number): number {
  if (counts.length === 0) return 0;
  const norm = K1 * (1 - B + (B * counts.length) / averageLength);
  let score = 0;
  counts.tf.forEach((count, slot) => {
    if (count > 0) score += (weights[slot]! * count * (K1 + 1)) / (count + norm);
  });
  return score;
}

/**
 * The weight of the task's names in a definition's name and, at `prose` of their weight, of
 * the task's plain words that are one part of a compound name: a method called
 * `addElementsFromPasteOrLibrary` is about pasting in a way that a helper called `unchanged`
 * is not about leaving things unchanged (a whole name never counts).
 */
function nameWeight(name: string, names: TermMatcher, all: TermMatcher, prose: number): number {
  const named = names.weightOf(name);
  if (prose <= 0) return named;
  const plain = all.weightOf(name) - named;
  // Split into its parts (a stemmer call) only when a plain word of the task is in it at all.
  return plain > 0 && expandWord(name).length > 2 ? named + prose * plain : named;
}

/** The 1-based lines a definition owns: all of them, but a class's methods are their own. */
export function ownLines(symbol: SymbolRecord, symbols: readonly SymbolRecord[], lineCount: number): number[] {
  const end = Math.min(symbol.endLine, lineCount);
  if (!CLASS_LIKE_KINDS.has(symbol.kind)) return range(symbol.startLine, end);
  const children = symbols.filter((other) => other.parent === symbol.qualifiedName && other.key !== symbol.key);
  return keptLines(symbol.startLine, end, children);
}

/** The file's lines outside every top-level definition. */
export function moduleLines(symbols: readonly SymbolRecord[], lineCount: number): number[] {
  return keptLines(1, lineCount, symbols.filter((symbol) => symbol.parent === null));
}

function keptLines(start: number, end: number, holes: readonly Pick<SymbolRecord, 'startLine' | 'endLine'>[]): number[] {
  if (end < start) return [];
  const inHole = new Uint8Array(end - start + 1);
  for (const hole of holes) inHole.fill(1, Math.max(0, hole.startLine - start), Math.max(0, Math.min(end, hole.endLine) - start + 1));
  const kept: number[] = [];
  for (let line = start; line <= end; line++) if (inHole[line - start] === 0) kept.push(line);
  return kept;
}

function range(start: number, end: number): number[] {
  const out: number[] = [];
  for (let line = start; line <= end; line++) out.push(line);
  return out;
}
