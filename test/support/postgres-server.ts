// A real PostgreSQL server for tests: Debian's `postgresql` binaries (initdb, pg_ctl) run
// in a temporary folder on a free loopback port, and stopped at the end. PostgreSQL
// refuses to run as root, so as root (CI runs as root) the server runs as the `postgres`
// user the Debian package creates. One server per test run (test/postgres-setup.ts); each
// test works in a schema of its own.
//
// Authentication: trust on loopback for the test superuser `cairn`, except the role
// `cairn_password`, which must give its password (SCRAM) — the test that passwords never
// reach messages needs a server that asks for one.

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgServer {
  /** A superuser URL (trust) on the server's `postgres` database. */
  url: string;
  port: number;
  dir: string;
  stop(): void;
  /** Stops the server as an operator would for a restart (fast: open sessions are ended); `start` brings it back on the same port. */
  halt(): void;
  start(): void;
}

export const PASSWORD_ROLE = 'cairn_password';

/** The folder holding initdb and pg_ctl: on PATH, else Debian's newest /usr/lib/postgresql/<n>/bin; null when absent. */
export function findPgBin(): string | null {
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  if (onPath !== '') return join(onPath, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => join(root, v, 'bin')).find((bin) => existsSync(join(bin, 'initdb')));
  return found ?? null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** As root, the uid and gid of the `postgres` user; otherwise nothing (run as ourselves). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function run(bin: string, args: string[], user: { uid: number; gid: number } | undefined): void {
  const result = spawnSync(bin, args, { encoding: 'utf8', ...user, cwd: '/' });
  if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${result.error?.message ?? ''}${result.stdout}${result.stderr}`);
}

/**
 * Stops the server and removes its folder once `owner` (the test runner) is gone, however
 * it ended: a runner killed, or one that exits before its teardown runs, leaves no server.
 */
function watchOver(owner: number, pgCtl: string, data: string, dir: string, user: { uid: number; gid: number } | undefined): void {
  // The server's last processes may still write a file or two after pg_ctl returns: removed again until gone.
  const script = `while [ -d /proc/${owner} ]; do sleep 1; done; "$0" -D "$1" -m immediate -w stop >/dev/null 2>&1; `
    + `for i in 1 2 3 4 5; do sleep 1; rm -rf "$2" 2>/dev/null; [ -e "$2" ] || break; done`;
  const watchdog = spawn('sh', ['-c', script, pgCtl, data, dir], { detached: true, stdio: 'ignore', cwd: '/', ...user });
  watchdog.unref();
}

export async function startPgServer(bin: string): Promise<PgServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-pg-'));
  const user = serverUser();
  if (user !== undefined) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-U', 'cairn', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], user);
  const hba = [`host all ${PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256`, 'host all all 127.0.0.1/32 trust', 'local all all trust', ''].join('\n');
  writeFileSync(join(data, 'pg_hba.conf'), hba);
  if (user !== undefined) chownSync(join(data, 'pg_hba.conf'), user.uid, user.gid);
  const port = await freePort();
  // Durability is not under test here: fsync off makes initdb and each commit cheap.
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-w', '-t', '60', 'start'], user);
  watchOver(process.pid, join(bin, 'pg_ctl'), data, dir, user);
  return {
    url: `postgres://cairn@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop: () => {
      spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { ...user, cwd: '/' });
      rmSync(dir, { recursive: true, force: true });
    },
    halt: () => run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], user),
    start: () => run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-w', '-t', '60', 'start'], user),
  };
}
