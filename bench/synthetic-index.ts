// A deterministic synthetic repository for store benchmarks: code-like files built from a
// vocabulary of camelCase / snake_case identifiers, with symbols whose bodies partition
// each file (as src/indexer/symbol-bodies.ts does: each byte belongs to one symbol),
// imports, raw references and a few doc files.

import { entityKey, type SymbolRecord } from '../src/core/entities.js';
import type { IndexedFile } from '../src/store/curated.js';

export interface SyntheticOptions {
  files: number;
  bytesPerFile: number;
  symbolsPerFile: number;
  rawRefsPerFile: number;
  seed: number;
}

/** mulberry32: small, fast, deterministic. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON_WORDS = (
  'user name get set load save parse token index file path cache query result value node tree graph edge ' +
  'item list map key config option build run task stage budget score rank search match filter limit count ' +
  'record entry log session store reader writer stream buffer chunk block frame table column row field ' +
  'schema version error retry timeout request response client server handler route state event signal ' +
  'worker pool queue job batch merge split join sort order group window range offset size length hash'
).split(' ');

const SYLLABLES = 'ka lo mi ne ru sa ti vo ze ba de fi go hu ja ke lu ma no pe qui ra so tu ve xa yo zu'.split(' ');

/** Common English-ish words first, then invented ones: a long tail like real code. */
function baseWords(next: () => number, size: number): string[] {
  const out = new Set(COMMON_WORDS);
  while (out.size < size) out.add(Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(next, SYLLABLES)).join(''));
  return [...out];
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** Zipf-distributed choice (s = 1): the i-th item is about i times rarer than the first. */
export function zipf<T>(items: readonly T[]): (next: () => number) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= items.length; rank++) cumulative.push((total += 1 / rank));
  return (next) => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    return items[low] as T;
  };
}

export interface Vocabulary {
  identifiers: string[];
  /** Zipf choice over identifiers. */
  identifier: (next: () => number) => string;
  word: (next: () => number) => string;
}

export function vocabulary(next: () => number, size: number): Vocabulary {
  const words = baseWords(next, Math.max(COMMON_WORDS.length, Math.floor(size / 10)));
  const word = zipf(words);
  const out = new Set<string>();
  while (out.size < size) {
    const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => word(next));
    const camel = parts.map((part, at) => (at === 0 ? part : part[0]?.toUpperCase() + part.slice(1))).join('');
    out.add(next() < 0.5 ? camel : parts.join('_'));
  }
  const identifiers = [...out];
  return { identifiers, identifier: zipf(identifiers), word };
}

function codeLine(next: () => number, vocab: Vocabulary): string {
  const a = vocab.identifier(next);
  const b = vocab.identifier(next);
  const c = vocab.identifier(next);
  const shapes = [
    `    ${a} = ${b}(${c}, self.${vocab.identifier(next)})`,
    `    if ${a}.${b} is not None and ${c} > 0:`,
    `        return ${a}[${b}] + ${c}  # ${vocab.word(next)} ${vocab.word(next)} ${vocab.word(next)}`,
    `    for ${a} in ${b}.${c}():`,
  ];
  return pick(next, shapes);
}

function fileText(next: () => number, vocab: Vocabulary, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line = codeLine(next, vocab);
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

function symbolsOf(next: () => number, vocab: Vocabulary, path: string, text: string, count: number) {
  const symbols: SymbolRecord[] = [];
  const bodies = new Map<string, string>();
  const slice = Math.floor(text.length / count);
  for (let at = 0; at < count; at++) {
    const name = `${vocab.identifier(next)}${at}`;
    const isClass = at % 5 === 0;
    const parent = isClass ? null : (symbols[at - (at % 5)]?.qualifiedName ?? null);
    const qualifiedName = parent === null ? name : `${parent}.${name}`;
    const key = entityKey(path, qualifiedName);
    const startByte = at * slice;
    symbols.push({
      key, path, name, qualifiedName, kind: isClass ? 'class' : 'method',
      signature: isClass ? `class ${name}(${vocab.identifier(next)}):` : `def ${name}(self, ${vocab.identifier(next)}, ${vocab.identifier(next)}):`,
      doc: next() < 0.5 ? `${vocab.word(next)} the ${vocab.word(next)} of a ${vocab.word(next)}` : null,
      startByte, endByte: startByte + slice, startLine: at * 10 + 1, endLine: at * 10 + 10, signatureEndLine: at * 10 + 1,
      parent, exported: true, method: 'ast',
    });
    bodies.set(key, text.slice(startByte, startByte + slice));
  }
  return { symbols, bodies };
}

export function syntheticFile(next: () => number, vocab: Vocabulary, at: number, options: SyntheticOptions): IndexedFile {
  const path = `pkg${at % 40}/${vocab.identifier(next)}_${at}.py`;
  const text = fileText(next, vocab, options.bytesPerFile);
  const { symbols, bodies } = symbolsOf(next, vocab, path, text, options.symbolsPerFile);
  return {
    file: {
      path, language: 'python', kind: 'code', size: text.length, mtimeMs: 1_700_000_000_000 + at, hash: `h${at}`,
      lines: text.split('\n').length, method: 'ast', parseNote: null, isTest: at % 10 === 0, isExample: false,
      isVendored: false, isGenerated: false, lastCommitAt: null, commitCount: 0,
    },
    symbols,
    imports: Array.from({ length: 8 }, (_, line) => ({
      fromPath: path, specifier: `pkg${line}.${vocab.identifier(next)}`, names: [vocab.identifier(next)], line: line + 1,
      kind: 'static' as const, toPaths: [`pkg${line}/x_${line}.py`],
    })),
    rawReferences: Array.from({ length: options.rawRefsPerFile }, (_, n) => ({
      fromPath: path, fromKey: symbols[n % symbols.length]?.key ?? path, name: vocab.identifier(next),
      qualifier: null, kind: 'call' as const, line: n + 1,
    })),
    docChunks: [],
    text,
    symbolBodies: bodies,
  };
}
