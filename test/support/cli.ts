// Runs the real `cairn` binary (bin/cairn.js → dist/) as a child process.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CAIRN_BIN = fileURLToPath(new URL('../../bin/cairn.js', import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Run as this user and group (e.g. to meet permissions that root would ignore). */
  as?: { uid: number; gid: number };
  /**
   * Kill the child (SIGKILL) if it is still running after this long: a guard for tests of
   * unbounded work, so a regression fails the test (code null) instead of eating the
   * machine's memory. Not an assertion about speed.
   */
  killAfterMs?: number;
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CAIRN_BIN, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { ...process.env, CAIRN_INDEX_DIR: '', CI: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.as ?? {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const guard = options.killAfterMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (guard) clearTimeout(guard);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
