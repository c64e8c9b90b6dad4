// Code evidence: how strongly each definition of the files in focus bears on the task, by
// what its own text says — fielded BM25 of its name, signature, docstring and body with
// the task's weighted terms — and not by its name alone. Combined with the standing of its
// file (the ranker's file order is the most reliable signal cairn has), this ranks the
// functions whose bodies the package should show. Module-level code (tables, constants,
// registrations) is scored the same way, per file, as lines outside every definition.

import type { SymbolRecord } from '../../core/entities.js';
import { CLASS_LIKE_KINDS } from '../../core/entities.js';
import { codeTokens, expandWord } from '../../core/tokens.js';
import type { SourceTexts } from '../assembly/source-texts.js';
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

/** Scores the definitions and module-level code of each file for the task's weighted terms. */
export function scoreCode(reader: CuratedReader, sources: SourceTexts, paths: readonly string[], terms: ReadonlyMap<string, number>): CodeEvidence {
  const docs: { file: string; key: string | null; name: string; tokens: string[] }[] = [];
  for (const path of paths) {
    const record = reader.file(path);
    if (!record || record.kind === 'doc') continue;
    const source = sources.read(record);
    if (!source.ok) continue;
    const symbols = reader.symbolsOfFile(path);
    const lines = source.text.split('\n');
    for (const symbol of symbols) docs.push({ file: path, key: symbol.key, name: symbol.name, tokens: codeTokens(ownText(symbol, symbols, lines)) });
    docs.push({ file: path, key: null, name: '', tokens: codeTokens(moduleText(symbols, lines)) });
  }
  const averageLength = docs.reduce((sum, doc) => sum + doc.tokens.length, 0) / Math.max(1, docs.length) || 1;
  const files = new Map<string, FileEvidence>();
  let max = 0;
  for (const doc of docs) {
    const evidence = files.get(doc.file) ?? { units: [], module: 0 };
    files.set(doc.file, evidence);
    const text = bm25(doc.tokens, terms, averageLength);
    const name = doc.key === null ? 0 : nameWeight(doc.name, terms);
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

function bm25(tokens: readonly string[], terms: ReadonlyMap<string, number>, averageLength: number): number {
  if (tokens.length === 0) return 0;
  const tf = new Map<string, number>();
  for (const token of tokens) if (terms.has(token)) tf.set(token, (tf.get(token) ?? 0) + 1);
  const norm = K1 * (1 - B + (B * tokens.length) / averageLength);
  let score = 0;
  for (const [term, count] of tf) score += (terms.get(term)! * count * (K1 + 1)) / (count + norm);
  return score;
}

function nameWeight(name: string, terms: ReadonlyMap<string, number>): number {
  let weight = 0;
  for (const token of expandWord(name)) weight += terms.get(token) ?? 0;
  return weight;
}

/** A definition's lines without those of the definitions nested in it (a class: its header and fields). */
export function ownText(symbol: SymbolRecord, symbols: readonly SymbolRecord[], lines: readonly string[]): string {
  const children = symbols.filter((other) => other.parent === symbol.qualifiedName && other.key !== symbol.key);
  if (children.length === 0 || !CLASS_LIKE_KINDS.has(symbol.kind)) return lines.slice(symbol.startLine - 1, symbol.endLine).join('\n');
  return keptLines(symbol.startLine, symbol.endLine, children, lines);
}

/** The file's lines outside every top-level definition. */
export function moduleText(symbols: readonly SymbolRecord[], lines: readonly string[]): string {
  return keptLines(1, lines.length, symbols.filter((symbol) => symbol.parent === null), lines);
}

function keptLines(start: number, end: number, holes: readonly Pick<SymbolRecord, 'startLine' | 'endLine'>[], lines: readonly string[]): string {
  const inHole = new Uint8Array(end - start + 1);
  for (const hole of holes) {
    for (let line = Math.max(start, hole.startLine); line <= Math.min(end, hole.endLine); line++) inHole[line - start] = 1;
  }
  const kept: string[] = [];
  for (let line = start; line <= end; line++) if (inHole[line - start] === 0) kept.push(lines[line - 1] ?? '');
  return kept.join('\n');
}

/** The task's weighted terms as a map (a term listed twice keeps its larger weight). */
export function termWeights(terms: readonly { term: string; weight: number }[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const { term, weight } of terms) weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  return weights;
}

