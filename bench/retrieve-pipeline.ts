// The retrieval pipeline on real indexes: gold-file coverage inside the package at given
// budgets (deterministic judgement), package shape, and per-run latency (wall and CPU; the
// machine may be shared). Indexes are opened read-only; raw log and sessions go to a temp dir.
//
// Run (tsc does not run TypeScript directly on Node 20, so compile the entry first):
//   npx tsc --strict --module nodenext --moduleResolution nodenext --target es2022 --esModuleInterop \
//     --skipLibCheck --rootDir . --outDir dist/bench-build bench/retrieve-pipeline.ts
//   node dist/bench-build/bench/retrieve-pipeline.js --dataset shared/bench/locbench-dev.jsonl \
//     --indexes /work/bench-data/indexes --trees /work/bench-data/tasks [--budgets 8000,32000] [--only REGEX] [--repeat N]
// --repeat N runs each task N more times on its (then warm) index and reports those latencies.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { packageFiles } from '../src/eval/package/package-evaluator.js';
import { retrieve, type RetrievalPorts } from '../src/retrieval/pipeline/retrieve.js';
import { openSqliteCuratedReader, openSqliteRawLog, openSqliteSessionStore } from '../src/store/sqlite/index.js';

interface Task {
  id: string;
  query: string;
  gold_files: string[];
}

interface Tally {
  tasks: number;
  coverage: number;
  complete: number;
  files: number;
  details: Record<string, number>;
  wall: number[];
  cpu: number[];
}

function option(name: string, fallback?: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

async function main(): Promise<void> {
  const budgets = option('budgets', '8000,32000').split(',').map(Number);
  const only = process.argv.includes('--only') ? new RegExp(option('only')) : null;
  const repeat = Number(option('repeat', '0'));
  const tasks = readFileSync(option('dataset'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Task)
    .filter((task) => !only || only.test(task.id));
  const logs = mkdtempSync(join(tmpdir(), 'cairn-bench-retrieve-'));
  const rawLog = openSqliteRawLog(logs);
  const sessions = openSqliteSessionStore(logs);
  const tallies = new Map<number, Tally>(budgets.map((b) => [b, { tasks: 0, coverage: 0, complete: 0, files: 0, details: {}, wall: [], cpu: [] }]));
  const warm: number[] = [];
  try {
    for (const task of tasks) {
      const indexDir = join(option('indexes'), task.id);
      const root = join(option('trees'), task.id);
      if (!existsSync(join(indexDir, 'index.db')) || !existsSync(root)) continue;
      const reader = openSqliteCuratedReader(indexDir);
      const ports: RetrievalPorts = { reader, rawLog, sessions, root, llm: null };
      try {
        for (const budget of budgets) await measure(ports, task, budget, tallies.get(budget)!);
        for (let run = 0; run < repeat; run++) warm.push((await timed(ports, task, budgets[0]!)).wall);
      } finally {
        reader.close();
      }
    }
  } finally {
    rawLog.close();
    sessions.close();
    rmSync(logs, { recursive: true, force: true });
  }
  for (const [budget, t] of tallies) {
    const shape = Object.entries(t.details).map(([detail, n]) => `${detail} ${(n / t.tasks).toFixed(1)}`).join(', ');
    console.log(
      `budget ${budget}: ${t.tasks} tasks · gold-file coverage ${((100 * t.coverage) / t.tasks).toFixed(1)}% · all gold in ${((100 * t.complete) / t.tasks).toFixed(1)}% · ` +
        `${(t.files / t.tasks).toFixed(1)} files/package (${shape}) · wall p50 ${percentile(t.wall, 0.5).toFixed(0)} ms p90 ${percentile(t.wall, 0.9).toFixed(0)} ms · ` +
        `cpu p50 ${percentile(t.cpu, 0.5).toFixed(0)} ms`,
    );
  }
  if (warm.length > 0) console.log(`warm repeats at ${budgets[0]}: ${warm.length} runs · wall p50 ${percentile(warm, 0.5).toFixed(0)} ms p90 ${percentile(warm, 0.9).toFixed(0)} ms`);
}

async function timed(ports: RetrievalPorts, task: Task, budget: number) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await retrieve(ports, { task: task.query, stages: ['scope', 'precision'], budget: { contextWindow: budget, reservedTokens: 0 }, format: 'markdown' });
  const used = process.cpuUsage(cpu);
  return { result, wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

async function measure(ports: RetrievalPorts, task: Task, budget: number, tally: Tally): Promise<void> {
  const { result, wall, cpu } = await timed(ports, task, budget);
  const files = packageFiles(result.package);
  const hits = task.gold_files.filter((gold) => files.has(gold)).length;
  tally.tasks += 1;
  tally.coverage += hits / task.gold_files.length;
  tally.complete += hits === task.gold_files.length ? 1 : 0;
  tally.files += files.size;
  for (const item of result.package.items) tally.details[item.detail] = (tally.details[item.detail] ?? 0) + 1;
  tally.wall.push(wall);
  tally.cpu.push(cpu);
}

await main();
