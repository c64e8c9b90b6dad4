// Cost of the full-text encoding done in the extraction workers (searchTextOf), against the
// pre-scanner reference implementation in the same run, and a check that both give the
// same bytes on every file. Not run by `npm test`. Build and run:
//
//   npm run bench:build
//   node dist-bench/bench/search-text-bench.js /tmp/symcopy [repeats=5] [threads=2]
//
// Files are walked and extracted as `cairn index` does (processFile), untimed; then each
// implementation encodes every text file with one encoder per simulated worker thread
// (files dealt round-robin, fresh encoders each repeat, as in a fresh index run). Times are
// the median CPU time (user + system) of this process over the repeats; MB/s counts the
// files' text.

import { readFileSync } from 'node:fs';
import { SearchTextEncoder, searchTextOf, type SearchableText, type SearchTextSource } from '../src/core/search-text.js';
import { OracleSearchTextEncoder, oracleSearchTextOf } from '../src/core/search-text-oracle.fixture.js';
import { processFile } from '../src/indexer/process-file.js';
import { walkRepositorySync } from '../src/indexer/walk/walk.js';

const MAX_FILE_BYTES = 1024 * 1024;

interface Implementation {
  name: string;
  encodeAll: (sources: readonly SearchTextSource[], threads: number) => number;
}

function loadSources(root: string): SearchTextSource[] {
  const sources: SearchTextSource[] = [];
  for (const event of walkRepositorySync(root, { maxFileBytes: MAX_FILE_BYTES, includeVendored: false, exclude: [] })) {
    if (event.type !== 'file') continue;
    const content = readFileSync(event.absPath);
    const indexed = processFile({ path: event.path, size: event.size, mtimeMs: event.mtimeMs, content });
    if (indexed.text === null) continue;
    sources.push({ path: event.path, text: indexed.text, symbols: indexed.symbols, symbolBodies: indexed.symbolBodies, docChunks: indexed.docChunks });
  }
  return sources;
}

function encoderRun<E>(makeEncoder: () => E, encode: (source: SearchTextSource, encoder: E) => SearchableText) {
  return (sources: readonly SearchTextSource[], threads: number): number => {
    const encoders = Array.from({ length: threads }, makeEncoder);
    let characters = 0; // consumed, so that no work can be skipped
    sources.forEach((source, index) => {
      characters += encode(source, encoders[index % threads]!).body.length;
    });
    return characters;
  };
}

const IMPLEMENTATIONS: Implementation[] = [
  { name: 'reference (regex)', encodeAll: encoderRun(() => new OracleSearchTextEncoder(), oracleSearchTextOf) },
  { name: 'current', encodeAll: encoderRun(() => new SearchTextEncoder(), searchTextOf) },
];

/** Files whose encodings differ between the two implementations (one memo each, one thread). */
function differingFiles(sources: readonly SearchTextSource[]): string[] {
  const oracle = new OracleSearchTextEncoder();
  const current = new SearchTextEncoder();
  const differing: string[] = [];
  for (const source of sources) {
    const expected = JSON.stringify(oracleSearchTextOf(source, oracle));
    if (JSON.stringify(searchTextOf(source, current)) !== expected) differing.push(source.path);
  }
  return differing;
}

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function main(): void {
  const [root = '.', repeatArg = '5', threadArg = '2'] = process.argv.slice(2);
  const repeats = Number(repeatArg);
  const threads = Number(threadArg);
  const sources = loadSources(root);
  const megabytes = sources.reduce((sum, source) => sum + Buffer.byteLength(source.text ?? ''), 0) / 1e6;
  const differing = differingFiles(sources); // doubles as the warm-up of both
  const times = IMPLEMENTATIONS.map(() => [] as number[]);
  for (let repeat = 0; repeat < repeats; repeat++) {
    IMPLEMENTATIONS.forEach((implementation, index) => {
      times[index]!.push(cpuMs(() => implementation.encodeAll(sources, threads)));
    });
  }
  console.log(`${root}: ${sources.length} text files, ${megabytes.toFixed(1)} MB; ${threads} encoders, median of ${repeats}`);
  const medians = times.map(median);
  IMPLEMENTATIONS.forEach((implementation, index) => {
    const ms = medians[index]!;
    console.log(`  ${implementation.name.padEnd(18)} ${ms.toFixed(0).padStart(6)} ms CPU  ${(megabytes / (ms / 1000)).toFixed(1).padStart(6)} MB/s`);
  });
  console.log(`  speed-up ${(medians[0]! / medians[1]!).toFixed(2)}×; files with different output: ${differing.length}`);
  for (const path of differing.slice(0, 10)) console.log(`    ${path}`);
}

main();
