// Readers while another process writes the index: they answer from the last complete
// index, or wait for an update under way, or say there is none — never from part of one.
// The writer is a real `cairn index` process, stopped (SIGSTOP) part-way so that the
// readers run against it deterministically, then let go (SIGCONT) or killed. A long-lived
// server (`cairn mcp`) waits for a first index another process is building.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CAIRN_BIN, runCli, type CliResult } from '../support/cli.js';
import { tempDir, type TempDir } from '../support/temp-repo.js';

const cleanups: TempDir[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of cleanups.splice(0)) dir.remove();
});

const MODULES = 1200;

function syntheticRepo(): TempDir {
  const repo = tempDir('cairn-readers-');
  cleanups.push(repo);
  for (let i = 0; i < MODULES; i++) writeModule(repo, i, 'render');
  return repo;
}

function writeModule(repo: TempDir, i: number, verb: string): void {
  repo.write(`pkg/sub${i % 20}/mod_${i}.py`, `"""Module ${i}."""\n\n\nclass Widget${i}:\n    def ${verb}_${i}(self, value):\n        return value * ${i}\n`);
}

interface Writer {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `cairn index ...` and stops it (SIGSTOP) once `ready()` says it is part-way. */
async function stoppedWriter(args: string[], ready: () => boolean): Promise<Writer> {
  const child = spawn(process.execPath, [CAIRN_BIN, 'index', ...args], { stdio: 'ignore', env: { ...process.env, CI: '1', CAIRN_INDEX_DIR: '' } });
  children.push(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (child.exitCode !== null) {
        clearInterval(poll);
        reject(new Error('the writer finished before it could be stopped part-way'));
      } else if (ready()) {
        clearInterval(poll);
        child.kill('SIGSTOP');
        resolve();
      }
    }, 1);
  });
  return { child, exited };
}

function walBytes(file: string): number {
  return statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
}

function stateOf(file: string): string | null {
  if (!existsSync(file)) return null;
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT value FROM meta WHERE key = 'state'").pluck().get() as string | undefined) ?? null;
  } finally {
    db.close();
  }
}

function resultPaths(result: CliResult): string[] {
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { results: { path: string }[] }).results.map((row) => row.path);
}

