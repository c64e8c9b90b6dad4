// In-process latency of `retrieve` on one repository's existing index (the index is not
// refreshed), as a server answers: one retrieval session for all runs, deterministic
// judgement, 16k window with 4k reserved. The session's fitting thread loads the tokenizer
// once and its read memo keeps index lookups between runs (memo-reader.ts), so a run's time
// depends on what ran before it. The bench therefore separates:
//
//   warm-up   the first WARMUP tasks of the file, once each, not measured (JIT, tokenizer,
//             and lookups of whatever files those tasks touched);
//   distinct  every other task once — no run repeats a task seen before: the figure to quote;
//   repeated  REPS − 1 further passes over those tasks, for a server asked the same again.
//
//   npm run bench:build
//   node dist-bench/bench/retrieve-latency.js <repo> <index-dir> <tasks.txt> [reps=1] [warmup=10] [tuning.json]
//   (tuning.json: overrides of DEFAULT_TUNING, as bench/tune-package.ts takes them)
//   (bench/tasks/sympy.txt holds 40 sympy tasks)

import { readFileSync } from 'node:fs';
import { openRepo } from '../src/app/repo.js';
import { openRetrieval } from '../src/app/retrieval.js';
import { retrieve } from '../src/retrieval/pipeline/retrieve.js';
import { withTuning, type TuningOverrides } from '../src/retrieval/tuning.js';

const [repo, indexDir, tasksFile, repsArg = '1', warmupArg = '10', tuningFile] = process.argv.slice(2);
if (!repo || !indexDir || !tasksFile) {
  console.error('usage: retrieve-latency.js <repo> <index-dir> <tasks.txt> [reps=1] [warmup=10]');
  process.exit(2);
}
const tuning = withTuning(tuningFile ? (JSON.parse(readFileSync(tuningFile, 'utf8')) as TuningOverrides) : {});
const tasks = readFileSync(tasksFile, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean);
const warmup = Math.min(Number(warmupArg), tasks.length - 1);
const measured = tasks.slice(warmup);
const session = await openRetrieval(await openRepo({ repo, indexDir, env: {} }), { refresh: false, llm: null, env: {} });

// CPU time (all threads of the process: the fitting thread too) is reported beside wall time:
// on a machine shared with other jobs it moves far less than wall time does.
const cpu: number[] = [];

async function timed(task: string): Promise<number> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  await retrieve(session.ports, { task, stages: ['scope', 'precision'], budget: { contextWindow: 16000, reservedTokens: 4000 }, format: 'markdown', tuning });
  const used = process.cpuUsage(cpuStarted);
  cpu.push((used.user + used.system) / 1000);
  return performance.now() - started;
}

const distinct: number[] = [];
const distinctCpu: number[] = [];
const repeated: number[] = [];
try {
  for (const task of tasks.slice(0, warmup)) await timed(task);
  cpu.length = 0;
  for (const task of measured) distinct.push(await timed(task));
  distinctCpu.push(...cpu);
  for (let rep = 1; rep < Math.max(1, Number(repsArg)); rep++) {
    for (const task of measured) repeated.push(await timed(task));
  }
} finally {
  session.close();
}

function summary(label: string, ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(0);
  return `${label}: ${sorted.length} runs, retrieve p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (min ${sorted[0]!.toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms)`;
}
console.log(`${warmup} warm-up tasks, ${measured.length} measured`);
console.log(summary('distinct tasks', distinct));
console.log(summary('distinct tasks, CPU', distinctCpu).replace('retrieve p50', 'CPU p50'));
if (repeated.length > 0) console.log(summary('repeated tasks', repeated));
