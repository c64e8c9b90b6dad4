// The embedding step end to end: real index runs (app.runIndex) against the local model
// server speaking the Ollama and OpenAI protocols, counting what the server was asked.

import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refusedUrl, startModelServer, type EmbedReply, type ModelServer, type ModelServerBehaviour } from '../../../test/support/model-server.js';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { drainIndex, openReader, runIndex } from '../../app/stores.js';
import { openRepo } from '../../app/repo.js';
import { ProviderError } from '../../core/errors.js';
import type { Io } from '../../faces/cli/io.js';
import { main } from '../../faces/cli/main.js';
import { indexPaths } from '../../store/sqlite/layout.js';
import { openSqliteVectorIndex } from '../../store/sqlite/vector-index.js';
import type { IndexSummary } from '../index-repository.js';

const SETTLE = [
  'def settle_invoice_balance(invoice):',
  '    """Close an invoice once its payments cover the total."""',
  '    return invoice.total - sum(invoice.payments)',
].join('\n');
const LEDGER = 'class Ledger:\n    def post(self, entry):\n        self.entries.append(entry)';
const POST = 'def post(self, entry):\n        self.entries.append(entry)';
const CHUNKS = [SETTLE, 'class Ledger:\n    ', POST];

const servers: ModelServer[] = [];
const repos: TempDir[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const repo of repos.splice(0)) repo.remove();
});

async function serve(behaviour: ModelServerBehaviour = {}): Promise<ModelServer> {
  const server = await startModelServer(behaviour);
  servers.push(server);
  return server;
}

function makeRepo(): TempDir {
  const repo = tempDir('cairn-embed-');
  repos.push(repo);
  repo.write('books/ledger.py', `${SETTLE}\n\n\n${LEDGER}\n`);
  repo.write('README.md', '# Books\n\nNothing to embed here.\n');
  return repo;
}

function configure(repo: TempDir, provider: 'ollama' | 'openai', baseUrl: string, extra = ''): void {
  repo.write('cairn.yaml', `embed:\n  provider: ${provider}\n  model: test-model\n  baseUrl: ${baseUrl}\n  batchSize: 2\n${extra}`);
}

async function index(repo: TempDir, options: { rebuild?: boolean } = {}): Promise<IndexSummary> {
  return drainIndex(runIndex(await openRepo({ repo: repo.path, env: {} }), { workers: 0, ...options }));
}

/** Texts the server embedded since call `from`, the dimension probe left out. */
function embeddedSince(server: ModelServer, from: number): string[] {
  return server.embedCalls.slice(from).flatMap((call) => call.input).filter((text) => text !== 'dimension probe');
}

function storedIds(repo: TempDir): string[] {
  const vectors = openSqliteVectorIndex(join(repo.path, '.cairn'));
  try {
    return vectors.nearest(new Float32Array(16).fill(1), 1000).map((hit) => hit.id).sort();
  } finally {
    vectors.close();
  }
}

describe.each(['ollama', 'openai'] as const)('embedding step over %s', (provider) => {
  it('embeds every symbol once, nothing on a no-change run, then only the changed symbol', async () => {
    const server = await serve();
    const repo = makeRepo();
    configure(repo, provider, server.url);
    const first = await index(repo);
    expect(embeddedSince(server, 0).sort()).toEqual([...CHUNKS].sort());
    expect(first.vectors).toMatchObject({ model: `${provider}:test-model`, dimensions: 16, files: 3, symbols: 3, embedded: 3, stored: 3, reset: null });
    expect(storedIds(repo)).toEqual(['books/ledger.py::Ledger', 'books/ledger.py::Ledger.post', 'books/ledger.py::settle_invoice_balance']);

    const calls = server.embedCalls.length;
    const again = await index(repo);
    expect(server.embedCalls.length).toBe(calls); // not even a probe
    expect(again.vectors).toMatchObject({ files: 0, symbols: 0, embedded: 0, stored: 3 });

    repo.write('books/ledger.py', `${SETTLE}\n\n\n${LEDGER.replace('append(entry)', 'insert(0, entry)')}\n`);
    const changed = await index(repo);
    expect(embeddedSince(server, calls)).toEqual([POST.replace('append(entry)', 'insert(0, entry)')]);
    expect(changed.vectors).toMatchObject({ files: 1, symbols: 3, embedded: 1, cacheHits: 2, stored: 3 });
  });

  it('a renamed file costs no embedding; a removed file loses its vectors', async () => {
    const server = await serve();
    const repo = makeRepo();
    configure(repo, provider, server.url);
    await index(repo);
    const calls = server.embedCalls.length;
    renameSync(join(repo.path, 'books/ledger.py'), join(repo.path, 'books/journal.py'));
    const renamed = await index(repo);
    expect(server.embedCalls.length).toBe(calls);
    expect(renamed.vectors).toMatchObject({ files: 1, symbols: 3, embedded: 0, cacheHits: 3, removedFiles: 1, stored: 3 });
    expect(storedIds(repo)).toEqual(['books/journal.py::Ledger', 'books/journal.py::Ledger.post', 'books/journal.py::settle_invoice_balance']);

    rmSync(join(repo.path, 'books/journal.py'));
    const removed = await index(repo);
    expect(removed.vectors).toMatchObject({ removedFiles: 1, stored: 0 });
    expect(storedIds(repo)).toEqual([]);
  });
});

