// The vector signal: pure roll-up and query text, then cairn's ranker fusing it over a real
// index whose vectors came from the local model server (deterministic hash embeddings: a
// task whose text equals a symbol's chunk text gets exactly that symbol's vector).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashEmbedding, startModelServer, type EmbedReply, type ModelServer, type ModelServerBehaviour } from '../../../test/support/model-server.js';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import type { RepoContext } from '../../config/repo-context.js';
import { drainIndex, openRanker, openReader, runIndex } from '../../app/stores.js';
import { openRepo } from '../../app/repo.js';
import { openRetrieval } from '../../app/retrieval.js';
import { indexPaths } from '../../store/sqlite/layout.js';
import { createCairnRanker, DEFAULT_WEIGHTS } from './cairn-ranker.js';
import { RRF_K } from './fusion.js';
import type { RankRequest, RankResult } from './types.js';
import { MAX_QUERY_CHARS, signalFromHits, vectorQueryText } from './vector-signal.js';

describe('vector signal (pure)', () => {
  it('rolls symbols up to files: best similarity plus 0.02 per further near symbol, at most 0.1', () => {
    const hits = [
      { id: 'a.py::f', distance: 0.1 },
      { id: 'b.py::g', distance: 0.2 },
      { id: 'a.py::h', distance: 0.5 },
      ...Array.from({ length: 8 }, (_, i) => ({ id: `c.py::k${i}`, distance: 0.6 + i / 100 })),
    ];
    const signal = signalFromHits(hits);
    expect(signal.symbols.get('a.py::f')).toBeCloseTo(0.9);
    expect(signal.symbols.get('a.py::h')).toBeCloseTo(0.5);
    expect(signal.files.get('a.py')).toBeCloseTo(0.92);
    expect(signal.files.get('b.py')).toBeCloseTo(0.8);
    expect(signal.files.get('c.py')).toBeCloseTo(0.4 + 0.1);
  });

  it('counts a file summary vector (stored under the path) for its file, never as a symbol', () => {
    const signal = signalFromHits([
      { id: 'a.py', distance: 0.05 },
      { id: 'a.py::f', distance: 0.3 },
      { id: 'b.py', distance: 0.4 },
    ]);
    expect([...signal.symbols.keys()]).toEqual(['a.py::f']);
    expect(signal.files.get('a.py')).toBeCloseTo(0.97);
    expect(signal.files.get('b.py')).toBeCloseTo(0.6);
  });

  it('embeds the title and the first part of the body, cut at a line end', () => {
    expect(vectorQueryText('  Title\r\nbody  ')).toBe('Title\nbody');
    const long = `Title\n${'word '.repeat(300)}\n${'more '.repeat(300)}`;
    const text = vectorQueryText(long);
    expect(text.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
    expect(text).toBe(`Title\n${'word '.repeat(300)}`);
    expect(vectorQueryText('x'.repeat(5000))).toHaveLength(MAX_QUERY_CHARS);
  });
});

const TARGET = 'def settle(entry):\n    return entry.amount * rate';
const OTHER = 'def render_report(rows):\n    return "\\n".join(str(row) for row in rows)';
const SEMANTIC_TASK = 'Customers are charged twice when a payment is retried';

const servers: ModelServer[] = [];
const repos: TempDir[] = [];
const closers: { close(): void }[] = [];
afterEach(async () => {
  for (const item of closers.splice(0)) item.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const repo of repos.splice(0)) repo.remove();
});

