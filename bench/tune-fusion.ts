// Fits the ranker's fusion weights on tasks built from git history — never on the dev set,
// which is for checking at milestones (bench/README.md, "Tuning honestly"). Run by hand:
//
//   npm run bench:build
//   node dist-bench/bench/tune-fusion.js collect <repo> <commits> <keep-under> <out.jsonl> [<min-body-chars>]
//   node dist-bench/bench/tune-fusion.js fit <signals.jsonl> [<signals.jsonl> ...]
//
// `collect` builds tasks like `cairn eval --from-git` (same selection, same work copy under
// <keep-under>), ranks each at its parent commit and saves every signal's raw scores.
// `fit` then searches the weights offline (coordinate ascent on MRR, several restarts),
// reports train figures and leave-one-repository-out figures, and prints the weights.

import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { drainIndex, openReader, runIndex } from '../src/app/stores.js';
import { openRepo } from '../src/app/repo.js';
import { openFromGit } from '../src/eval/from-git/from-git.js';
import { loadRepoGraph } from '../src/search/graph/load-graph.js';
import { DEFAULT_WEIGHTS } from '../src/search/rank/cairn-ranker.js';
import { fuseSignals, type FusionWeights } from '../src/search/rank/fuse-signals.js';
import { collectSignals, FILE_SIGNALS, SYMBOL_SIGNALS, type RankSignals, type SymbolFacts } from '../src/search/rank/signals.js';

interface SavedTask {
  id: string;
  repo: string;
  query?: string;
  goldFiles: string[];
  goldFunctions: string[];
  /** Kind of each gold function at the parent ("class", "method", …). */
  goldKinds?: Record<string, string>;
  files: Record<string, [string, number][]>;
  symbols: Record<string, [string, number][]>;
  priors: [string, number][];
  symbolFacts?: [string, SymbolFacts][];
  pinnedFiles?: string[];
  pinnedSymbols?: string[];
}

const KEEP = 200;

function top(scores: Map<string, number>): [string, number][] {
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, KEEP);
}

/** The message without its first line and without trailers ("Authored by:", "Co-authored-by:"…). */
export function messageBody(message: string): string {
  const lines = message.replace(/\r\n?/g, '\n').split('\n').slice(1);
  return lines.filter((line) => !/^\s*[A-Za-z-]+( by)?:\s/.test(line)).join('\n').trim();
}

/**
 * `minBody` > 0 keeps only commits whose message body (first line and trailers removed)
 * has at least that many characters: issue-like tasks, closer to bug reports than titles.
 */
