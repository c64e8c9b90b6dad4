// The CLI part of the campaign: every file option and argument given what is not a file to
// read — /dev/zero, /dev/urandom, a FIFO no one writes, a folder, a sparse 3 GiB file — and
// `cairn serve` given weak tokens. The rules: exit 3 (2 for a usage error) with one line
// naming the input, within the time limit, no stack trace, memory bounded. Each run is
// measured by /usr/bin/time (peak RSS).

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstFailing, type Checks } from './check.js';

const GROUP_FILES = 'cli file options';
const GROUP_TOKEN = 'serve token';

interface Run {
  code: number | null;
  stderr: string;
  ms: number;
  rssMb: number | null;
  killed: boolean;
}

function run(cairn: string, args: string[], limitMs: number): Promise<Run> {
  return new Promise((resolve) => {
    const started = performance.now();
    // Its own process group: a run that hangs is killed with /usr/bin/time's child, which holds the stderr pipe.
    const child = spawn('/usr/bin/time', ['-f', 'MAXRSS_KB %M', process.execPath, cairn, ...args], { env: { ...process.env, CAIRN_INDEX_DIR: '', CI: '1' }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
    const guard = setTimeout(() => {
      killed = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, limitMs);
    child.on('close', (code) => {
      clearTimeout(guard);
      const rss = /MAXRSS_KB (\d+)/.exec(stderr)?.[1];
      resolve({ code, stderr: stderr.replace(/MAXRSS_KB \d+\n?/, '').replace(/^Command (exited with non-zero status|terminated by signal) \d+\n/m, ''), ms: Math.round(performance.now() - started), rssMb: rss === undefined ? null : Math.round(Number(rss) / 1024), killed });
    });
  });
}

function judge(result: Run, codes: number[]): string | null {
  const lines = result.stderr.trim().split('\n').filter((line) => line !== '' && !line.startsWith('cairn: warning'));
  return firstFailing([
    [!result.killed, `still running after ${(result.ms / 1000).toFixed(0)} s (killed)`],
    [result.code !== null && codes.includes(result.code), `exit ${result.code}`],
    [!/\n\s+at .+:\d+:\d+/.test(result.stderr) && !/RangeError|node:internal/.test(result.stderr), 'a stack trace'],
    [!result.stderr.includes('internal error'), 'internal error'],
    [lines.length <= 2, `${lines.length} lines on stderr`],
    [(result.rssMb ?? 0) < 400, `${result.rssMb} MB peak RSS`],
  ]);
}

const describe = (result: Run): string => `exit ${result.killed ? 'killed' : result.code}, ${result.rssMb ?? '?'} MB, "${result.stderr.trim().split('\n')[0]?.slice(0, 70) ?? ''}"`;

export async function cliChecks(checks: Checks, cairn: string, repo: string, scratch: string): Promise<void> {
  const fifo = join(scratch, 'a-fifo');
  execFileSync('mkfifo', [fifo]);
  const folder = join(scratch, 'a-folder');
  mkdirSync(folder);
  const sparse = join(scratch, 'sparse-3g.jsonl');
  writeFileSync(sparse, '');
  execFileSync('truncate', ['-s', '3G', sparse]);
  const budget = ['--stages', 'scope', '--context-window', '8000', '--reserved-tokens', '1000'];
  const options: [string, (file: string) => string[]][] = [
    ['search --config', (file) => ['search', 'cart', '--repo', repo, '--config', file]],
    ['retrieve --task-file', (file) => ['retrieve', '--repo', repo, ...budget, '--task-file', file]],
    ['retrieve --bundle', (file) => ['retrieve', '--repo', repo, ...budget, '--bundle', file]],
    ['retrieve --budget-config', (file) => ['retrieve', 'task', '--repo', repo, '--stages', 'scope', '--budget-config', file]],
    ['refine --request', (file) => ['refine', '--task-id', 't1', '--repo', repo, '--request', file]],
    ['diagnose --bundle', (file) => ['diagnose', '--bundle', file, '--run-dir', join(repo, 'runs/r1'), '--phase', 'build', '--attempt', '1', '--repo', repo]],
    ['failures record --bundle', (file) => ['failures', 'record', '--bundle', file, '--resolution', 'fixed', '--repo', repo]],
    ['eval --dataset', (file) => ['eval', '--dataset', file, '--repos', scratch]],
    ['eval --write-dataset', (file) => ['eval', '--from-git', '--repo', repo, '--commits', '1', '--write-dataset', file]],
    ['memory import FILE', (file) => ['memory', 'import', file, '--repo', repo]],
    ['memory export FILE', (file) => ['memory', 'export', file, '--repo', repo]],
  ];
  for (const [option, args] of options) {
    for (const [label, file] of [['/dev/zero', '/dev/zero'], ['/dev/urandom', '/dev/urandom'], ['a FIFO', fifo], ['a folder', folder], ['a sparse 3 GiB file', sparse]] as const) {
      // An existing regular file is what an output option may overwrite (export refuses any existing file): nothing to learn.
      if ((option.endsWith('export FILE') || option.endsWith('--write-dataset')) && file === sparse) continue;
      await checks.run(GROUP_FILES, `${option} ${label}`, 40_000, async () => {
        const result = await run(cairn, args(file), 30_000);
        return { got: describe(result), finding: judge(result, [3]) };
      });
    }
  }
}

export async function tokenChecks(checks: Checks, cairn: string, repo: string): Promise<void> {
  // On loopback: a build that accepts the token starts listening there only (and is killed).
  const tokens: [string, string[], NodeJS.ProcessEnv][] = [
    ['twenty spaces (--token)', ['--token', ' '.repeat(20)], {}],
    ['twenty spaces (CAIRN_TOKEN)', [], { CAIRN_TOKEN: ' '.repeat(20) }],
    ['one character 24 times', ['--token', 'a'.repeat(24)], {}],
    ['two characters alternating', ['--token', 'ab'.repeat(10)], {}],
    ['a token holding spaces', ['--token', 'correct horse battery 1'], {}],
  ];
  for (const [name, flags, env] of tokens) {
    await checks.run(GROUP_TOKEN, name, 30_000, async () => {
      const started = performance.now();
      const result = await new Promise<{ code: number | null; stderr: string; listened: boolean }>((resolve) => {
        const child = spawn(process.execPath, [cairn, 'serve', '--repo', repo, '--host', '127.0.0.1', '--port', '0', '--no-watch', ...flags], { env: { ...process.env, CAIRN_INDEX_DIR: '', CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        let listened = false;
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.stdout.on('data', () => {
          listened = true;
          child.kill('SIGTERM');
        });
        const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.on('close', (code) => {
          clearTimeout(guard);
          resolve({ code, stderr, listened });
        });
      });
      const line = result.stderr.trim().split('\n')[0] ?? '';
      return { got: result.listened ? `accepted (listened) after ${Math.round(performance.now() - started)} ms` : `exit ${result.code}: "${line.slice(0, 70)}"`, finding: result.listened ? 'a weak token was accepted' : result.code === 2 ? null : `exit ${result.code}` };
    });
  }
}