async function indexedRepo(behaviour: ModelServerBehaviour, withEmbed = true): Promise<{ context: RepoContext; server: ModelServer }> {
  const server = await startModelServer(behaviour);
  servers.push(server);
  const repo = tempDir('cairn-vectors-');
  repos.push(repo);
  repo.write('money/ledger.py', `${TARGET}\n`);
  repo.write('money/report.py', `${OTHER}\n`);
  repo.write('docs/charges.md', '# Charges\n\nCustomers are charged when a payment is taken. Twice retried payments are reported.\n');
  if (withEmbed) repo.write('cairn.yaml', `embed:\n  provider: openai\n  model: test-model\n  baseUrl: ${server.url}\n`);
  const context = await openRepo({ repo: repo.path, env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
  return { context, server };
}

async function rank(context: RepoContext, request: RankRequest, vectors = true): Promise<RankResult> {
  const reader = openReader(context);
  closers.push(reader);
  if (!vectors) return createCairnRanker().rank(reader, request);
  const ranking = openRanker(context);
  closers.push(ranking);
  return ranking.ranker.rank(reader, request);
}

const vectorsOf = (signals: { signal: string }[]) => signals.find((entry) => entry.signal === 'vectors');

describe('cairn ranker with the vector signal', () => {
  it('ranks the symbol whose chunk text is the task first in the vectors list, for the file and the symbol', async () => {
    const { context, server } = await indexedRepo({});
    const calls = server.embedCalls.length;
    const result = await rank(context, { query: TARGET, limit: 5 });
    expect(server.embedCalls.slice(calls).map((call) => call.input)).toEqual([[TARGET]]);
    const file = result.files.find((entry) => entry.path === 'money/ledger.py')!;
    expect(vectorsOf(file.signals)).toMatchObject({ rank: 1, raw: expect.closeTo(1, 5), contribution: expect.closeTo(DEFAULT_WEIGHTS.files.vectors / ((DEFAULT_WEIGHTS.rankConstant ?? RRF_K) + 1), 9) });
    const symbol = result.symbols.find((entry) => entry.key === 'money/ledger.py::settle')!;
    expect(vectorsOf(symbol.signals)).toMatchObject({ rank: 1, raw: expect.closeTo(1, 5) });

    const plain = await rank(context, { query: TARGET, limit: 5 }, false);
    const before = plain.files.find((entry) => entry.path === 'money/ledger.py')!;
    expect(before.signals.some((entry) => entry.signal === 'vectors')).toBe(false);
    expect(file.score).toBeGreaterThan(before.score);
  });

  it('finds a file that shares no word with the task when the model places the task next to it', async () => {
    // A semantic model would put this task near `settle`; the server is told to answer so.
    const semantic = (call: { input: string[] }): EmbedReply =>
      call.input[0] === SEMANTIC_TASK ? { vectors: [hashEmbedding(TARGET, 16)] } : {};
    const { context } = await indexedRepo({ embed: semantic });
    const plain = await rank(context, { query: SEMANTIC_TASK, limit: 10 }, false);
    expect(plain.files.map((file) => file.path)).not.toContain('money/ledger.py');
    const fused = await rank(context, { query: SEMANTIC_TASK, limit: 10 });
    expect(fused.files.map((file) => file.path)).toContain('money/ledger.py');
    expect(fused.symbols[0]?.key).toBe('money/ledger.py::settle');
  });

  it('applies the request filter to vector hits', async () => {
    const { context } = await indexedRepo({});
    const result = await rank(context, { query: TARGET, limit: 5, filter: { pathGlobs: ['money/report.py'] } });
    const withVectors = <T extends { signals: { signal: string }[] }>(entries: T[]): T[] => entries.filter((entry) => vectorsOf(entry.signals));
    expect(withVectors(result.files).map((file) => file.path)).toEqual(['money/report.py']);
    expect(withVectors(result.symbols).map((symbol) => symbol.key)).toEqual(['money/report.py::render_report']);
  });

  it('skips the signal, without embedding the task, when the stored vectors belong to another model', async () => {
    const { context, server } = await indexedRepo({ models: ['test-model', 'other-model'] });
    const other: RepoContext = { ...context, config: { ...context.config, embed: { ...context.config.embed!, model: 'other-model' } } };
    const calls = server.embedCalls.length;
    const result = await rank(other, { query: TARGET, limit: 5 });
    expect(server.embedCalls.length).toBe(calls);
    expect(result.files.flatMap((file) => file.signals).some((entry) => entry.signal === 'vectors')).toBe(false);
  });

  it('without `embed` configured, nothing opens vectors.db and the ranking has no vector signal', async () => {
    const { context, server } = await indexedRepo({}, false);
    const result = await rank(context, { query: TARGET, limit: 5 });
    expect(existsSync(indexPaths(join(context.root, '.cairn')).vectors)).toBe(false);
    expect(server.embedCalls).toHaveLength(0);
    expect(result.files.flatMap((file) => file.signals).some((entry) => entry.signal === 'vectors')).toBe(false);
  });

  it('retrieval uses the vector-aware ranker only when `embed` is configured', async () => {
    const { context } = await indexedRepo({});
    const session = await openRetrieval(context, { refresh: false, llm: null, env: {} });
    closers.push(session);
    const result = await session.ports.ranker!.rank(session.ports.reader, { query: TARGET, limit: 3 });
    expect(vectorsOf(result.files.find((file) => file.path === 'money/ledger.py')!.signals)).toMatchObject({ rank: 1 });

    const plain = await indexedRepo({}, false);
    const without = await openRetrieval(plain.context, { refresh: false, llm: null, env: {} });
    closers.push(without);
    expect(without.ports.ranker).toBeUndefined();
  });
});
