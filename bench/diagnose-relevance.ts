// Relevance of diagnostics' source of truth: for failures whose text holds a Python or
// JavaScript traceback, how often the file that was fixed is among `sot_files`, with cairn's
// ranking and with the classic keyword count alone, on the same bundles, at the caps of the
// priority each bundle gets. Bundles (error message = the exception line, stack trace = the
// traceback; no recent changes, no root cause) come from
//
//   - the Loc-Bench dev set: every task whose issue text holds a traceback (gold: gold_files;
//     tree and index as `cairn eval` uses them; each index.db is copied before it is opened),
//   - git history (--git TREE, repeatable): every commit whose message holds a traceback
//     (gold: the files it changed), ranked at its parent in a shared clone made under --work
//     and indexed there, history up to the parent only.
//
//   npm run bench:build
//   node dist-bench/bench/diagnose-relevance.js --dataset ../shared/bench/locbench-dev.jsonl \
//     --repos /work/bench-data/tasks --index-root /work/bench-data/indexes \
//     --git /work/bench-data/tasks/yt-dlp__yt-dlp-11751 --git /work/bench-data/tasks/dask__dask-11605 \
//     [--work DIR] [--json OUT]

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drainIndex, runIndex } from '../src/app/stores.js';
import { openRepo } from '../src/app/repo.js';
import { openDiagnostics } from '../src/app/diagnostics.js';
import { defaultDiagnostics } from '../src/config/diagnostics-defaults.js';
import { deepRetrieve } from '../src/diagnostics/deep-retrieve.js';
import { shouldEscalate } from '../src/diagnostics/escalate.js';
import { openRunDirectory } from '../src/diagnostics/run-directory.js';
import { tracebackBundle, type TracebackBundle } from './diagnose/traceback-bundle.js';

interface Case {
  id: string;
  source: 'dev' | 'git';
  repo: string;
  indexDir: string;
  gold: string[];
  bundle: TracebackBundle;
}

interface Outcome {
  id: string;
  source: string;
  priority: string;
  gold: string[];
  modes: Record<string, { sotFiles: string[]; top: { path: string; reasons: string[] }[]; goldRank: number | null; gold: { path: string; reasons: string[] } | null }>;
}

const args = parseArgs(process.argv.slice(2));
const work = args.work ?? mkdtempSync(join(tmpdir(), 'cairn-diag-rel-'));
mkdirSync(work, { recursive: true });
const runDir = mkdtempSync(join(work, 'run-'));
const outcomes: Outcome[] = [];

for (const item of devCases()) outcomes.push(await measure(item));
for (const tree of args.git) for (const item of await gitCases(tree)) outcomes.push(await measure(item));

report(outcomes);
if (args.json) writeFileSync(args.json, `${JSON.stringify(outcomes, null, 2)}\n`);
if (!args.work) rmSync(work, { recursive: true, force: true });

function devCases(): Case[] {
  if (!args.dataset) return [];
  const cases: Case[] = [];
  for (const line of readFileSync(args.dataset, 'utf8').split('\n').filter(Boolean)) {
    const task = JSON.parse(line) as { id: string; query: string; gold_files: string[] };
    const bundle = tracebackBundle(task.query);
    if (bundle === null) continue;
    // A copy of the index: reading an index creates SQLite's -shm/-wal files beside it.
    const indexDir = join(work, 'dev', task.id);
    mkdirSync(indexDir, { recursive: true });
    copyFileSync(join(args.indexRoot!, task.id, 'index.db'), join(indexDir, 'index.db'));
    cases.push({ id: task.id, source: 'dev', repo: join(args.repos!, task.id), indexDir, gold: task.gold_files, bundle });
  }
  return cases;
}

async function gitCases(tree: string): Promise<Case[]> {
  const log = git(tree, ['log', '--format=%H%x1f%P%x1f%B%x1e']);
  const cases: Case[] = [];
  for (const record of log.split('\x1e')) {
    const [sha, parents, message] = record.trim().split('\x1f');
    if (!sha || !parents || parents.includes(' ') || !message) continue;
    const bundle = tracebackBundle(message);
    if (bundle === null) continue;
    const gold = git(tree, ['diff-tree', '--no-commit-id', '--name-only', '-r', sha]).split('\n').filter(Boolean);
    const clone = join(work, 'git', sha.slice(0, 12));
    const indexDir = join(clone, '.cairn');
    // A clone indexed by an earlier run under the same --work is reused.
    if (!existsSync(join(indexDir, 'index.db'))) {
      rmSync(clone, { recursive: true, force: true });
      // --shared: the clone borrows the tree's objects and writes only under --work.
      execFileSync('git', ['clone', '-q', '--shared', '--no-checkout', tree, clone]);
      git(clone, ['checkout', '-q', '--detach', parents]);
      await drainIndex(runIndex(await openRepo({ repo: clone, indexDir, env: {} }), { workers: 2 }));
    }
    cases.push({ id: `${tree.split('/').pop()}@${sha.slice(0, 12)}`, source: 'git', repo: clone, indexDir, gold, bundle });
  }
  return cases;
}