describe('embedding step: models, rebuilds and failures', () => {
  it('rebuilds every vector when the model changes, and says so', async () => {
    const server = await serve({ models: ['test-model', 'other-model'], dimensions: 16 });
    const repo = makeRepo();
    configure(repo, 'ollama', server.url);
    await index(repo);
    repo.write('cairn.yaml', `embed:\n  provider: ollama\n  model: other-model\n  baseUrl: ${server.url}\n`);
    const calls = server.embedCalls.length;
    const summary = await index(repo);
    expect(summary.vectors?.reset).toBe('the embedding model changed from ollama:test-model to ollama:other-model');
    expect(summary.vectors).toMatchObject({ model: 'ollama:other-model', embedded: 3, stored: 3 });
    expect(server.embedCalls.slice(calls).every((call) => call.model === 'other-model')).toBe(true);
  });

  it('rebuilds when the same model name starts answering with another length, never mixing the two', async () => {
    const small = await serve({ dimensions: 16 });
    const repo = makeRepo();
    configure(repo, 'ollama', small.url);
    await index(repo);
    const large = await serve({ dimensions: 24 });
    configure(repo, 'ollama', large.url);
    repo.write('books/extra.py', 'def audit():\n    return 0\n');
    const summary = await index(repo);
    expect(summary.vectors).toMatchObject({ dimensions: 24, stored: 4, reset: 'the model\'s vectors changed from 16 to 24 dimensions' });
    // Every vector was embedded again at 24 dimensions (the 16-dimensional cache entries do not fit).
    expect(embeddedSince(large, 0).sort()).toEqual([...CHUNKS, 'def audit():\n    return 0'].sort());
  });

  it('--rebuild drops the stored vectors and restores them from the cache, embedding nothing', async () => {
    const server = await serve();
    const repo = makeRepo();
    configure(repo, 'ollama', server.url);
    await index(repo);
    const calls = server.embedCalls.length;
    const rebuilt = await index(repo, { rebuild: true });
    expect(server.embedCalls.length).toBe(calls);
    expect(rebuilt.vectors).toMatchObject({ embedded: 0, cacheHits: 3, stored: 3 });
    expect(rebuilt.vectors?.reset).toContain('rebuilt');
  });

  it('a refused server: the curated index completes, `cairn index` exits 8, and the next run embeds what is missing', async () => {
    const repo = makeRepo();
    configure(repo, 'ollama', await refusedUrl());
    const io = captureIo();
    const code = await main(['node', 'cairn', 'index', repo.path], io);
    expect(code).toBe(8);
    expect(io.text.err).toContain('The index is complete, but symbol vectors are not');
    expect(io.text.err).toContain('re-run `cairn index`');
    const reader = openReader(await openRepo({ repo: repo.path, env: {} }));
    expect(reader.stats()).toMatchObject({ state: 'complete', files: 3, symbols: 3 });
    reader.close();

    const server = await serve();
    configure(repo, 'ollama', server.url);
    const resumed = await index(repo);
    expect(resumed.run).toMatchObject({ added: 0, changed: 1 }); // cairn.yaml only
    expect(resumed.vectors).toMatchObject({ embedded: 3, stored: 3 });
  });

  it('a server failing mid-run keeps the groups already stored; the next run embeds only the rest', async () => {
    const many = Array.from({ length: 260 }, (_, i) => `def step_${i}():\n    return ${i}\n`).join('\n\n');
    let failing = true;
    const server = await serve({ embed: (call): EmbedReply => (failing && call.input.includes('def audit():\n    return 0') ? { status: 500 } : {}) });
    const repo = makeRepo();
    repo.write('a_many.py', many);
    repo.write('z_last.py', 'def audit():\n    return 0\n');
    repo.write('cairn.yaml', `embed:\n  provider: ollama\n  model: test-model\n  baseUrl: ${server.url}\n`);
    const failure = await index(repo).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).code).toBe('PROVIDER_UNAVAILABLE');
    expect(existsSync(indexPaths(join(repo.path, '.cairn')).vectors)).toBe(true);
    // The first group (a_many.py: 260 symbols, over the group bound) was stored before the failure.
    expect(storedIds(repo).filter((id) => id.startsWith('a_many.py::'))).toHaveLength(260);

    failing = false;
    const calls = server.embedCalls.length;
    const resumed = await index(repo);
    // Only the group that failed (ledger.py and z_last.py) is embedded again; none of a_many.py.
    expect(embeddedSince(server, calls).sort()).toEqual([...CHUNKS, 'def audit():\n    return 0'].sort());
    expect(resumed.vectors).toMatchObject({ stored: 264 });
  });
});

function captureIo(): Io & { text: { out: string; err: string } } {
  const text = { out: '', err: '' };
  let exit = 0;
  return {
    text,
    out: (chunk) => void (text.out += chunk),
    err: (chunk) => void (text.err += chunk),
    interactive: false,
    debug: false,
    env: {},
    version: '0.0.0-test',
    logFlags: {},
    setExitCode: (code) => void (exit = code),
    exitCode: () => exit,
  };
}
