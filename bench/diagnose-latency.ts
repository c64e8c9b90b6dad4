// Wall time of triggers plus deep retrieval, in-process, on a run directory of 1,000 log
// files and an existing index (sympy: 2,087 files, 41k symbols), with a failure memory of
// 500 entries. Bundles are tracebacks through real functions of the index (seeded), half of
// them thin enough to escalate at high priority. Measured per diagnosis:
//
//   session   ports (index reader, ranker, failure memory) opened once, as a long-lived
//             process would: walk of the run directory, triggers, the three categories;
//   one-shot  the same with the ports opened and closed inside the timing, as one CLI run does
//             (start-up of node and module loading excluded).
//
// The index directory must be a copy (a reader creates SQLite's -shm/-wal files, and the
// failure memory is written there): cp /work/bench-data/idx-sympy/index.db DIR/
//
//   npm run bench:build
//   node dist-bench/bench/diagnose-latency.js <repo> <index-dir-copy> [runs=40] [warmup=5]

import { mkdtempSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openReader } from '../src/app/stores.js';
import { openDiagnostics } from '../src/app/diagnostics.js';
import { openFailureMemory } from '../src/app/stores.js';
import { defaultDiagnostics } from '../src/config/diagnostics-defaults.js';
import type { SymbolRecord } from '../src/core/entities.js';
import { normaliseBundle } from '../src/diagnostics/bundle.js';
import { deepRetrieve } from '../src/diagnostics/deep-retrieve.js';
import { shouldEscalate } from '../src/diagnostics/escalate.js';
import { newFailure } from '../src/diagnostics/failure-signature.js';
import { openRunDirectory } from '../src/diagnostics/run-directory.js';

const [repo, indexDir, runsArg = '40', warmupArg = '5'] = process.argv.slice(2);
if (!repo || !indexDir) {
  console.error('usage: diagnose-latency.js <repo> <index-dir-copy> [runs=40] [warmup=5]');
  process.exit(2);
}
const runs = Number(runsArg);
const warmup = Number(warmupArg);
let seed = 42;
const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const functions = loadFunctions();
const bundles = Array.from({ length: runs + warmup }, (_, index) => bundleThrough(index));
const runDir = makeRunDir();
seedMemory();

const settings = defaultDiagnostics();
const session = openDiagnostics({ indexDir });
const warm: number[] = [];
const warmCpu: number[] = [];
const oneShot: number[] = [];
const priorities: Record<string, number> = {};
const sizes = { run: 0, sot: 0, memory: 0 };
try {
  for (let i = 0; i < bundles.length; i++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const decision = shouldEscalate(bundles[i], 'build', 2, { runDir: openRunDirectory(runDir), settings });
    const report = await deepRetrieve(session.ports, { bundle: decision.bundle, phaseId: 'build', priority: decision.priority, runDir: openRunDirectory(runDir), repoRoot: repo, notSourceOfTruth: [indexDir], settings, now: Date.now() });
    const used = process.cpuUsage(cpu);
    if (i < warmup) continue;
    warm.push(performance.now() - started);
    warmCpu.push((used.user + used.system) / 1000);
    priorities[decision.priority] = (priorities[decision.priority] ?? 0) + 1;
    sizes.run += report.runArtifacts.bytes;
    sizes.sot += report.sotFiles.bytes;
    sizes.memory += report.memoryEntries.bytes;
  }
} finally {
  session.close();
}
for (let i = warmup; i < Math.min(bundles.length, warmup + 15); i++) {
  const started = performance.now();
  const fresh = openDiagnostics({ indexDir });
  try {
    const run = openRunDirectory(runDir);
    const decision = shouldEscalate(bundles[i], 'build', 2, { runDir: run, settings });
    await deepRetrieve(fresh.ports, { bundle: decision.bundle, phaseId: 'build', priority: decision.priority, runDir: run, repoRoot: repo, notSourceOfTruth: [indexDir], settings, now: Date.now() });
  } finally {
    fresh.close();
  }
  oneShot.push(performance.now() - started);
}
rmSync(runDir, { recursive: true, force: true });

console.log(`run directory: 1,000 log files · index: ${functions.length} functions · memory: 500 failures · priorities ${JSON.stringify(priorities)}`);
console.log(`mean bytes taken: run ${Math.round(sizes.run / warm.length)}, sot ${Math.round(sizes.sot / warm.length)}, memory ${Math.round(sizes.memory / warm.length)}`);
console.log(`session  (n=${warm.length}): wall ${describe(warm)} · CPU ${describe(warmCpu)}`);
console.log(`one-shot (n=${oneShot.length}): wall ${describe(oneShot)}`);

function describe(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

function loadFunctions(): SymbolRecord[] {
  const reader = openReader({ indexDir: indexDir! });
  try {
    return reader.allSymbols().filter((symbol) => (symbol.kind === 'function' || symbol.kind === 'method') && !symbol.path.includes('/tests/'));
  } finally {
    reader.close();
  }
}

/** A traceback through three functions of the index; every other bundle is thin (no root cause, a short message). */
function bundleThrough(index: number): unknown {
  const frames = [pick(functions), pick(functions), pick(functions)];
  const trace = [
    'Traceback (most recent call last):',
    ...frames.map((symbol) => `  File "/usr/lib/python3.12/site-packages/${symbol.path}", line ${symbol.startLine + 1}, in ${symbol.name}\n    ${symbol.name}(expr)`),
    `TypeError: unsupported operand type(s) for +: '${frames[2]!.name}' and 'NoneType'`,
  ].join('\n');
  if (index % 2 === 0) return { error_message: 'TypeError', stack_trace: trace };
  return { error_message: `TypeError: unsupported operand type(s) for +: '${frames[2]!.name}' and 'NoneType'`, stack_trace: trace, recent_changes: [frames[0]!.path], root_cause: `${frames[2]!.name} returns None for an empty argument list` };
}

/** 1,000 logs over three days: phases, attempts, sizes from 200 B to 40 KiB, markers in some. */
function makeRunDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-diag-run-'));
  const now = Date.now() / 1000;
  for (let i = 0; i < 1_000; i++) {
    const phase = pick(['build', 'test', 'lint', 'deploy']);
    const path = join(dir, phase, `attempt-${1 + (i % 3)}`, `step-${i}.log`);
    mkdirSync(join(dir, phase, `attempt-${1 + (i % 3)}`), { recursive: true });
    const size = 200 + Math.floor(random() * 40 * 1024);
    const marker = random() < 0.1 ? '\nTraceback (most recent call last):\n' : '';
    writeFileSync(path, `${'log line of the run\n'.repeat(Math.floor(size / 20))}${marker}`);
    const when = now - random() * 72 * 3600;
    utimesSync(path, when, when);
  }
  return dir;
}

function seedMemory(): void {
  const memory = openFailureMemory({ indexDir: indexDir! });
  try {
    for (let i = 0; i < 500; i++) {
      const bundle = normaliseBundle(bundleThrough(i * 2 + 1)).bundle;
      memory.record(newFailure(bundle, `fixed ${i}`, 'build'));
    }
  } finally {
    memory.close();
  }
}
