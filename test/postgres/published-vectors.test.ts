// Issue 25, vectors on the shared store: `cairn index --store URL` with `embed` configured
// publishes vectors.db (symbol vectors and the embedding cache) in the same generation as
// index.db, so a fresh replica — a CLI search with an empty index directory, and a `cairn
// serve` replica answering on its query threads — ranks with the vector signal after
// embedding only the query: zero embedding requests for the index, and the rows the
// indexing machine's own index gives. Before, a replica's vectors.db was a new empty file
// beside its checkout: no vector signal at all, and not one embedding request.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { pgUrl } from '../support/postgres.js';
import { startServe } from '../support/serve-process.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const url = pgUrl();
const ENV = { CAIRN_DATABASE_URL: '' };
const QUERY = 'apply the discount to the cart total';

interface Row {
  path: string;
  id: string;
  score: number;
  signals: { signal: string }[];
}

function rowsOf(stdout: string): Row[] {
  const parsed = JSON.parse(stdout) as { mode: string; results: Row[] };
  expect(parsed.mode).toBe('hybrid');
  return parsed.results;
}

describe.skipIf(url === null)('postgres: vectors published with the index generation', () => {
  let model: ModelServer;
  let repo: TempDir;
  let work: TempDir;
  let indexerRows: Row[];

  beforeAll(async () => {
    model = await startModelServer();
    repo = fixtureRepo('shop');
    repo.write('cairn.yaml', `embed:\n  provider: ollama\n  model: test-model\n  baseUrl: ${model.url}\n`);
    work = tempDir('cairn-pg-vectors-');
    const indexed = await runCli(['index', repo.path, '--store', url!, '--index-dir', join(work.path, 'indexer')], { env: ENV });
    expect(indexed.stderr).not.toMatch(/error/i);
    expect(indexed.code).toBe(0);
    expect(model.embedCalls.length).toBeGreaterThan(0);
    // The indexing machine's own answer, from its local index.db and vectors.db.
    const local = await runCli(['search', QUERY, '--repo', repo.path, '--store', 'sqlite', '--index-dir', join(work.path, 'indexer'), '--json', '--explain', '--limit', '20'], { env: ENV });
    expect(local.code).toBe(0);
    indexerRows = rowsOf(local.stdout);
  }, 120_000);

  afterAll(async () => {
    await model?.close();
    repo?.remove();
    work?.remove();
  });

  it('the local index ranks with vectors (the comparison means something)', () => {
    expect(indexerRows.length).toBeGreaterThan(0);
    expect(indexerRows.some((row) => JSON.stringify(row.signals).includes('vector'))).toBe(true);
  });

  it('a fresh replica embeds only the query and gives the indexing machine its rows', async () => {
    const before = model.embedCalls.length;
    const replicaDir = join(work.path, 'replica-cli');
    const found = await runCli(['search', QUERY, '--repo', repo.path, '--store', url!, '--index-dir', replicaDir, '--json', '--explain', '--limit', '20'], { env: ENV });
    expect(found.stderr).not.toMatch(/error/i);
    expect(found.code).toBe(0);
    const calls = model.embedCalls.slice(before);
    expect(calls.map((call) => call.input)).toEqual([[QUERY]]);
    expect(rowsOf(found.stdout)).toEqual(indexerRows);
    // The vectors came out of the generation, checked and beside its index.db; none were built in the index directory.
    const repositoryCache = join(replicaDir, 'generations', readdirSync(join(replicaDir, 'generations'))[0]!);
    const generation = readdirSync(repositoryCache).find((name) => name.startsWith('generation-'))!;
    expect(existsSync(join(repositoryCache, generation, 'vectors.db'))).toBe(true);
    expect(existsSync(join(replicaDir, 'vectors.db'))).toBe(false);
  }, 60_000);

  it('a cairn serve replica answers on its query threads with the published vectors', async () => {
    const replica = await startServe(['--store', url!, '--repo', repo.path, '--index-dir', join(work.path, 'replica-serve')], ENV);
    try {
      const before = model.embedCalls.length;
      const search = await replica.post('/retrieval/search', { query: QUERY, limit: 20 });
      expect(search.status).toBe(200);
      const calls = model.embedCalls.slice(before);
      expect(calls.map((call) => call.input)).toEqual([[QUERY]]);
      const paths = (search.json['results'] as { path: string }[]).map((row) => row.path);
      expect(paths).toEqual(indexerRows.map((row) => row.path));
    } finally {
      await replica.stop();
    }
  }, 60_000);
});
