// Vector benchmark (optional vectors). Run by hand, never by `npm test`:
//
//   npm run bench:build && node dist-bench/bench/vector-bench.js knn [count=50000] [dimensions=384]
//   npm run bench:build && node dist-bench/bench/vector-bench.js reindex <repo> [runs=5]
//
// knn: synthetic unit vectors in a fresh vectors.db (sqlite-vec, exact cosine KNN): write
// time, file size, and KNN latency (k = 100, the ranker's neighbour count) over 50 queries.
//
// reindex: on <repo> (never modified: the index and the config live in a temp folder), a
// full index with `embed` pointing at the local test model server (hash embeddings, the
// real Ollama protocol), then `runs` no-change re-indexes with and without `embed`
// configured, alternating: median seconds of each and the embed calls made (must be 0).

import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drainIndex, runIndex } from '../src/app/stores.js';
import { openRepo } from '../src/app/repo.js';
import { openSqliteVectorIndex } from '../src/store/sqlite/vector-index.js';
import { startModelServer } from '../test/support/model-server.js';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Deterministic pseudo-random unit vectors (xorshift), so runs are comparable. */
function vectors(count: number, dimensions: number, seed: number): Float32Array[] {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 0xffffffff) * 2 - 1;
  };
  return Array.from({ length: count }, () => {
    const vector = Float32Array.from({ length: dimensions }, next);
    const norm = Math.hypot(...vector);
    return vector.map((value) => value / norm);
  });
}

function knn(count: number, dimensions: number): void {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-vector-bench-'));
  try {
    const index = openSqliteVectorIndex(dir);
    const data = vectors(count, dimensions, 7);
    const writeStart = performance.now();
    for (let start = 0; start < count; start += 1000) {
      index.upsert(
        'bench:synthetic',
        data.slice(start, start + 1000).map((vector, i) => ({ id: `f${Math.floor((start + i) / 25)}.py::s${start + i}`, path: `f${Math.floor((start + i) / 25)}.py`, vector })),
      );
    }
    const writeSeconds = (performance.now() - writeStart) / 1000;
    const queries = vectors(50, dimensions, 99);
    index.nearest(queries[0]!, 100); // warm the page cache
    const cpu: number[] = [];
    const wall: number[] = [];
    for (const query of queries) {
      const cpuStart = process.cpuUsage();
      const wallStart = performance.now();
      index.nearest(query, 100);
      wall.push(performance.now() - wallStart);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
    index.close();
    const mb = statSync(join(dir, 'vectors.db')).size / 1e6;
    console.log(`knn: ${count} × ${dimensions}d, write ${writeSeconds.toFixed(1)} s, vectors.db ${mb.toFixed(0)} MB`);
    console.log(`knn k=100 over 50 queries: wall p50 ${percentile(wall, 50).toFixed(1)} ms, p95 ${percentile(wall, 95).toFixed(1)} ms; CPU p50 ${percentile(cpu, 50).toFixed(1)} ms, p95 ${percentile(cpu, 95).toFixed(1)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function reindex(repo: string, runs: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'cairn-vector-reindex-'));
  const server = await startModelServer({ dimensions: 384 });
  try {
    const withEmbed = join(work, 'with-embed.yaml');
    const without = join(work, 'without.yaml');
    writeFileSync(withEmbed, `embed:\n  provider: ollama\n  model: test-model\n  baseUrl: ${server.url}\n`);
    writeFileSync(without, '{}\n');
    const indexDir = join(work, 'index');
    const run = async (configPath: string) => {
      const start = performance.now();
      const summary = await drainIndex(runIndex(await openRepo({ repo, indexDir, configPath, env: {} })));
      return { seconds: (performance.now() - start) / 1000, summary };
    };
    const full = await run(withEmbed);
    console.log(`full index with embed: ${full.seconds.toFixed(1)} s, ${full.summary.symbols} symbols, vectors ${JSON.stringify(full.summary.vectors)}`);
    const calls = server.embedCalls.length;
    const timings = { embed: [] as number[], plain: [] as number[] };
    for (let i = 0; i < runs; i++) {
      timings.embed.push((await run(withEmbed)).seconds);
      timings.plain.push((await run(without)).seconds);
    }
    const median = (values: number[]) => percentile(values, 50);
    console.log(`no-change re-index (${runs} runs each): with embed median ${median(timings.embed).toFixed(3)} s, without ${median(timings.plain).toFixed(3)} s, difference ${((median(timings.embed) - median(timings.plain)) * 1000).toFixed(0)} ms; embed calls during them: ${server.embedCalls.length - calls}`);
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'knn') knn(Number(args[0] ?? 50_000), Number(args[1] ?? 384));
else if (mode === 'reindex' && args[0]) await reindex(args[0], Number(args[1] ?? 5));
else console.error('usage: vector-bench.js knn [count] [dimensions] | reindex <repo> [runs]');
