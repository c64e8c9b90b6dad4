// Runs the real `cairn` binary with a time limit, and checks an outcome against the rules
// every command keeps: a documented exit code, never 1 (internal error); a failure is a
// short message starting "cairn: " (or commander's "error: ") with no stack trace; no
// raw control characters in the output but line breaks and tabs.

import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CAIRN = fileURLToPath(new URL('../../../bin/cairn.js', import.meta.url));

export interface Outcome {
  args: string[];
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunOptions {
  cwd?: string;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  as?: { uid: number; gid: number };
}

const BASE_ENV = { CI: '1', CAIRN_INDEX_DIR: '' };

export function runCairn(args: string[], options: RunOptions = {}): Outcome {
  const started = performance.now();
  const result = spawnSync(process.execPath, [CAIRN, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...BASE_ENV, ...options.env },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
    ...(options.as ?? {}),
  });
  return { args, code: result.status, signal: result.signal, stdout: result.stdout ?? '', stderr: result.stderr ?? '', ms: performance.now() - started };
}

/** Starts `cairn` and kills it with SIGKILL after `afterMs`; resolves when it is gone. */
export function killedAfter(args: string[], afterMs: number, cwd: string): Promise<{ killed: boolean; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CAIRN, ...args], { cwd, stdio: 'ignore', env: { ...process.env, ...BASE_ENV } });
    const timer = setTimeout(() => child.kill('SIGKILL'), afterMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL', code });
    });
  });
}

/** Starts `cairn` without waiting (concurrency scenarios). */
export function started(args: string[], cwd: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const begun = performance.now();
    const child = spawn(process.execPath, [CAIRN, ...args], { cwd, env: { ...process.env, ...BASE_ENV } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ args, code, signal, stdout, stderr, ms: performance.now() - begun });
    });
  });
}

const STACK_FRAME = /\n\s+at .+:\d+:\d+/;
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** The broken rules of an outcome, empty when it kept them all. */
export function problemsOf(outcome: Outcome, allowed: readonly number[]): string[] {
  const problems: string[] = [];
  if (outcome.code === null) problems.push(`did not finish (signal ${outcome.signal ?? '?'} after ${Math.round(outcome.ms)} ms)`);
  else if (!allowed.includes(outcome.code)) problems.push(`exit ${outcome.code}, expected one of ${allowed.join(', ')}`);
  if (outcome.stderr.includes('internal error')) problems.push('internal error');
  if (STACK_FRAME.test(outcome.stderr)) problems.push('stack trace on stderr');
  if (outcome.code !== null && outcome.code !== 0 && !/^(cairn: |error: )/.test(outcome.stderr)) problems.push('failure without a "cairn: " message');
  if (outcome.code !== 0 && outcome.stderr.split('\n').filter(Boolean).length > 6) problems.push('failure message longer than a few lines');
  if (RAW_CONTROL.test(outcome.stdout) || RAW_CONTROL.test(outcome.stderr)) problems.push('raw control characters in the output');
  return problems;
}

/** The first line of stderr, shortened: how a finding is reported. */
export function firstLine(outcome: Outcome): string {
  const line = outcome.stderr.split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
