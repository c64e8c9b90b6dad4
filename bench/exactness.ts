// How many code items of a package are not the file's own text (issue 21): runs `cairn
// retrieve --format json` as a whole CLI process for each task, and checks every item that
// shows code against its file, line by line (test/support/verbatim.ts: each line byte for
// byte at its line number, only whole-line gap marks between). Any cairn build can be
// measured (`--cairn` points at its bin/cairn.js), so a build from before a change is
// measured the same way as this one.
//
//   npm run bench:build
//   node dist-bench/bench/exactness.js --repo <repo> --index-dir <dir> --tasks <tasks.txt>
//        [--cairn bin/cairn.js] [--window 8000] [--show 3] [--json]
//   (bench/tasks/flask-exact.txt and hono-exact.txt hold the tasks of bench/README.md)
//
// The index is not refreshed: index the repository first with the same build
// (`node <cairn> index <repo> --index-dir <dir>`).

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verbatimProblem } from '../test/support/verbatim.js';

interface JsonItem {
  path: string;
  symbol: string | null;
  lines: [number, number];
  detail: string;
  text: string;
}

interface TaskResult {
  task: string;
  items: number;
  code: number;
  mismatched: { key: string; detail: string; problem: string }[];
}

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    'index-dir': { type: 'string' },
    tasks: { type: 'string' },
    cairn: { type: 'string', default: 'bin/cairn.js' },
    window: { type: 'string', default: '8000' },
    show: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
if (!values.repo || !values['index-dir'] || !values.tasks) {
  console.error('usage: exactness.js --repo <repo> --index-dir <dir> --tasks <tasks.txt> [--cairn bin/cairn.js] [--window 8000] [--json]');
  process.exit(2);
}
const repo = values.repo;
const tasks = readFileSync(values.tasks, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean);

function retrieveItems(task: string): JsonItem[] {
  const args = [values.cairn!, 'retrieve', task, '--repo', repo, '--index-dir', values['index-dir']!, '--no-refresh'];
  args.push('--context-window', values.window!, '--reserved-tokens', '0', '--format', 'json');
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  return (JSON.parse(out) as { items: JsonItem[] }).items;
}

function measure(task: string): TaskResult {
  const items = retrieveItems(task);
  const result: TaskResult = { task, items: items.length, code: 0, mismatched: [] };
  const files = new Map<string, string>();
  for (const item of items) {
    if (item.detail === 'path') continue;
    result.code += 1;
    if (!files.has(item.path)) files.set(item.path, readFileSync(join(repo, item.path), 'utf8'));
    const problem = verbatimProblem(files.get(item.path)!, item.lines[0], item.lines[1], item.text);
    if (problem !== null) result.mismatched.push({ key: item.symbol === null ? item.path : `${item.path}::${item.symbol}`, detail: item.detail, problem });
  }
  return result;
}

const results = tasks.map(measure);
const code = results.reduce((sum, result) => sum + result.code, 0);
const mismatched = results.reduce((sum, result) => sum + result.mismatched.length, 0);
if (values.json) {
  console.log(JSON.stringify({ repo, window: Number(values.window), code, mismatched, results }, null, 2));
} else {
  for (const result of results) {
    console.log(`${result.mismatched.length}/${result.code} code items not the file's text · ${result.task}`);
    for (const miss of result.mismatched.slice(0, Number(values.show))) console.log(`    ${miss.key} (${miss.detail}): ${miss.problem}`);
  }
  const share = code > 0 ? ((100 * mismatched) / code).toFixed(1) : '0.0';
  console.log(`total: ${mismatched} of ${code} code items (${share} %) are not the file's own text, ${tasks.length} tasks at ${values.window} tokens`);
}
