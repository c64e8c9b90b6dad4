// Design (a) of issue 25, measured before choosing: how many curated-store reads one
// retrieval makes, by method, and how long SQLite takes for them in-process — the reads a
// PostgreSQL-table index would turn into loopback round trips. The reader under the
// retrieval is wrapped in a counting proxy; each task runs with a fresh read memo (a
// fresh replica's first query: nothing remembered) and then again with the session's memo
// kept (a warm server). Prints JSON.
//
//   npm run bench:build
//   node dist-bench/bench/pg-reads.js <repo> <index-dir> <tasks.txt> [tasks=20]

import { readFileSync } from 'node:fs';
import { openRepo } from '../src/app.js';
import { openRetrieval } from '../src/app-retrieval.js';
import { ReadMemo } from '../src/retrieval/pipeline/memo-reader.js';
import { retrieve } from '../src/retrieval/pipeline/retrieve.js';
import type { CuratedReader } from '../src/store/curated.js';

const [repo, indexDir, tasksFile, countArg = '20'] = process.argv.slice(2);
if (!repo || !indexDir || !tasksFile) {
  console.error('usage: pg-reads.js <repo> <index-dir> <tasks.txt> [tasks=20]');
  process.exit(2);
}

interface Tally {
  calls: number;
  ms: number;
  rows: number;
}

function counting(reader: CuratedReader, tally: Map<string, Tally>): CuratedReader {
  return new Proxy(reader, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        const entry = tally.get(String(property)) ?? { calls: 0, ms: 0, rows: 0 };
        entry.calls += 1;
        entry.ms += performance.now() - started;
        entry.rows += Array.isArray(result) ? result.length : result instanceof Map ? result.size : 1;
        tally.set(String(property), entry);
        return result;
      };
    },
  });
}

const tasks = readFileSync(tasksFile, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean).slice(0, Number(countArg));
const session = await openRetrieval(await openRepo({ repo, indexDir, env: {} }), { refresh: false, llm: null, env: {} });
const plainReader = session.ports.reader;
const budget = { contextWindow: 16000, reservedTokens: 4000 };

async function run(task: string, memo: ReadMemo): Promise<{ tally: Map<string, Tally>; wallMs: number }> {
  const tally = new Map<string, Tally>();
  const ports = { ...session.ports, reader: counting(plainReader, tally), readMemo: memo };
  const started = performance.now();
  await retrieve(ports, { task, stages: ['scope', 'precision'], budget, format: 'markdown' });
  return { tally, wallMs: performance.now() - started };
}

function summary(runs: { tally: Map<string, Tally>; wallMs: number }[]) {
  const methods = new Map<string, Tally>();
  const perRun = runs.map((r) => [...r.tally.values()].reduce((n, t) => n + t.calls, 0)).sort((a, b) => a - b);
  for (const { tally } of runs) {
    for (const [name, t] of tally) {
      const m = methods.get(name) ?? { calls: 0, ms: 0, rows: 0 };
      m.calls += t.calls;
      m.ms += t.ms;
      m.rows += t.rows;
      methods.set(name, m);
    }
  }
  const n = runs.length;
  return {
    runs: n,
    readsPerRun: { p50: perRun[Math.floor(n / 2)], max: perRun[n - 1], mean: perRun.reduce((a, b) => a + b, 0) / n },
    wallMsPerRun: runs.map((r) => r.wallMs).sort((a, b) => a - b)[Math.floor(n / 2)],
    byMethod: Object.fromEntries(
      [...methods].sort((a, b) => b[1].calls - a[1].calls).map(([name, t]) => [name, { callsPerRun: t.calls / n, rowsPerRun: t.rows / n, sqliteMsPerRun: t.ms / n }]),
    ),
  };
}

try {
  await run(tasks[0]!, new ReadMemo()); // JIT and tokenizer warm-up, not counted
  const fresh = [];
  for (const task of tasks) fresh.push(await run(task, new ReadMemo()));
  const warmMemo = new ReadMemo();
  const warm = [];
  for (const task of tasks) warm.push(await run(task, warmMemo));
  console.log(JSON.stringify({ repo, tasks: tasks.length, freshMemo: summary(fresh), sessionMemo: summary(warm) }, null, 2));
} finally {
  session.close();
}
