// Issue 22: `cairn memory import /dev/zero` died with a RangeError stack trace after 4 s and
// 636 MB, a FIFO hung it, /dev/urandom was read on after "not JSON", a folder was "internal
// error: EISDIR". Every file option and argument of every command now refuses a device, a
// pipe and a folder with exit 3 and one line naming it, through the one option reader. The
// options are found from the program itself: a new `<file>` option without an entry here
// fails the first test, so it is run against the same inputs.

import { spawn } from 'node:child_process';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/faces/cli/main.js';
import type { Io } from '../../src/faces/cli/io.js';
import { CAIRN_BIN, runCli, type CliResult } from '../support/cli.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

let repo: TempDir;
let scratch: TempDir;
let fifo: string;
let folder: string;

/** The arguments that reach each file option's read, with FILE where the hostile path goes. */
const CASES: Record<string, () => string[]> = {
  'search --config': () => ['search', 'cart', '--repo', repo.path, '--config', 'FILE'],
  'retrieve --task-file': () => ['retrieve', '--repo', repo.path, '--stages', 'scope', '--context-window', '8000', '--reserved-tokens', '1000', '--task-file', 'FILE'],
  'retrieve --bundle': () => ['retrieve', '--repo', repo.path, '--stages', 'scope', '--context-window', '8000', '--reserved-tokens', '1000', '--bundle', 'FILE'],
  'retrieve --budget-config': () => ['retrieve', 'task', '--repo', repo.path, '--stages', 'scope', '--budget-config', 'FILE'],
  'refine --request': () => ['refine', '--task-id', 't1', '--repo', repo.path, '--request', 'FILE'],
  'diagnose --bundle': () => ['diagnose', '--bundle', 'FILE', '--run-dir', repo.path, '--phase', 'build', '--attempt', '1', '--repo', repo.path],
  'failures record --bundle': () => ['failures', 'record', '--bundle', 'FILE', '--resolution', 'fixed', '--repo', repo.path],
  'eval --dataset': () => ['eval', '--dataset', 'FILE', '--repos', scratch.path],
  'eval --write-dataset': () => ['eval', '--from-git', '--repo', repo.path, '--write-dataset', 'FILE'],
  'memory import <file>': () => ['memory', 'import', 'FILE', '--repo', repo.path],
  'memory export <file>': () => ['memory', 'export', 'FILE', '--repo', repo.path],
};

/** Every option whose value is a file, and every file argument, as "command [sub] --flag" / "command [sub] <file>". */
async function fileOptions(): Promise<string[]> {
  const io: Io = { out: () => undefined, err: () => undefined, interactive: false, debug: false, env: {}, version: '0', logFlags: {}, setExitCode: () => undefined, exitCode: () => 0 };
  const program = await buildProgram(io, 'all');
  const found = new Set<string>();
  const visit = (command: Command, path: string[]): void => {
    for (const option of command.options) if (/<file>|\[file\]/.test(option.flags)) found.add([...path, option.long!].join(' '));
    for (const argument of command.registeredArguments) if (argument.name() === 'file') found.add([...path, '<file>'].join(' '));
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  for (const command of program.commands) visit(command, [command.name()]);
  // --config is one shared option (common-options.ts): run once, through `search`.
  return [...found].filter((name) => !name.endsWith(' --config') || name === 'search --config').sort();
}

function expectOneLineRefusal(result: CliResult, what: string, kind: RegExp): void {
  expect(result.code, `${what}: ${result.stderr}`).toBe(3);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n').filter((line) => !line.startsWith('cairn: warning: '));
  expect(lines[0], what).toMatch(kind);
  expect(lines.slice(1).every((line) => line.startsWith('  hint: ')), `${what}: ${result.stderr}`).toBe(true);
  expect(result.stderr).not.toContain('internal error');
}

beforeAll(() => {
  repo = fixtureRepo('shop');
  execFileSync('git', ['init', '-q'], { cwd: repo.path });
  scratch = tempDir('cairn-option-files-');
  fifo = join(scratch.path, 'a-fifo');
  execFileSync('mkfifo', [fifo]);
  folder = join(scratch.path, 'a-folder');
  mkdirSync(folder);
});
afterAll(() => {
  repo.remove();
  scratch.remove();
});

describe('file options and arguments (issue 22)', () => {
  it('every <file> option and argument of every command is covered here', async () => {
    expect(await fileOptions()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES))('%s refuses /dev/zero, a FIFO and a folder with exit 3 and one line', async (name) => {
    const inputs: [string, RegExp][] = [
      ['/dev/zero', /(is a device, not a regular file|already exists)/],
      [fifo, /(is a pipe, not a regular file|already exists)/],
      [folder, /(is a folder, not a regular file|already exists)/],
    ];
    const results = await Promise.all(inputs.map(([path]) => runCli(CASES[name]!().map((arg) => (arg === 'FILE' ? path : arg)), { killAfterMs: 20_000 })));
    results.forEach((result, index) => expectOneLineRefusal(result, `${name} ${inputs[index]![0]}`, new RegExp(`^cairn: .*${inputs[index]![0].replace(/[/.]/g, '\\$&')}.*${inputs[index]![1].source}`)));
  });

  it('memory import /dev/zero was an uncaught RangeError after 636 MB; a FIFO hung; /dev/urandom was read on: now refused unread', async () => {
    for (const path of ['/dev/zero', '/dev/urandom', fifo, folder]) {
      const started = performance.now();
      const result = await runCli(['memory', 'import', path, '--repo', repo.path], { killAfterMs: 20_000 });
      expectOneLineRefusal(result, path, /^cairn: backup file .* is an? (device|pipe|folder), not a regular file$/);
      expect(performance.now() - started).toBeLessThan(15_000);
    }
  });

  it('a backup whose line never ends is refused at the line limit, not read until memory runs out', async () => {
    const { writeFileSync } = await import('node:fs');
    const endless = join(scratch.path, 'one-line.jsonl');
    writeFileSync(endless, Buffer.alloc(65 * 1024 * 1024, 0x61));
    const result = await runCli(['memory', 'import', endless, '--repo', repo.path], { killAfterMs: 20_000 });
    expectOneLineRefusal(result, endless, /^cairn: backup file .*one-line\.jsonl line 1 is longer than 64 MiB$/);
  });

  it('--bundle - reads standard input bounded: an endless one is refused at 32 MiB', async () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const result = await new Promise<CliResult>((resolve) => {
        const child = spawn(process.execPath, [CAIRN_BIN, 'diagnose', '--bundle', '-', '--run-dir', repo.path, '--phase', 'build', '--attempt', '1', '--repo', repo.path], { stdio: [zero, 'pipe', 'pipe'], env: { ...process.env, CAIRN_INDEX_DIR: '', CI: '1' } });
        let stdout = '';
        let stderr = '';
        child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.on('close', (code, signal) => {
          clearTimeout(guard);
          resolve({ code, signal, stdout, stderr });
        });
      });
      expectOneLineRefusal(result, 'stdin', /^cairn: bundle standard input is larger than 32 MiB$/);
    } finally {
      closeSync(zero);
    }
  });
});
