// Store write and search benchmark for the SQLite curated index on a synthetic repository
// (bench/synthetic-index.ts). Reports files/s and MB/s for writeFiles and search latency.
//
// Run (tsc does not run TypeScript directly on Node 20, so compile the entry first):
//   npx tsc --module nodenext --moduleResolution nodenext --target es2022 --esModuleInterop \
//     --skipLibCheck --rootDir . --outDir dist/bench-build bench/store-write.ts
//   node dist/bench-build/bench/store-write.js [files=2000] [bytesPerFile=20000] [batch=100]

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { SearchTarget } from '../src/store/curated.js';
import { indexPaths, openSqliteCuratedReader, openSqliteIndexWriter } from '../src/store/sqlite/index.js';
import { matchedColumns, rankedSearch } from '../src/store/sqlite/fts-search.js';
import { TermStatistics } from '../src/store/sqlite/term-stats.js';
import { StatementCache } from '../src/store/sqlite/statements.js';
import { random, syntheticFile, vocabulary, type SyntheticOptions, type Vocabulary } from './synthetic-index.js';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

function generate(options: SyntheticOptions) {
  const next = random(options.seed);
  const vocab = vocabulary(next, 20_000);
  const files = Array.from({ length: options.files }, (_, at) => syntheticFile(next, vocab, at, options));
  return { vocab, files, next };
}

function measureWrite(dir: string, files: ReturnType<typeof generate>['files'], batch: number): number {
  const writer = openSqliteIndexWriter(dir);
  const started = performance.now();
  for (let at = 0; at < files.length; at += batch) writer.writeFiles(files.slice(at, at + batch));
  writer.setState('complete');
  const elapsed = performance.now() - started;
  writer.close();
  return elapsed;
}

function queries(next: () => number, vocab: Vocabulary, count: number): string[][] {
  return Array.from({ length: count }, () => {
    const terms = Array.from({ length: 1 + Math.floor(next() * 4) }, () => vocab.identifier(next));
    // Half whole identifiers, half their parts, like the query side's code tokens.
    return next() < 0.5 ? terms.map((t) => t.toLowerCase()) : terms.flatMap((t) => t.split(/_|(?=[A-Z])/).map((p) => p.toLowerCase()));
  });
}

function measureSearch(dir: string, target: SearchTarget, terms: string[][], limit: number) {
  const reader = openSqliteCuratedReader(dir);
  const times: number[] = [];
  let hits = 0;
  for (const query of terms) {
    const started = performance.now();
    hits += reader.search({ terms: query, target, limit }).length;
    times.push(performance.now() - started);
  }
  reader.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), meanHits: hits / terms.length };
}

/** Cost of the matchedFields follow-up alone, on the same queries. */
function measureMatchedFields(dir: string, target: SearchTarget, terms: string[][], limit: number) {
  const db = new Database(indexPaths(dir).curated, { readonly: true });
  const sql = new StatementCache(db);
  const stats = new TermStatistics(sql);
  const times: number[] = [];
  for (const query of terms) {
    const ranked = rankedSearch(sql, stats, { terms: query, target, limit });
    if (ranked === null) continue;
    const started = performance.now();
    matchedColumns(sql, target, ranked.match, ranked.rows);
    times.push(performance.now() - started);
  }
  db.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

function main(): void {
  const [files = 2000, bytesPerFile = 20_000, batch = 100] = process.argv.slice(2).map(Number);
  const options: SyntheticOptions = { files, bytesPerFile, symbolsPerFile: 25, rawRefsPerFile: 200, seed: 42 };
  const { vocab, files: indexed, next } = generate(options);
  const megabytes = indexed.reduce((sum, f) => sum + (f.text?.length ?? 0), 0) / 1e6;
  const symbols = indexed.reduce((sum, f) => sum + f.symbols.length, 0);
  const dir = mkdtempSync(join(tmpdir(), 'cairn-store-bench-'));
  try {
    const ms = measureWrite(dir, indexed, batch);
    const dbMb = statSync(indexPaths(dir).curated).size / 1e6;
    console.log(`write: ${files} files, ${megabytes.toFixed(1)} MB, ${symbols} symbols, batch ${batch}`);
    console.log(`  ${(ms / 1000).toFixed(2)} s = ${((files * 1000) / ms).toFixed(0)} files/s, ${((megabytes * 1000) / ms).toFixed(1)} MB/s; index.db ${dbMb.toFixed(1)} MB`);
    const workload = queries(next, vocab, 300);
    for (const target of ['symbol', 'file'] as const) {
      const search = measureSearch(dir, target, workload, 20);
      const matched = measureMatchedFields(dir, target, workload, 20);
      console.log(
        `search ${target} (limit 20, ${workload.length} queries): p50 ${search.p50.toFixed(2)} ms, p95 ${search.p95.toFixed(2)} ms, ` +
          `mean hits ${search.meanHits.toFixed(1)}; matchedFields follow-up p50 ${matched.p50.toFixed(2)} ms, p95 ${matched.p95.toFixed(2)} ms`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
