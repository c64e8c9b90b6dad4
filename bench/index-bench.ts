// Indexing and search benchmark (issue: foundation). Run by hand, never by `npm test`:
//
//   npm run bench:build && node dist-bench/bench/index-bench.js <repo> [<repo> ...]
//
// For each repository, on a private copy of it (the original is never touched), in one
// run: full index (seconds, files/s, MB/s, peak RSS), re-index with no change, re-index
// after editing one file (both as whole CLI processes, start-up included), in-process
// search latency p50/p95, and — on the same copy, in the same run — `ctags -R` and `rg`
// as baselines, with ratios. Needs universal-ctags and ripgrep on PATH. Also the CPU time
// of tree-sitter parsing alone (every indexed file of a tree-sitter language, once, no
// extraction): a floor for any tree-sitter indexer, shown beside ctags so that the ratio
// target can be read against what parsing alone costs on the same machine. Re-index
// times are the median of five runs.

import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openReader } from '../src/app/stores.js';
import { searchIndex } from '../src/search/text-search.js';
import { cairnRanker } from '../src/search/rank/cairn-ranker.js';
import { AST_LANGUAGES, type AstLanguage } from '../src/core/entities.js';
import { FlatParser, type FlatLanguage } from '../src/indexer/languages/flat-tree.js';
import { loadGrammar, loadParserConstructor } from '../src/indexer/languages/grammars.js';

const CAIRN = fileURLToPath(new URL('../../bin/cairn.js', import.meta.url));

interface Timed<T> {
  seconds: number;
  value: T;
}

function timed<T>(work: () => T): Timed<T> {
  const start = performance.now();
  const value = work();
  return { seconds: (performance.now() - start) / 1000, value };
}

