// Store write and search benchmark for the SQLite curated index, on a synthetic repository
// (bench/synthetic-index.ts) or on real git work trees (bench/real-corpus.ts). Reports
// files/s and MB/s for writeFiles (wall and CPU time: the machine may be shared) and the
// latency of search, with the matchedFields follow-up measured on its own.
//
// Run (tsc does not run TypeScript directly on Node 20, so compile the entry first):
//   npx tsc --module nodenext --moduleResolution nodenext --target es2022 --esModuleInterop \
//     --skipLibCheck --rootDir . --outDir dist/bench-build bench/store-write.ts
//   node dist/bench-build/bench/store-write.js [files=2000] [bytesPerFile=20000] [--batch 100]
//   node dist/bench-build/bench/store-write.js --repos /path/a,/path/b [--batch 100]

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { codeTokens } from '../src/core/tokens.js';
import type { IndexedFile, SearchTarget } from '../src/store/curated.js';
import { indexPaths, openSqliteCuratedReader, openSqliteIndexWriter } from '../src/store/sqlite/index.js';
import { matchedColumns, rankedSearch } from '../src/store/sqlite/fts-search.js';
import { TermStatistics } from '../src/store/sqlite/term-stats.js';
import { StatementCache } from '../src/store/sqlite/statements.js';
import { realCorpus } from './real-corpus.js';
import { random, syntheticFile, vocabulary, type SyntheticOptions, type Vocabulary } from './synthetic-index.js';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

interface Workload {
  label: string;
  files: IndexedFile[];
  queries: string[][];
}

/** Synthetic files (bench/synthetic-index.ts) and queries of Zipf-chosen identifiers. */
function syntheticWorkload(files: number, bytesPerFile: number): Workload {
  const options: SyntheticOptions = { files, bytesPerFile, symbolsPerFile: 25, rawRefsPerFile: 200, seed: 42 };
  const next = random(options.seed);
  const vocab = vocabulary(next, 20_000);
  const indexed = Array.from({ length: files }, (_, at) => syntheticFile(next, vocab, at, options));
  return { label: 'synthetic', files: indexed, queries: queries(next, vocab, 300) };
}

/** Real repositories (bench/real-corpus.ts); queries are the code tokens of 1-4 symbol names. */
function realWorkload(roots: string[]): Workload {
  const files = realCorpus(roots);
  const names = files.flatMap((file) => file.symbols.map((symbol) => symbol.name));
  const next = random(7);
  const pick = () => names[Math.floor(next() * names.length)] ?? 'x';
  const picked = Array.from({ length: 300 }, () => Array.from({ length: 1 + Math.floor(next() * 4) }, pick));
  return { label: `real (${roots.length} repositories)`, files, queries: picked.map((list) => codeTokens(list.join(' '))) };
}

function measureWrite(dir: string, files: IndexedFile[], batch: number): { wallMs: number; cpuMs: number } {
  const writer = openSqliteIndexWriter(dir);
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let at = 0; at < files.length; at += batch) writer.writeFiles(files.slice(at, at + batch));
  writer.setState('complete');
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - started;
  writer.close();
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
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
  const cpuTimes: number[] = [];
  let hits = 0;
  for (const query of terms) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    hits += reader.search({ terms: query, target, limit }).length;
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - started);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  reader.close();
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    cpuP50: percentile(cpuTimes, 0.5),
    cpuP95: percentile(cpuTimes, 0.95),
    meanHits: hits / terms.length,
  };
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

function report(workload: Workload, batch: number): void {
  const megabytes = workload.files.reduce((sum, f) => sum + (f.text?.length ?? 0), 0) / 1e6;
  const symbols = workload.files.reduce((sum, f) => sum + f.symbols.length, 0);
  const rawRefs = workload.files.reduce((sum, f) => sum + f.rawReferences.length, 0);
  const count = workload.files.length;
  const dir = mkdtempSync(join(tmpdir(), 'cairn-store-bench-'));
  try {
    const { wallMs, cpuMs } = measureWrite(dir, workload.files, batch);
    const dbMb = statSync(indexPaths(dir).curated).size / 1e6;
    console.log(`${workload.label}: ${count} files, ${megabytes.toFixed(1)} MB, ${symbols} symbols, ${rawRefs} raw refs; writeFiles batches of ${batch}`);
    console.log(
      `  write ${(wallMs / 1000).toFixed(2)} s wall (${(cpuMs / 1000).toFixed(2)} s CPU) = ${((count * 1000) / wallMs).toFixed(0)} files/s, ` +
        `${((megabytes * 1000) / wallMs).toFixed(1)} MB/s wall, ${((megabytes * 1000) / cpuMs).toFixed(1)} MB/s CPU; index.db ${dbMb.toFixed(1)} MB`,
    );
    for (const target of ['symbol', 'file'] as const) {
      const search = measureSearch(dir, target, workload.queries, 20);
      const matched = measureMatchedFields(dir, target, workload.queries, 20);
      console.log(
        `  search ${target} (limit 20, ${workload.queries.length} queries): p50 ${search.p50.toFixed(2)} ms, p95 ${search.p95.toFixed(2)} ms ` +
          `(CPU p50 ${search.cpuP50.toFixed(2)} ms, p95 ${search.cpuP95.toFixed(2)} ms), ` +
          `mean hits ${search.meanHits.toFixed(1)}; of which matchedFields p50 ${matched.p50.toFixed(2)} ms, p95 ${matched.p95.toFixed(2)} ms`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const repos = args.indexOf('--repos');
  const batchAt = args.indexOf('--batch');
  const batch = batchAt >= 0 ? Number(args[batchAt + 1]) : 100;
  if (repos >= 0) {
    report(realWorkload((args[repos + 1] ?? '').split(',')), batch);
    return;
  }
  const [files = 2000, bytesPerFile = 20_000] = args.filter((arg, at) => !arg.startsWith('--') && args[at - 1] !== '--batch').map(Number);
  report(syntheticWorkload(files, bytesPerFile), batch);
}

main();