async function measure(item: Case): Promise<Outcome> {
  const session = openDiagnostics({ indexDir: item.indexDir });
  const outcome: Outcome = { id: item.id, source: item.source, priority: '', gold: item.gold, modes: {} };
  try {
    const decision = shouldEscalate(item.bundle, 'failure', 1);
    outcome.priority = decision.priority;
    for (const mode of ['cairn', 'keywords'] as const) {
      const settings = { ...defaultDiagnostics(), sotRanking: mode };
      const report = await deepRetrieve(session.ports, {
        bundle: decision.bundle,
        phaseId: 'failure',
        // Not escalated (no trigger fired): measured at the low priority's caps, as `--always` would.
        priority: decision.priority,
        runDir: openRunDirectory(runDir),
        repoRoot: item.repo,
        notSourceOfTruth: [item.indexDir],
        settings,
        now: Date.now(),
      });
      const rank = report.sotRanking.findIndex((entry) => item.gold.includes(entry.path));
      outcome.modes[mode] = {
        sotFiles: report.sotFiles.taken.map((taken) => taken.item.path),
        top: report.sotRanking.slice(0, 5).map((entry) => ({ path: entry.path, reasons: entry.reasons })),
        goldRank: rank < 0 ? null : rank + 1,
        gold: rank < 0 ? null : { path: report.sotRanking[rank]!.path, reasons: report.sotRanking[rank]!.reasons },
      };
    }
  } finally {
    session.close();
  }
  return outcome;
}

function report(all: Outcome[]): void {
  console.log(`${all.length} bundles (${all.filter((o) => o.source === 'dev').length} dev, ${all.filter((o) => o.source === 'git').length} git history)`);
  console.log('| set | ranking | n | fixed file in sot_files | in top 1 | in top 3 | MRR@10 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const set of ['dev', 'git', 'all']) {
    const subset = all.filter((o) => set === 'all' || o.source === set);
    if (subset.length === 0) continue;
    for (const mode of ['cairn', 'keywords']) {
      const runs = subset.map((o) => ({ ...o.modes[mode]!, gold: o.gold }));
      const inSot = runs.filter((r) => r.sotFiles.some((path) => r.gold.includes(path))).length;
      const at = (k: number) => runs.filter((r) => r.goldRank !== null && r.goldRank <= k).length;
      const mrr = runs.reduce((sum, r) => sum + (r.goldRank !== null && r.goldRank <= 10 ? 1 / r.goldRank : 0), 0) / runs.length;
      console.log(`| ${set} | ${mode} | ${runs.length} | ${pct(inSot, runs.length)} | ${pct(at(1), runs.length)} | ${pct(at(3), runs.length)} | ${mrr.toFixed(3)} |`);
    }
  }
  const priorities = all.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o.priority]: (acc[o.priority] ?? 0) + 1 }), {});
  console.log(`priorities: ${JSON.stringify(priorities)}`);
  for (const o of all) {
    console.log(`${o.id} [${o.priority}] gold ${o.gold.join(',')} · cairn #${o.modes['cairn']!.goldRank ?? '-'} sot=${o.modes['cairn']!.sotFiles.join(',')} · keywords #${o.modes['keywords']!.goldRank ?? '-'} sot=${o.modes['keywords']!.sotFiles.join(',')}`);
  }
}

function pct(part: number, whole: number): string {
  return `${part}/${whole} (${((100 * part) / whole).toFixed(1)} %)`;
}

function git(cwd: string, gitArgs: string[]): string {
  return execFileSync('git', ['-C', cwd, ...gitArgs], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
}

function parseArgs(argv: string[]): { dataset?: string; repos?: string; indexRoot?: string; git: string[]; work?: string; json?: string } {
  const out: { dataset?: string; repos?: string; indexRoot?: string; git: string[]; work?: string; json?: string } = { git: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--dataset') out.dataset = value;
    else if (flag === '--repos') out.repos = value;
    else if (flag === '--index-root') out.indexRoot = value;
    else if (flag === '--git') out.git.push(value);
    else if (flag === '--work') out.work = value;
    else if (flag === '--json') out.json = value;
    else throw new Error(`unknown flag ${flag}`);
  }
  if (out.dataset && (!out.repos || !out.indexRoot)) throw new Error('--dataset needs --repos and --index-root');
  return out;
}
