// The table-based o200k_base counter (src/retrieval/budget/bpe/) against gpt-tokenizer's
// countTokens on every file of some folders (.git folders left out, every other file read
// as UTF-8 text, binary ones included): per-file and total counts, countAtMost at the exact
// count and one below, then warm counting throughput of both. Not run by `npm test`.
//
//   npm run build && npm run bench:build
//   node dist-bench/bench/bpe-exactness.js /work/bench-data/corpora/sympy /work/bench-data/corpora/vite [repeats=5]
//
// Exit code 1 when any count differs. Throughput: each repeat counts every file once with
// each counter, alternating which goes first; the figure is the median wall time (the
// counters are single-threaded), MB = the files' UTF-8 size.

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createTableO200kCounter } from '../src/tokenizer/bpe/o200k.js';
import type { TokenCounter } from '../src/tokenizer/tokens.js';

type CountTokens = (text: string, options: { disallowedSpecial: Set<string> }) => number;

interface Corpus {
  root: string;
  files: { path: string; text: string; bytes: number }[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.git' ? [] : filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

function loadCorpus(root: string): Corpus {
  const files = filesUnder(root).map((path) => {
    const raw = readFileSync(path);
    return { path, text: raw.toString('utf8'), bytes: raw.length };
  });
  return { root, files };
}

function checkCorpus(corpus: Corpus, table: TokenCounter, reference: (text: string) => number): number {
  let mismatches = 0;
  let tableTotal = 0;
  let referenceTotal = 0;
  for (const { path, text } of corpus.files) {
    const expected = reference(text);
    const got = table.count(text);
    const atMost = table.countAtMost!(text, expected);
    const below = expected === 0 ? null : table.countAtMost!(text, expected - 1);
    tableTotal += got;
    referenceTotal += expected;
    if (got !== expected || atMost !== expected || below !== null) {
      mismatches++;
      console.log(`MISMATCH ${path}: gpt-tokenizer ${expected}, table ${got}, countAtMost(=) ${atMost}, countAtMost(-1) ${below}`);
    }
  }
  const bytes = corpus.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(`${corpus.root}: ${corpus.files.length} files, ${(bytes / 1e6).toFixed(1)} MB; tokens gpt-tokenizer ${referenceTotal}, table ${tableTotal}; files that differ: ${mismatches}`);
  return mismatches;
}

function timeAll(texts: readonly string[], count: (text: string) => number): number {
  const started = performance.now();
  let sink = 0;
  for (const text of texts) sink += count(text);
  if (sink < 0) throw new Error('unreachable');
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function throughput(corpus: Corpus, table: TokenCounter, reference: (text: string) => number, repeats: number): void {
  const texts = corpus.files.map((file) => file.text);
  const mb = corpus.files.reduce((sum, file) => sum + file.bytes, 0) / 1e6;
  const times = { table: [] as number[], reference: [] as number[] };
  for (let repeat = 0; repeat < repeats; repeat++) {
    if (repeat % 2 === 0) {
      times.table.push(timeAll(texts, table.count));
      times.reference.push(timeAll(texts, reference));
    } else {
      times.reference.push(timeAll(texts, reference));
      times.table.push(timeAll(texts, table.count));
    }
  }
  const tableMs = median(times.table);
  const referenceMs = median(times.reference);
  console.log(
    `${corpus.root} warm, median of ${repeats}: table ${tableMs.toFixed(0)} ms (${(mb / (tableMs / 1000)).toFixed(1)} MB/s), ` +
      `gpt-tokenizer ${referenceMs.toFixed(0)} ms (${(mb / (referenceMs / 1000)).toFixed(1)} MB/s), ratio ${(referenceMs / tableMs).toFixed(2)}×`,
  );
}

function main(): void {
  const args = process.argv.slice(2);
  const repeats = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 5;
  if (args.length === 0) throw new Error('usage: bpe-exactness.js FOLDER... [repeats]');
  const table = createTableO200kCounter();
  if (table === null) throw new Error('dist/tokenizer/o200k_base.bin is missing: run npm run build');
  const { countTokens } = createRequire(import.meta.url)('gpt-tokenizer/cjs/encoding/o200k_base') as { countTokens: CountTokens };
  const plainText = { disallowedSpecial: new Set<string>() };
  const reference = (text: string): number => countTokens(text, plainText);
  const corpora = args.map(loadCorpus);
  const mismatches = corpora.reduce((sum, corpus) => sum + checkCorpus(corpus, table, reference), 0);
  console.log(`files that differ, all folders: ${mismatches}`);
  if (repeats > 0) for (const corpus of corpora) throughput(corpus, table, reference, repeats);
  if (mismatches > 0) process.exitCode = 1;
}

main();
