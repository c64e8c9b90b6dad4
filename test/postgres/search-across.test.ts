// Issue 25, search spans every repository in the database, through every face: two fixture
// repositories published by `cairn index --store` into a database of their own; `cairn
// search --repos`, HTTP `POST /retrieval/search` with `repos` on a `cairn serve --store`
// that serves only one of them, and MCP `search_code` with `repos` on a `cairn mcp --store`
// (the SDK's own client over stdio) give the same rows, each named with its repository —
// the repository nobody serves is searched from its published generation (by `cairn serve`
// on a query thread, as the one it serves).

import { basename, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIRN_BIN, runCli } from '../support/cli.js';
import { asSuperuser, freshSchema, pgUrl } from '../support/postgres.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const url = pgUrl();
const ENV = { CAIRN_DATABASE_URL: '' };
const QUERY = 'session cookie cart total discount';

type Row = { repository: string; path: string; symbol?: string; line?: number; score: number };

/** A database of the test's own: "*" means every repository in it. */
function freshDatabase(serverUrl: string): string {
  const name = freshSchema('across');
  asSuperuser(serverUrl, 'public', { sql: `CREATE DATABASE ${name}` });
  const database = new URL(serverUrl);
  database.pathname = `/${name}`;
  return database.toString();
}

describe.skipIf(url === null)('postgres: search across the repositories of the database, through every face', () => {
  let shop: TempDir;
  let flask: TempDir;
  let work: TempDir;
  let db: string;
  let names: { shop: string; flask: string };
  let serve: ServeProcess;
  let mcp: Client;

  const cli = async (...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> =>
    runCli(['search', QUERY, '--repo', shop.path, '--store', db, '--index-dir', join(work.path, 'cli'), '--kind', 'symbol', '--limit', '10', ...args], { env: ENV });
  const cliJson = async (...args: string[]): Promise<{ repositories: string[]; results: Row[] }> => {
    const found = await cli(...args, '--json');
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
    return JSON.parse(found.stdout) as { repositories: string[]; results: Row[] };
  };
  const viaMcp = async (repos: string): Promise<CallToolResult> =>
    (await mcp.callTool({ name: 'search_code', arguments: { query: QUERY, kind: 'symbol', limit: 10, repos } })) as CallToolResult;

  beforeAll(async () => {
    shop = fixtureRepo('shop');
    flask = fixtureRepo('flask-mini');
    work = tempDir('cairn-across-');
    db = freshDatabase(url!);
    names = { shop: basename(shop.path), flask: basename(flask.path) };
    for (const [repo, dir] of [[shop, 'index-shop'], [flask, 'index-flask']] as const) {
      const indexed = await runCli(['index', repo.path, '--store', db, '--index-dir', join(work.path, dir)], { env: ENV });
      expect(indexed.code, indexed.stderr).toBe(0);
    }
    // The server and the MCP process serve the shop alone: the flask repository is only in the database.
    serve = await startServe(['--store', db, '--repo', shop.path, '--index-dir', join(work.path, 'serve')], ENV);
    mcp = new Client({ name: 'across-test', version: '1' });
    const args = [CAIRN_BIN, 'mcp', '--store', db, '--repo', shop.path, '--index-dir', join(work.path, 'mcp')];
    await mcp.connect(new StdioClientTransport({ command: process.execPath, args, env: { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CAIRN_DATABASE_URL: '', CI: '1' }, stderr: 'pipe' }));
  }, 180_000);

  afterAll(async () => {
    await mcp?.close();
    await serve?.stop();
    for (const dir of [shop, flask, work]) dir?.remove();
  });

  it('cairn search --repos "*" merges every published repository\'s own rows by score, each named with its repository', async () => {
    const across = await cliJson('--repos', '*');
    expect([...across.repositories].sort()).toEqual([names.flask, names.shop].sort());
    expect(new Set(across.results.map((row) => row.repository))).toEqual(new Set([names.shop, names.flask]));
    expect(across.results.map((row) => row.score)).toEqual([...across.results.map((row) => row.score)].sort((a, b) => b - a));
    for (const name of [names.shop, names.flask]) {
      const alone = (await cliJson('--repos', name)).results;
      const mine = across.results.filter((row) => row.repository === name);
      expect(mine.length).toBeGreaterThan(0);
      // Each repository's rows in its own order, with its own scores: a prefix of its search alone.
      expect(mine).toEqual(alone.slice(0, mine.length));
    }
    const text = await cli('--repos', `${names.flask},${names.shop}`);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^ 1\\. (${names.shop}|${names.flask})  \\S+`, 'm'));
  });

  it('CLI, HTTP and MCP answer the same rows, the repository nobody serves included', async () => {
    const fromCli = (await cliJson('--repos', '*')).results;
    const http = await serve.post('/retrieval/search', { query: QUERY, kind: 'symbol', limit: 10, repos: '*' });
    expect(http.status).toBe(200);
    const fromMcp = await viaMcp('*');
    expect(fromMcp.isError ?? false).toBe(false);
    const mcpRows = (fromMcp.structuredContent as { results: Row[] }).results;
    expect(fromCli.some((row) => row.repository === names.flask)).toBe(true);
    expect(http.json['results']).toEqual(fromCli);
    expect(mcpRows).toEqual(fromCli);
    expect(fromMcp.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining(`1. ${fromCli[0]!.repository}  ${fromCli[0]!.path}`) });
    // Named repositories: the unserved one alone, through each face.
    const onlyFlask = (await cliJson('--repos', names.flask)).results;
    expect((await serve.post('/retrieval/search', { query: QUERY, kind: 'symbol', limit: 10, repos: [names.flask] })).json['results']).toEqual(onlyFlask);
    expect(((await viaMcp(names.flask)).structuredContent as { results: Row[] }).results).toEqual(onlyFlask);
  });

  it('cairn serve searches the repository it does not serve on a query thread, not the main one', async () => {
    const poolJobs = async (): Promise<number> => {
      const line = /^cairn_pool_completed_total (\d+)/m.exec(await (await fetch(`${serve.url}/metrics`)).text());
      expect(line).not.toBeNull();
      return Number(line![1]);
    };
    const before = await poolJobs();
    const flaskOnly = await serve.post('/retrieval/search', { query: `${QUERY} flask`, kind: 'symbol', limit: 10, repos: [names.flask] });
    expect(flaskOnly.status).toBe(200);
    expect((flaskOnly.json['results'] as Row[]).length).toBeGreaterThan(0);
    expect(await poolJobs()).toBe(before + 1); // it stayed at `before` while the main thread searched it
    const both = await serve.post('/retrieval/search', { query: `${QUERY} both`, kind: 'symbol', limit: 10, repos: '*' });
    expect(both.status).toBe(200);
    expect(await poolJobs()).toBe(before + 3); // one job per repository, the served one's and the other's
  });

  it('an unknown repository is NOT_FOUND naming it, through each face', async () => {
    const cliAnswer = await cli('--repos', `${names.shop},nope`);
    expect(cliAnswer.code).toBe(7);
    expect(cliAnswer.stderr).toContain('"nope"');
    const http = await serve.post('/retrieval/search', { query: QUERY, repos: ['nope'] });
    expect(http.status).toBe(404);
    const mcpAnswer = await viaMcp('nope');
    expect(mcpAnswer.isError).toBe(true);
    expect(mcpAnswer.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('no repository named "nope"') });
  });

  it('--repos on the embedded store is one usage line saying it needs PostgreSQL', async () => {
    const embedded = await runCli(['search', QUERY, '--repo', shop.path, '--index-dir', join(work.path, 'embedded'), '--repos', '*'], { env: ENV });
    expect(embedded.code).toBe(2);
    expect(embedded.stderr).toMatch(/^cairn: repos searches the repositories published in a PostgreSQL store/);
    expect(embedded.stdout).toBe('');
    const empty = await runCli(['search', QUERY, '--repo', shop.path, '--store', db, '--repos', ','], { env: ENV });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--repos takes names separated by commas');
  });
});
