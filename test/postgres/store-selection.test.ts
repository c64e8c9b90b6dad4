// Choosing the store through the real binary: `--store`, CAIRN_DATABASE_URL and `store:` in
// cairn.yaml, in that order, over the embedded default; a database that cannot be reached
// (a closed port, a refused password, TLS the server lacks) is one line and exit 12 for every
// command that opens the stores, and the password appears in no output or log line.

import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIRN_BIN, runCli, type CliResult } from '../support/cli.js';
import { PASSWORD_ROLE } from '../support/postgres-server.js';
import { pgUrl } from '../support/postgres.js';
import { startServe } from '../support/serve-process.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const url = pgUrl();
const PASSWORD = 'Zq9-selection/p@ss';
const NO_ENV = { CAIRN_DATABASE_URL: '' };

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

function withPassword(base: string, password: string, query = ''): string {
  const target = new URL(base);
  target.username = PASSWORD_ROLE;
  target.password = password;
  return `${target.toString()}${query}`;
}

function expectUnavailable(result: CliResult): void {
  expect(result.code).toBe(12);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^cairn: cannot reach PostgreSQL at postgres:\/\/[^ ]*:\*\*\*@127\.0\.0\.1:\d+\/postgres/);
  expect(lines.slice(1).every((line) => line.startsWith('  hint: '))).toBe(true);
  expectNoPassword(result);
}

function expectNoPassword(result: { stdout: string; stderr: string }): void {
  for (const form of [PASSWORD, encodeURIComponent(PASSWORD), 'Zq9-selection']) {
    expect(result.stdout).not.toContain(form);
    expect(result.stderr).not.toContain(form);
  }
}

