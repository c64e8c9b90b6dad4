// `cairn serve` as a real child process (bin/cairn.js → dist/), on a free loopback port:
// its URL from the one line it prints, its stderr kept, stopped by SIGTERM (or killed).

import { spawn, type ChildProcess } from 'node:child_process';
import { CAIRN_BIN } from './cli.js';

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  stderr(): string;
  post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export async function startServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CAIRN_BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, CAIRN_INDEX_DIR: '', CAIRN_DATABASE_URL: '', CAIRN_LOG: '', CI: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.endsWith('\n')) resolve(stdout.trim());
    });
    child.once('exit', (code) => reject(new Error(`cairn serve exited ${code}: ${stderr}`)));
  });
  return {
    url,
    child,
    stderr: () => stderr,
    async post(path, body) {
      const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