describe('readers while another process writes the index', () => {
  it('during a rebuild: answer from the last complete index, with or without refresh; the rebuild then replaces it whole', async () => {
    const repo = syntheticRepo();
    const index = join(repo.path, '.cairn', 'index.db');
    expect((await runCli(['index', repo.path])).code).toBe(0);
    const oldInode = statSync(index).ino;
    const rebuild = await stoppedWriter([repo.path, '--rebuild'], () => walBytes(join(repo.path, '.cairn', 'index.next.db')) > 1024 * 1024);

    const query = ['search', 'render_17 Widget17', '--repo', repo.path, '--json', '--limit', '3'];
    expect(resultPaths(await runCli([...query, '--no-refresh']))[0]).toBe('pkg/sub17/mod_17.py');
    const refreshed = await runCli(query);
    expect(resultPaths(refreshed)[0]).toBe('pkg/sub17/mod_17.py');
    expect(refreshed.stderr).toBe(`cairn: note: process ${rebuild.child.pid} is writing the index: not refreshed, answering from the last complete index\n`);
    const status = await runCli(['status', '--repo', repo.path]);
    expect(status.stdout).toContain(`writer       process ${rebuild.child.pid} is writing the index`);
    expect(status.stdout).toMatch(/index .*complete/);

    rebuild.child.kill('SIGCONT');
    expect(await rebuild.exited).toEqual({ code: 0, signal: null });
    expect(statSync(index).ino).not.toBe(oldInode);
    expect(existsSync(join(repo.path, '.cairn', 'index.next.db'))).toBe(false);
    expect(resultPaths(await runCli([...query, '--no-refresh']))[0]).toBe('pkg/sub17/mod_17.py');
  }, 120_000);

  it('during a first index: a clear statement that there is no complete index yet', async () => {
    const repo = syntheticRepo();
    const first = await stoppedWriter([repo.path], () => walBytes(join(repo.path, '.cairn', 'index.next.db')) > 1024 * 1024);
    expect(existsSync(join(repo.path, '.cairn', 'index.db'))).toBe(false);
    for (const args of [['--no-refresh'], []]) {
      const result = await runCli(['search', 'render_17', '--repo', repo.path, ...args]);
      expect(result.code).toBe(5);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`no complete index in ${join(repo.path, '.cairn')} yet: process ${first.child.pid} is building the first one`);
    }
    first.child.kill('SIGCONT');
    expect((await first.exited).code).toBe(0);
  }, 120_000);

  it('during a first index: `cairn mcp` waits for it and answers the call (it answered INDEX_MISSING)', async () => {
    const repo = syntheticRepo();
    const first = await stoppedWriter([repo.path], () => walBytes(join(repo.path, '.cairn', 'index.next.db')) > 1024 * 1024);
    const transport = new StdioClientTransport({ command: process.execPath, args: [CAIRN_BIN, 'mcp', '--repo', repo.path], env: { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CI: '1' }, stderr: 'ignore' });
    const client = new Client({ name: 'readers-during-writes', version: '1' });
    await client.connect(transport);
    try {
      const call = client.callTool({ name: 'search_code', arguments: { query: 'render_17 Widget17', limit: 3 } }, undefined, { timeout: 100_000 }) as Promise<CallToolResult>;
      // The call is in flight while the first index is still stopped part-way; then the builder goes on.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(existsSync(join(repo.path, '.cairn', 'index.db'))).toBe(false);
      first.child.kill('SIGCONT');
      const answer = await call;
      expect(answer.isError ?? false, JSON.stringify(answer.content)).toBe(false);
      expect((answer.structuredContent as { results: { path: string }[] }).results[0]?.path).toBe('pkg/sub17/mod_17.py');
      expect((await first.exited).code).toBe(0);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('during an update in place: a reader waits for it, then answers from the completed index', async () => {
    const repo = syntheticRepo();
    const index = join(repo.path, '.cairn', 'index.db');
    expect((await runCli(['index', repo.path])).code).toBe(0);
    for (let i = 0; i < MODULES; i += 2) writeModule(repo, i, 'paint');
    const update = await stoppedWriter([repo.path], () => stateOf(index) === 'building' && walBytes(index) > 256 * 1024);

    const reader = spawn(process.execPath, [CAIRN_BIN, 'search', 'paint_16', '--repo', repo.path, '--no-refresh', '--json', '--limit', '3'], { env: { ...process.env, CI: '1' } });
    let stderr = '';
    let stdout = '';
    reader.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const done = new Promise<number | null>((resolve) => reader.on('close', resolve));
    // Until it says it waits (or, were it not to wait, until it answers).
    await new Promise<void>((resolve) => {
      reader.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('waiting for process')) resolve();
      });
      reader.on('close', () => resolve());
    });
    expect(stderr).toBe(`cairn: note: waiting for process ${update.child.pid} to finish updating the index\n`);
    expect(stdout).toBe('');
    update.child.kill('SIGCONT');
    expect(await done).toBe(0);
    expect(JSON.parse(stdout).results[0].path).toBe('pkg/sub16/mod_16.py');
    expect((await update.exited).code).toBe(0);
  }, 120_000);

  it('after an update killed part-way: --no-refresh refuses the half-written index; a refresh completes it', async () => {
    const repo = syntheticRepo();
    const index = join(repo.path, '.cairn', 'index.db');
    expect((await runCli(['index', repo.path])).code).toBe(0);
    for (let i = 0; i < MODULES; i += 2) writeModule(repo, i, 'paint');
    const update = await stoppedWriter([repo.path], () => stateOf(index) === 'building' && walBytes(index) > 256 * 1024);
    update.child.kill('SIGKILL');
    await update.exited;
    const refused = await runCli(['search', 'paint_16', '--repo', repo.path, '--no-refresh']);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('was left part-way by an index run that was stopped');
    expect(refused.stderr).toContain('run `cairn index` to complete it');
    const completed = await runCli(['search', 'paint_16', '--repo', repo.path, '--json', '--limit', '3']);
    expect(resultPaths(completed)[0]).toBe('pkg/sub16/mod_16.py');
  }, 120_000);
});
