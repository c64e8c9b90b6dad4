// `cairn serve` as a child process for the load benchmarks: started on a free port, its
// JSON log kept, ready once every repository is indexed and no refresh runs.

import { spawn, type ChildProcess } from 'node:child_process';

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  log: string[];
  stop(): Promise<void>;
}

export async function startServe(cairn: string, repo: string): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cairn, 'serve', '--repo', `sympy=${repo}`, '--port', '0', '--log-format', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  let buffer = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let cut: number;
    while ((cut = buffer.indexOf('\n')) >= 0) {
      log.push(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 1);
    }
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(stdout.trim());
    });
    child.once('exit', (code) => reject(new Error(`cairn serve exited (${code}):\n${log.slice(-20).join('\n')}`)));
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, url, log, stop };
}

export async function waitReady(url: string): Promise<void> {
  for (;;) {
    try {
      const health = (await (await fetch(`${url}/health`)).json()) as { repos: { state: string; refreshing: boolean }[] };
      if (health.repos.every((entry) => entry.state === 'ready' && !entry.refreshing)) return;
    } catch {
      // a busy server may drop the connection: asked again
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The `cairn_*` lines of /metrics that say how busy the server was (admission, pool, refreshes). */
export async function busyMetrics(url: string): Promise<string[]> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text.split('\n').filter((line) => /^cairn_(admission|pool|index_refreshes|cache_(hits|misses))/.test(line));
}