async function collect(repo: string, commits: number, keepUnder: string, out: string, minBody = 0): Promise<void> {
  writeFileSync(out, '');
  const session = await openFromGit({ repo, commits, maxFiles: 10, keepUnder });
  try {
    const tasks = session.tasks.filter((task) => messageBody(task.query).length >= minBody);
    process.stderr.write(`${tasks.length} of ${session.tasks.length} tasks kept\n`);
    for (const task of tasks) {
      const tree = await session.workspace.prepare(task);
      if ('skip' in tree) continue;
      const context = await openRepo({ repo: tree.root, indexDir: tree.indexDir, env: {} });
      await drainIndex(runIndex(context));
      const reader = openReader(context);
      try {
        const complete = session.workspace.complete ? await session.workspace.complete(task, reader) : task;
        const signals = collectSignals(reader, { query: task.query, limit: 100 }, { graph: loadRepoGraph(reader) });
        const candidates = new Set(Object.values(signals.files).flatMap((scores) => top(scores).map(([path]) => path)));
        const goldFunctions = complete.gold_functions.map((fn: string) => fn.replace(':', '::'));
        const saved: SavedTask = {
          id: task.id,
          repo: basename(repo),
          query: task.query,
          goldFiles: complete.gold_files,
          goldFunctions,
          goldKinds: Object.fromEntries(goldFunctions.map((key) => [key, reader.symbol(key)?.kind ?? 'unknown'])),
          files: Object.fromEntries(FILE_SIGNALS.map((name) => [name, top(signals.files[name])])),
          symbols: Object.fromEntries(SYMBOL_SIGNALS.map((name) => [name, top(signals.symbols[name])])),
          priors: [...signals.priors].filter(([path]) => candidates.has(path)),
          symbolFacts: [...signals.symbolFacts],
          pinnedFiles: signals.analysis.resolved.pinnedFiles,
          pinnedSymbols: signals.analysis.resolved.pinnedSymbols,
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
  // Fusion reads only the pinned lists of the analysis.
  const analysis = { resolved: { pinnedFiles: task.pinnedFiles ?? [], pinnedSymbols: task.pinnedSymbols ?? [] } } as unknown as RankSignals['analysis'];
  return {
    analysis,
    files: maps(task.files) as RankSignals['files'],
    symbols: maps(task.symbols) as RankSignals['symbols'],
    priors: new Map(task.priors),
    symbolFacts: new Map(task.symbolFacts ?? []),
  };
}

interface Scores {
  mrr: number;
  acc1: number;
  acc5: number;
  acc10: number;
  fn5: number;
  fn10: number;
  /** Reciprocal rank of the first gold function: moves before Acc@k does. */
  fnMrr: number;
}

function evaluate(tasks: { saved: SavedTask; signals: RankSignals }[], weights: FusionWeights): Scores {
  const sum: Scores = { mrr: 0, acc1: 0, acc5: 0, acc10: 0, fn5: 0, fn10: 0, fnMrr: 0 };
  let withFunctions = 0;
  for (const { saved, signals } of tasks) {
    const fused = fuseSignals(signals, weights, 50);
    const files = fused.files.map((file) => file.path);
    const acc = (k: number) => (saved.goldFiles.filter((gold) => files.slice(0, k).includes(gold)).length >= Math.min(k, saved.goldFiles.length) ? 1 : 0);
    const first = Math.min(...saved.goldFiles.map((gold) => files.indexOf(gold)).filter((rank) => rank >= 0));
    sum.mrr += Number.isFinite(first) ? 1 / (first + 1) : 0;
    sum.acc1 += acc(1);
    sum.acc5 += acc(5);
    sum.acc10 += acc(10);
    // As `cairn eval` counts them: overloads ("#2") are one function, and a task without
    // gold functions says nothing about function localization.
    if (saved.goldFunctions.length === 0) continue;
    withFunctions++;
    const symbols = [...new Set(fused.symbols.map((symbol) => symbol.key.replace(/#\d+$/, '')))];
    const fnAcc = (k: number) => (saved.goldFunctions.filter((gold) => symbols.slice(0, k).includes(gold)).length >= Math.min(k, saved.goldFunctions.length) ? 1 : 0);
    sum.fn5 += fnAcc(5);
    sum.fn10 += fnAcc(10);
    const firstFn = Math.min(...saved.goldFunctions.map((gold) => symbols.indexOf(gold)).filter((rank) => rank >= 0));
    sum.fnMrr += Number.isFinite(firstFn) ? 1 / (firstFn + 1) : 0;
  }
  const n = Math.max(1, tasks.length);
  const m = Math.max(1, withFunctions);
  return { mrr: sum.mrr / n, acc1: sum.acc1 / n, acc5: sum.acc5 / n, acc10: sum.acc10 / n, fn5: sum.fn5 / m, fn10: sum.fn10 / m, fnMrr: sum.fnMrr / m };
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
  return `MRR ${scores.mrr.toFixed(3)}  Acc@1 ${pct(scores.acc1)}  Acc@5 ${pct(scores.acc5)}  Acc@10 ${pct(scores.acc10)}  fnAcc@5 ${pct(scores.fn5)}  fnAcc@10 ${pct(scores.fn10)}  fnMRR ${scores.fnMrr.toFixed(3)}`;
}

function fit(paths: string[], functionsOnly: boolean): void {
  const loaded = loadTasks(paths, functionsOnly);
  const tasks = loaded.map((task) => task.saved);
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

const CONTAINER_KINDS = new Set(['class', 'struct', 'interface', 'trait', 'enum', 'type']);

/**
 * With `functionsOnly`, gold functions are functions and methods, as Loc-Bench lists them
 * (`path:Class.method`): a hunk in a class body outside its methods (an attribute, a test
 * table) names the class in a commit-built task, never in Loc-Bench's.
 */
function loadTasks(paths: string[], functionsOnly = false): { saved: SavedTask; signals: RankSignals }[] {
  return paths
    .flatMap((path) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as SavedTask))
    .map((saved) => (functionsOnly ? { ...saved, goldFunctions: saved.goldFunctions.filter((key) => !CONTAINER_KINDS.has(saved.goldKinds?.[key] ?? '')) } : saved))
    .map((saved) => ({ saved, signals: restore(saved) }));
}

/** Scores a weights file (JSON, FusionWeights) overall and per repository. */
function score(weightsPath: string, paths: string[], functionsOnly: boolean): void {
  const weights = JSON.parse(readFileSync(weightsPath, 'utf8')) as FusionWeights;
  const tasks = loadTasks(paths, functionsOnly);
  console.log(`all ${String(tasks.length).padStart(4)} tasks               ${format(evaluate(tasks, weights))}`);
  for (const repo of new Set(tasks.map((task) => task.saved.repo))) {
    const held = tasks.filter((task) => task.saved.repo === repo);
    console.log(`${repo.padEnd(36)} ${format(evaluate(held, weights))}`);
  }
}

const [command, ...rest] = process.argv.slice(2);
const functionsOnly = rest.includes('--functions-only');
const args = rest.filter((arg) => arg !== '--functions-only');
if (command === 'score' && args.length > 1) score(args[0]!, args.slice(1), functionsOnly);
else if (command === 'collect' && (args.length === 4 || args.length === 5)) await collect(args[0]!, Number(args[1]), args[2]!, args[3]!, Number(args[4] ?? 0));
else if (command === 'fit' && args.length > 0) fit(args, functionsOnly);
else {
  console.error('usage: tune-fusion.js collect <repo> <commits> <keep-under> <out.jsonl> [<min-body-chars>] | fit <signals.jsonl> ... | score <weights.json> <signals.jsonl> ... [--functions-only]');
  process.exit(2);
}