function cairn(args: string[]): Record<string, any> {
  const result = spawnSync(process.execPath, [CAIRN, ...args], { encoding: 'utf8', env: { ...process.env, CI: '1' } });
  if (result.status !== 0) throw new Error(`cairn ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, any>;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function treeStats(root: string): { files: number; bytes: number } {
  const list = execFileSync('rg', ['--files', '--hidden', '--glob', '!.git'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  const files = list.trim().split('\n').filter(Boolean);
  let bytes = 0;
  for (const file of files) bytes += readFileSync(join(root, file)).length;
  return { files: files.length, bytes };
}

/** Queries drawn from the index itself: symbol names and two-word phrases, deterministic. */
function sampleQueries(indexDir: string, root: string, count: number): string[] {
  const reader = openReader({ indexDir });
  try {
    const symbols = reader.allSymbols().filter((s) => s.kind === 'function' || s.kind === 'class' || s.kind === 'method');
    const step = Math.max(1, Math.floor(symbols.length / count));
    const queries: string[] = [];
    for (let i = 0; i < symbols.length && queries.length < count; i += step) {
      const symbol = symbols[i]!;
      queries.push(queries.length % 2 === 0 ? symbol.name : `${symbol.name.replace(/_/g, ' ')} ${symbol.path.split('/').slice(-2, -1)[0] ?? ''}`);
    }
    return queries;
  } finally {
    reader.close();
  }
}

function searchLatency(indexDir: string, root: string, queries: string[]): { search: number[]; rank: number[] } {
  const reader = openReader({ indexDir });
  const search: number[] = [];
  const rank: number[] = [];
  try {
    for (const query of queries) {
      search.push(timed(() => searchIndex(reader, { query, limit: 10 })).seconds * 1000);
      rank.push(timed(() => cairnRanker.rank(reader, { query, limit: 10 })).seconds * 1000);
    }
  } finally {
    reader.close();
  }
  return { search, rank };
}

function benchRepository(original: string): void {
  const work = mkdtempSync(join(tmpdir(), 'cairn-bench-'));
  const root = join(work, basename(original));
  const indexDir = join(work, 'index');
  cpSync(original, root, { recursive: true });
  try {
    const tree = treeStats(root);
    const ctags = timed(() => execFileSync('ctags', ['-R', '-f', join(work, 'tags'), '.'], { cwd: root, stdio: 'ignore' }));
    const rg = timed(() => spawnSync('rg', ['--count-matches', '-e', 'def |class |function ', '.'], { cwd: root, stdio: 'ignore' }));
    const full = timed(() => cairn(['index', root, '--index-dir', indexDir, '--json']));
    const noChange = median(() => timed(() => cairn(['index', root, '--index-dir', indexDir, '--json'])));
    const edited = pickFileToEdit(indexDir, root);
    let edits = 0;
    const oneFile = median(() => {
      appendFileSync(join(root, edited), `\n\ndef cairn_bench_added_function_${edits++}(value):\n    return value\n`);
      return timed(() => cairn(['index', root, '--index-dir', indexDir, '--json']));
    });
    const { latency, parseCpu } = inChildProcess(indexDir, root);
    report(original, tree, { ctags: ctags.seconds, rg: rg.seconds, parseCpu, full, noChange, oneFile, edited, latency });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface InProcessFigures {
  latency: { search: number[]; rank: number[] };
  parseCpu: number;
}

/**
 * The in-process measurements, in a child process of their own: Linux carries a process's
 * peak RSS over into the programs it starts, so a bench process grown by parsing a whole
 * repository would inflate the peak RSS every later `cairn index` child reports.
 */
function inChildProcess(indexDir: string, root: string): InProcessFigures {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, [self, IN_PROCESS_FLAG, indexDir, root], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`in-process measurements failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as InProcessFigures;
}

const IN_PROCESS_FLAG = '--in-process';

function measureInProcess(indexDir: string, root: string): InProcessFigures {
  const latency = searchLatency(indexDir, root, sampleQueries(indexDir, root, 60));
  return { latency, parseCpu: parseFloor(indexDir, root) };
}

function median<T>(run: () => Timed<T>, times = 5): Timed<T> {
  const runs = Array.from({ length: times }, run).sort((a, b) => a.seconds - b.seconds);
  return runs[Math.floor(times / 2)]!;
}

/**
 * CPU seconds of tree-sitter parsing every indexed file of a tree-sitter language once, as
 * cairn parses (its native module: parse, copy out, drop the arena), else through the
 * node binding when the module is not built.
 */
function parseFloor(indexDir: string, root: string): number {
  const reader = openReader({ indexDir });
  const files = reader.files().filter((file) => (AST_LANGUAGES as readonly string[]).includes(file.language));
  reader.close();
  const parse = parserFor();
  const texts = files.map((file) => ({ language: file.language as AstLanguage, text: readFileSync(join(root, file.path), 'utf8') }));
  const start = process.cpuUsage();
  for (const { language, text } of texts) parse(language, text);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

function parserFor(): (language: AstLanguage, text: string) => void {
  const flat = FlatParser.load();
  if (flat) {
    const languages = new Map<AstLanguage, FlatLanguage>();
    return (language, text) => {
      let grammar = languages.get(language);
      if (!grammar) languages.set(language, (grammar = flat.language((loadGrammar(language) as unknown as { language: unknown }).language)));
      flat.parse(text, grammar);
    };
  }
  const Parser = loadParserConstructor();
  const parsers = new Map<AstLanguage, InstanceType<typeof Parser>>();
  return (language, text) => {
    let parser = parsers.get(language);
    if (!parser) {
      parser = new Parser();
      parser.setLanguage(loadGrammar(language));
      parsers.set(language, parser);
    }
    parser.parse(text, null, { bufferSize: text.length + 1 });
  };
}

function pickFileToEdit(indexDir: string, root: string): string {
  const reader = openReader({ indexDir });
  try {
    const code = reader.files({ kinds: ['code'] }).filter((f) => f.path.endsWith('.py') || f.path.endsWith('.ts'));
    code.sort((a, b) => a.size - b.size);
    return code[Math.floor(code.length / 2)]!.path;
  } finally {
    reader.close();
  }
}

function report(
  repo: string,
  tree: { files: number; bytes: number },
  runs: { ctags: number; rg: number; parseCpu: number; full: Timed<Record<string, any>>; noChange: Timed<Record<string, any>>; oneFile: Timed<Record<string, any>>; edited: string; latency: { search: number[]; rank: number[] } },
): void {
  const mb = tree.bytes / 1e6;
  const full = runs.full.seconds;
  const lines = [
    `## ${repo}`,
    `tree: ${tree.files} files, ${mb.toFixed(1)} MB (rg --files)`,
    `full index (CLI wall):      ${full.toFixed(2)} s  ${(runs.full.value['files'] / full).toFixed(0)} files/s  ${(mb / full).toFixed(1)} MB/s  peak RSS ${runs.full.value['peakRssMb']} MB`,
    `  indexed ${runs.full.value['files']} files, ${runs.full.value['symbols']} symbols, ${runs.full.value['edges']['references']} references (in-process ${runs.full.value['seconds']} s)`,
    `ctags -R:                   ${runs.ctags.toFixed(2)} s   → cairn/ctags = ${(full / runs.ctags).toFixed(2)}×  (target ≤ 4×)`,
    `rg (count defs, all files): ${runs.rg.toFixed(2)} s   → cairn/rg = ${(full / runs.rg).toFixed(1)}×`,
    `tree-sitter parse alone:    ${runs.parseCpu.toFixed(2)} s CPU = ${(runs.parseCpu / runs.ctags).toFixed(2)}× ctags on one core, ${(runs.parseCpu / 2 / runs.ctags).toFixed(2)}× split over two`,
    `re-index, no change (CLI):  ${(runs.noChange.seconds * 1000).toFixed(0)} ms median of 5 (target ≤ 300 ms)`,
    `re-index, one file edited:  ${(runs.oneFile.seconds * 1000).toFixed(0)} ms median of 5 (target ≤ 500 ms) [${runs.edited}: changed ${runs.oneFile.value['run']['changed']}]`,
    `search (BM25) in-process:   p50 ${percentile(runs.latency.search, 50).toFixed(1)} ms  p95 ${percentile(runs.latency.search, 95).toFixed(1)} ms (target p50 ≤ 50 ms; ${runs.latency.search.length} queries)`,
    `rank (cairn) in-process:    p50 ${percentile(runs.latency.rank, 50).toFixed(1)} ms  p95 ${percentile(runs.latency.rank, 95).toFixed(1)} ms`,
    '',
  ];
  console.log(lines.join('\n'));
}

const args = process.argv.slice(2);
if (args[0] === IN_PROCESS_FLAG) {
  console.log(JSON.stringify(measureInProcess(args[1]!, args[2]!)));
} else if (args.length === 0) {
  console.error('usage: node dist-bench/bench/index-bench.js <repo> [<repo> ...]');
  process.exit(2);
} else {
  for (const repo of args) benchRepository(repo);
}
