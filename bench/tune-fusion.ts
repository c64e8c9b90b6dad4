// Fits the ranker's fusion weights on tasks built from git history — never on the dev set
// (RANKING.md, "Tuning honestly"). Run by hand:
//
//   npm run bench:build
//   node dist-bench/bench/tune-fusion.js collect <repo> <commits> <keep-under> <out.jsonl>
//   node dist-bench/bench/tune-fusion.js fit <signals.jsonl> [<signals.jsonl> ...]
//
// `collect` builds tasks like `cairn eval --from-git` (same selection, same work copy under
// <keep-under>), ranks each at its parent commit and saves every signal's raw scores.
// `fit` then searches the weights offline (coordinate ascent on MRR, several restarts),
// reports train figures and leave-one-repository-out figures, and prints the weights.

import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { drainIndex, openReader, openRepo, runIndex } from '../src/app.js';
import { openFromGit } from '../src/eval/from-git/from-git.js';
import { loadRepoGraph } from '../src/search/graph/load-graph.js';
import { DEFAULT_WEIGHTS } from '../src/search/rank/cairn-ranker.js';
import { fuseSignals, type FusionWeights } from '../src/search/rank/fuse-signals.js';
import { collectSignals, FILE_SIGNALS, SYMBOL_SIGNALS, type RankSignals } from '../src/search/rank/signals.js';

interface SavedTask {
  id: string;
  repo: string;
  goldFiles: string[];
  goldFunctions: string[];
  files: Record<string, [string, number][]>;
  symbols: Record<string, [string, number][]>;
  priors: [string, number][];
}

const KEEP = 200;

function top(scores: Map<string, number>): [string, number][] {
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, KEEP);
}

async function collect(repo: string, commits: number, keepUnder: string, out: string): Promise<void> {
  writeFileSync(out, '');
  const session = await openFromGit({ repo, commits, maxFiles: 10, keepUnder });
  try {
    for (const task of session.tasks) {
      const tree = await session.workspace.prepare(task);
      if ('skip' in tree) continue;
      const context = await openRepo({ repo: tree.root, indexDir: tree.indexDir, env: {} });
      await drainIndex(runIndex(context));
      const reader = openReader(context);
      try {
        const complete = session.workspace.complete ? await session.workspace.complete(task, reader) : task;
        const signals = collectSignals(reader, { query: task.query, limit: 100 }, { graph: loadRepoGraph(reader) });
        const candidates = new Set(Object.values(signals.files).flatMap((scores) => top(scores).map(([path]) => path)));
        const saved: SavedTask = {
          id: task.id,
          repo: basename(repo),
          goldFiles: complete.gold_files,
          goldFunctions: complete.gold_functions.map((fn: string) => fn.replace(':', '::')),
          files: Object.fromEntries(FILE_SIGNALS.map((name) => [name, top(signals.files[name])])),
          symbols: Object.fromEntries(SYMBOL_SIGNALS.map((name) => [name, top(signals.symbols[name])])),
          priors: [...signals.priors].filter(([path]) => candidates.has(path)),
        };
        appendFileSync(out, `${JSON.stringify(saved)}\n`);
        process.stderr.write(`${task.id}\n`);
      } finally {
        reader.close();
      }
    }
  } finally {
    session.close();
  }
}

function restore(task: SavedTask): RankSignals {
  const maps = (lists: Record<string, [string, number][]>) => Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, new Map(list)]));
  return { analysis: null as never, files: maps(task.files) as RankSignals['files'], symbols: maps(task.symbols) as RankSignals['symbols'], priors: new Map(task.priors) };
}

interface Scores {
  mrr: number;
  acc1: number;
  acc5: number;
  acc10: number;
  fn5: number;
  fn10: number;
}

