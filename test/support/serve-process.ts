// The real `cairn serve` (bin/cairn.js → dist/bundle) as a child process, for tests that
// need what users run — the web page's tests drive a browser against it. Resolves once the
// server printed its URL; `stop` ends it (SIGTERM, then SIGKILL after 5 s).

import { spawn, type ChildProcess } from 'node:child_process';
import { CAIRN_BIN } from './cli.js';

export interface ServeProcess {
  url: string;
  /** stderr so far (the server's log). */
  log(): string;
  stop(): Promise<void>;
}

export function startServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, [CAIRN_BIN, 'serve', '--port', '0', ...args], { env: { ...process.env, CAIRN_LOG: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
        resolve({ url: match[1]!, log: () => stderr, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cairn serve exited (${code}) before printing its URL; stderr: ${stderr}`));
    });
  });
}
