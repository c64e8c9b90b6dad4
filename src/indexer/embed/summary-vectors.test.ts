// A file's promoted `cairn enrich` summary in the hybrid ranker: the embedding step stores
// its summary chunk under the file's path (real index runs against the local model server,
// whose hash embeddings give a task equal to a chunk's text exactly that chunk's vector), so
// the vector signal finds the file by what the summary says — and only while the summary
// was written from the content indexed now.

import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../../test/support/model-server.js';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { drainIndex, openRanker, openReader, runIndex } from '../../app/stores.js';
import { openRepo } from '../../app/repo.js';
import type { RepoContext } from '../../config/repo-context.js';
import { openSqliteEnrichmentStore } from '../../store/sqlite/enrichment-store.js';
import { openSqliteVectorIndex } from '../../store/sqlite/vector-index.js';
import type { RankResult } from '../../search/rank/types.js';
import type { IndexSummary } from '../index-repository.js';
import { summaryChunkText } from './chunks.js';

const REPORT = 'def render_report(rows):\n    return "\\n".join(str(row) for row in rows)\n';
const ENRICHMENT = { summary: 'Prints the monthly statement customers receive by post.', domain: 'billing', concepts: ['statement', 'customers'] };
const SUMMARY_TEXT = summaryChunkText(ENRICHMENT);

const servers: ModelServer[] = [];
const repos: TempDir[] = [];
const closers: { close(): void }[] = [];
afterEach(async () => {
  for (const item of closers.splice(0)) item.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const repo of repos.splice(0)) repo.remove();
});

async function embeddedRepo(): Promise<{ context: RepoContext; server: ModelServer; repo: TempDir }> {
  const server = await startModelServer({});
  servers.push(server);
  const repo = tempDir('cairn-summary-vectors-');
  repos.push(repo);
  repo.write('money/ledger.py', 'def settle(entry):\n    return entry.amount * rate\n');
  repo.write('money/report.py', REPORT);
  repo.write('cairn.yaml', `embed:\n  provider: ollama\n  model: test-model\n  baseUrl: ${server.url}\n`);
  const context = await openRepo({ repo: repo.path, env: {} });
  await index(context);
  return { context, server, repo };
}

function index(context: RepoContext): Promise<IndexSummary> {
  return drainIndex(runIndex(context, { workers: 0 }));
}

/** `cairn enrich --promote` for report.py's content as indexed now. */
function promoteSummary(context: RepoContext): void {
  const reader = openReader(context);
  const contentHash = reader.file('money/report.py')!.hash;
  reader.close();
  const store = openSqliteEnrichmentStore(context.indexDir);
  store.stage([{ path: 'money/report.py', contentHash, model: 'ollama:writer', ...ENRICHMENT, promptTokens: 1, completionTokens: 1, at: 1 }]);
  store.promote();
  store.close();
}

function storedIds(context: RepoContext): string[] {
  const vectors = openSqliteVectorIndex(context.indexDir);
  try {
    return vectors.nearest(new Float32Array(16).fill(1), 1000).map((hit) => hit.id).sort();
  } finally {
    vectors.close();
  }
}

async function rank(context: RepoContext, query: string): Promise<RankResult> {
  const reader = openReader(context);
  closers.push(reader);
  const ranking = openRanker(context);
  closers.push(ranking);
  return ranking.ranker.rank(reader, { query, limit: 10 });
}

const vectorRank = (result: RankResult, path: string) => result.files.find((file) => file.path === path)?.signals.find((entry) => entry.signal === 'vectors');

describe('file summaries in the hybrid ranker', () => {
  it('embeds a promoted summary once, under the file path, and ranks the file first by it (not as a symbol)', async () => {
    const { context, server } = await embeddedRepo();
    expect(vectorRank(await rank(context, SUMMARY_TEXT), 'money/report.py')?.raw ?? 0).toBeLessThan(0.99);
    promoteSummary(context);
    const calls = server.embedCalls.length;
    const summary = await index(context);
    // Only the summary chunk is new: the file's symbol chunk comes from the cache.
    expect(server.embedCalls.slice(calls).flatMap((call) => call.input)).toEqual([SUMMARY_TEXT]);
    expect(summary.vectors).toMatchObject({ files: 1, symbols: 1, summaries: 1, embedded: 1, cacheHits: 1 });
    expect(storedIds(context)).toEqual(['money/ledger.py::settle', 'money/report.py', 'money/report.py::render_report']);
    const result = await rank(context, SUMMARY_TEXT);
    // Its summary vector is the task's (1), plus the bonus of one further near symbol of the file.
    expect(vectorRank(result, 'money/report.py')).toMatchObject({ rank: 1, raw: expect.closeTo(1.02, 5) });
    expect(result.symbols.map((symbol) => symbol.key)).not.toContain('money/report.py');
    // A no-change run embeds nothing more.
    const again = server.embedCalls.length;
    await index(context);
    expect(server.embedCalls.length).toBe(again);
  });

  it('drops the summary vector once the file changed since the summary was written', async () => {
    const { context, repo } = await embeddedRepo();
    promoteSummary(context);
    await index(context);
    expect(storedIds(context)).toContain('money/report.py');
    appendFileSync(join(repo.path, 'money/report.py'), '\n\nPAGE_WIDTH = 80\n');
    await index(context);
    expect(storedIds(context)).not.toContain('money/report.py');
    expect(vectorRank(await rank(context, SUMMARY_TEXT), 'money/report.py')?.raw ?? 0).toBeLessThan(0.99);
  });
});
