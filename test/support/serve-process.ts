// The real `cairn serve` (bin/cairn.js → dist/bundle) as a child process on a free
// loopback port, for tests that need what users run: the web page's tests drive a browser
// against it, the PostgreSQL tests run replicas on one database. Resolves once the server
// printed its URL; `stop` ends it (SIGTERM, then SIGKILL after 5 s). The environment is the
// test run's without the index and store variables (CAIRN_INDEX_DIR, CAIRN_DATABASE_URL),
// logging at warn, unless `env` says otherwise.

import { spawn, type ChildProcess } from 'node:child_process';
import { CAIRN_BIN } from './cli.js';

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** stderr so far (the server's log). */
  log(): string;
  stderr(): string;
  /** A JSON POST to the server. */
  post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export function startServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, [CAIRN_BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, CAIRN_INDEX_DIR: '', CAIRN_DATABASE_URL: '', CAIRN_LOG: 'warn', CI: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const served = (url: string): ServeProcess => ({
    url,
    child,
    log: () => stderr,
    stderr: () => stderr,
    async post(path, body) {
      const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    stop,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`cairn serve printed no URL within 60 s; stderr: ${stderr}`));
    }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^(http:\/\/\S+)$/m.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(served(match[1]!));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cairn serve exited (${code}) before printing its URL; stderr: ${stderr}`));
    });
  });
}