describe.skipIf(url === null)('store selection through the CLI', () => {
  let repo: TempDir;
  let work: TempDir;
  let unreachable: string;

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    work = tempDir('cairn-select-');
    unreachable = withPassword(`postgres://x@127.0.0.1:${await closedPort()}/postgres`, PASSWORD);
  });
  afterAll(() => {
    repo.remove();
    work.remove();
  });

  const commands: [string, (store: string) => string[]][] = [
    ['index', (store) => ['index', repo.path, '--store', store]],
    ['search', (store) => ['search', 'cart', '--repo', repo.path, '--store', store]],
    ['retrieve', (store) => ['retrieve', 'cart total', '--repo', repo.path, '--store', store]],
    ['hydrate', (store) => ['hydrate', 'cart total', '--conversation', 'c', '--repo', repo.path, '--store', store]],
    ['memory export', (store) => ['memory', 'export', join(work.path, 'out.jsonl'), '--repo', repo.path, '--store', store]],
    ['failures list', (store) => ['failures', 'list', '--repo', repo.path, '--store', store]],
    ['status', (store) => ['status', '--repo', repo.path, '--store', store]],
  ];

  it.each(commands)('%s: an unreachable database is one line, exit 12, no password', async (_name, args) => {
    expectUnavailable(await runCli(args(unreachable), { env: NO_ENV }));
  });

  it('a refused password is exit 12 and never printed; from CAIRN_DATABASE_URL too', async () => {
    const refused = withPassword(url!, PASSWORD);
    expectUnavailable(await runCli(['search', 'cart', '--repo', repo.path, '--store', refused], { env: NO_ENV }));
    expectUnavailable(await runCli(['search', 'cart', '--repo', repo.path], { env: { CAIRN_DATABASE_URL: refused } }));
  });

  it('cairn serve with an unreachable database exits 12 at start, no password in its log', async () => {
    const result = await runCli(['serve', '--port', '0', '--repo', repo.path, '--store', unreachable, '--log-format', 'json', '--log-level', 'debug'], { env: NO_ENV, killAfterMs: 30_000 });
    expect(result.code).toBe(12);
    expect(result.stderr).toContain('cannot reach PostgreSQL');
    expectNoPassword(result);
  });

  it('cairn mcp with an unreachable database answers every tool call with the error, no password', async () => {
    let stderr = '';
    const transport = new StdioClientTransport({ command: process.execPath, args: [CAIRN_BIN, 'mcp', '--repo', repo.path, '--store', unreachable], env: { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CAIRN_DATABASE_URL: '', CI: '1' }, stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'unreachable', version: '1' });
    await client.connect(transport);
    try {
      const result = (await client.callTool({ name: 'search_code', arguments: { query: 'cart' } })) as CallToolResult;
      expect(result.isError).toBe(true);
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      expect(text).toMatch(/cannot reach PostgreSQL at postgres:\/\/cairn_password:\*\*\*@127\.0\.0\.1:\d+\/postgres.*\[STORE_UNAVAILABLE\]/s);
      expectNoPassword({ stdout: JSON.stringify(result), stderr });
    } finally {
      await client.close();
    }
  });

  it('a value that is not a postgres:// URL is exit 4, not repeated', async () => {
    const result = await runCli(['search', 'cart', '--repo', repo.path, '--store', `mysql://root:${PASSWORD}@db/x`], { env: NO_ENV });
    expect(result.code).toBe(4);
    expect(result.stderr.split('\n')[0]).toBe('cairn: --store is neither `sqlite` nor a postgres:// URL');
    expectNoPassword(result);
  });

  it('passes TLS settings to libpq: sslmode=require fails on a server without TLS, sslmode=disable connects', async () => {
    const required = await runCli(['search', 'cart', '--repo', repo.path, '--store', `${url!}?sslmode=require`], { env: NO_ENV });
    expect(required.code).toBe(12);
    expect(required.stderr).toMatch(/SSL/i);
    const disabled = await runCli(['index', repo.path, '--store', `${url!}?sslmode=disable`, '--index-dir', join(work.path, 'tls')], { env: NO_ENV });
    expect(disabled.stderr).not.toContain('cannot reach');
    expect(disabled.code).toBe(0);
  });

  it('takes --store over CAIRN_DATABASE_URL over cairn.yaml over the embedded default', async () => {
    const own = fixtureRepo('shop');
    try {
      const indexDir = join(own.path, '.cairn');
      // cairn.yaml names an unreachable database: it is used when nothing else is set ...
      own.write('cairn.yaml', `store: ${unreachable}\n`);
      expectUnavailable(await runCli(['search', 'cart', '--repo', own.path], { env: NO_ENV }));
      // ... the environment wins over it ...
      const viaEnv = await runCli(['index', own.path], { env: { CAIRN_DATABASE_URL: url! } });
      expect(viaEnv.stdout).toContain('published generation 1 of');
      const status = await runCli(['status', '--repo', own.path], { env: { CAIRN_DATABASE_URL: url! } });
      expect(status.stdout).toMatch(/^store +PostgreSQL postgres:\/\/cairn@127\.0\.0\.1:\d+\/postgres, repository cairn-shop-\w+ /m);
      expect(status.stdout).toMatch(/^raw log .* in PostgreSQL/m);
      // ... the flag over both, `sqlite` included (the embedded store, no database asked).
      expectUnavailable(await runCli(['search', 'cart', '--repo', own.path, '--store', unreachable], { env: { CAIRN_DATABASE_URL: url! } }));
      const local = await runCli(['search', 'cart', '--repo', own.path, '--store', 'sqlite', '--index-dir', join(own.path, 'local-idx')], { env: { CAIRN_DATABASE_URL: unreachable } });
      expect(local.code).toBe(0);
      expect(local.stdout).toContain('shop/cart.py');
      // Without any of them: the embedded default, unchanged.
      own.write('cairn.yaml', 'index:\n  maxFileBytes: 1048576\n');
      const embedded = await runCli(['index', own.path], { env: NO_ENV });
      expect(embedded.code).toBe(0);
      expect(embedded.stdout).not.toContain('published');
      expect(embedded.stdout).toContain(indexDir);
    } finally {
      own.remove();
    }
  });

  it('cairn config shows the store with its password replaced, and where it came from', async () => {
    const own = fixtureRepo('shop');
    try {
      own.write('cairn.yaml', `store:\n  url: ${withPassword(url!, PASSWORD)}\n  repository: github.com/example/shop\n`);
      const shown = await runCli(['config', '--repo', own.path], { env: NO_ENV });
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(/^store +postgres:\/\/cairn_password:\*\*\*@127\.0\.0\.1:\d+\/postgres \(repository github\.com\/example\/shop\) +\(file .*cairn\.yaml\)$/m);
      expectNoPassword(shown);
      const fromEnv = await runCli(['config', '--repo', own.path, '--json'], { env: { CAIRN_DATABASE_URL: withPassword(url!, PASSWORD) } });
      expect(JSON.parse(fromEnv.stdout).entries).toContainEqual(expect.objectContaining({ key: 'store', source: 'environment CAIRN_DATABASE_URL' }));
      expectNoPassword(fromEnv);
    } finally {
      own.remove();
    }
  });

  it('serve on a database with nothing published answers INDEX_MISSING, naming `cairn index --store`', async () => {
    const own = fixtureRepo('shop');
    const server = await startServe(['--repo', own.path, '--store', url!, '--index-dir', join(work.path, 'empty-replica')]);
    try {
      const answer = await server.post('/retrieval/search', { query: 'cart' });
      expect(answer.json['error']).toMatchObject({ code: 'INDEX_MISSING' });
      expect(JSON.stringify(answer.json)).toContain('cairn index --store');
    } finally {
      await server.stop();
      own.remove();
    }
  });
});