function evaluate(tasks: { saved: SavedTask; signals: RankSignals }[], weights: FusionWeights): Scores {
  const sum: Scores = { mrr: 0, acc1: 0, acc5: 0, acc10: 0, fn5: 0, fn10: 0 };
  for (const { saved, signals } of tasks) {
    const fused = fuseSignals(signals, weights, 50);
    const files = fused.files.map((file) => file.path);
    const acc = (k: number) => (saved.goldFiles.filter((gold) => files.slice(0, k).includes(gold)).length >= Math.min(k, saved.goldFiles.length) ? 1 : 0);
    const first = Math.min(...saved.goldFiles.map((gold) => files.indexOf(gold)).filter((rank) => rank >= 0));
    sum.mrr += Number.isFinite(first) ? 1 / (first + 1) : 0;
    sum.acc1 += acc(1);
    sum.acc5 += acc(5);
    sum.acc10 += acc(10);
    const symbols = fused.symbols.map((symbol) => symbol.key.replace(/#\d+$/, ''));
    const fnAcc = (k: number) =>
      saved.goldFunctions.length > 0 && saved.goldFunctions.filter((gold) => symbols.slice(0, k).includes(gold)).length >= Math.min(k, saved.goldFunctions.length) ? 1 : 0;
    sum.fn5 += fnAcc(5);
    sum.fn10 += fnAcc(10);
  }
  const n = Math.max(1, tasks.length);
  return { mrr: sum.mrr / n, acc1: sum.acc1 / n, acc5: sum.acc5 / n, acc10: sum.acc10 / n, fn5: sum.fn5 / n, fn10: sum.fn10 / n };
}

const STEPS = [0, 0.25, 0.5, 0.75, 1.5, 2, 4];

/** Coordinate ascent: one weight at a time, multiplied by each step; keep what raises the objective. */
function ascend(tasks: { saved: SavedTask; signals: RankSignals }[], start: FusionWeights, objective: (s: Scores) => number): FusionWeights {
  let best = structuredClone(start);
  let bestScore = objective(evaluate(tasks, best));
  for (let round = 0; round < 4; round++) {
    let improved = false;
    for (const group of ['files', 'symbols'] as const) {
      for (const name of Object.keys(best[group]) as (keyof FusionWeights[typeof group])[]) {
        // Vectors cannot be measured here; anchors cannot either: tasks whose message names a
        // changed file are dropped when building them, so anchors there are mostly misleading.
        if (name === 'vectors' || name === 'anchors') continue;
        for (const step of STEPS) {
          const trial = structuredClone(best);
          const current = (trial[group] as Record<string, number>)[name as string]!;
          (trial[group] as Record<string, number>)[name as string] = step === 0 ? 0 : Math.max(0.05, current * step);
          const score = objective(evaluate(tasks, trial));
          if (score > bestScore + 1e-9) {
            best = trial;
            bestScore = score;
            improved = true;
          }
        }
      }
    }
    for (const [share, focus] of [0.25, 0.5, 1, 2, 4].flatMap((a) => [0, 0.5, 1, 2].map((b) => [a, b] as const))) {
      const trial = { ...structuredClone(best), fileShare: share, fileFocus: focus };
      const score = objective(evaluate(tasks, trial));
      if (score > bestScore + 1e-9) {
        best = trial;
        bestScore = score;
        improved = true;
      }
    }
    if (!improved) break;
  }
  return best;
}

function format(scores: Scores): string {
  const pct = (value: number) => (100 * value).toFixed(1).padStart(5);
  return `MRR ${scores.mrr.toFixed(3)}  Acc@1 ${pct(scores.acc1)}  Acc@5 ${pct(scores.acc5)}  Acc@10 ${pct(scores.acc10)}  fnAcc@5 ${pct(scores.fn5)}  fnAcc@10 ${pct(scores.fn10)}`;
}

function fit(paths: string[]): void {
  const tasks = paths.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as SavedTask),
  );
  const loaded = tasks.map((saved) => ({ saved, signals: restore(saved) }));
  const objective = (s: Scores) => s.mrr + 0.5 * s.fn10;
  console.log(`${loaded.length} tasks from ${new Set(tasks.map((t) => t.repo)).size} repositories`);
  console.log(`defaults            ${format(evaluate(loaded, DEFAULT_WEIGHTS))}`);
  for (const only of FILE_SIGNALS) {
    const solo = structuredClone(DEFAULT_WEIGHTS);
    for (const name of FILE_SIGNALS) solo.files[name] = name === only ? 1 : 0;
    console.log(`only ${only.padEnd(14)} ${format(evaluate(loaded, solo))}`);
  }
  const fitted = ascend(loaded, DEFAULT_WEIGHTS, objective);
  console.log(`fitted (train)      ${format(evaluate(loaded, fitted))}`);
  for (const repo of new Set(tasks.map((t) => t.repo))) {
    const train = loaded.filter((task) => task.saved.repo !== repo);
    const held = loaded.filter((task) => task.saved.repo === repo);
    const weights = ascend(train, DEFAULT_WEIGHTS, objective);
    console.log(`  fold weights: ${JSON.stringify(weights.files)} ${JSON.stringify(weights.symbols)} share ${weights.fileShare}`);
    console.log(`held out ${repo.padEnd(26)} defaults ${format(evaluate(held, DEFAULT_WEIGHTS))}`);
    console.log(`${' '.repeat(35)} fitted   ${format(evaluate(held, weights))}`);
  }
  console.log(JSON.stringify(fitted, null, 2));
}

function loadTasks(paths: string[]): { saved: SavedTask; signals: RankSignals }[] {
  return paths
    .flatMap((path) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as SavedTask))
    .map((saved) => ({ saved, signals: restore(saved) }));
}

/** Scores a weights file (JSON, FusionWeights) overall and per repository. */
function score(weightsPath: string, paths: string[]): void {
  const weights = JSON.parse(readFileSync(weightsPath, 'utf8')) as FusionWeights;
  const tasks = loadTasks(paths);
  console.log(`all ${String(tasks.length).padStart(4)} tasks               ${format(evaluate(tasks, weights))}`);
  for (const repo of new Set(tasks.map((task) => task.saved.repo))) {
    const held = tasks.filter((task) => task.saved.repo === repo);
    console.log(`${repo.padEnd(36)} ${format(evaluate(held, weights))}`);
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === 'score' && args.length > 1) score(args[0]!, args.slice(1));
else 
if (command === 'collect' && args.length === 4) await collect(args[0]!, Number(args[1]), args[2]!, args[3]!);
else if (command === 'fit' && args.length > 0) fit(args);
else {
  console.error('usage: tune-fusion.js collect <repo> <commits> <keep-under> <out.jsonl> | fit <signals.jsonl> ... | score <weights.json> <signals.jsonl> ...');
  process.exit(2);
}
