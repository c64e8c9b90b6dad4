// Regression (issue 26 review): a promoted summary was used whatever the file's content had
// become since `cairn enrich` wrote it, so a file edited after enrichment still fed its
// stale summary to tier 4 and to the model's scope prompt. A summary now counts only while
// the index's content hash of the file is the one it was written from.

import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { llmConfigSchema } from '../../config/schema.js';
import { createLlmClient } from '../../providers/llm/create.js';
import { openSqliteEnrichmentReader, openSqliteEnrichmentStore } from '../../store/sqlite/enrichment-store.js';
import { startModelServer, type ChatCall, type ChatReply } from '../../../test/support/model-server.js';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { decisionsIn } from './explain.js';
import { retrieve, type RetrieveRequest } from './retrieve.js';

const SUMMARY = 'Formats amounts for the storefront widgets.';
const REQUEST: RetrieveRequest = {
  task: 'The storefront widgets look wrong after `shop/cart.py` changed',
  stages: ['scope', 'precision'],
  budget: { contextWindow: 8000, reservedTokens: 1000 },
  format: 'markdown',
};

const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

/** A model that keeps every candidate (its prompts are what the test reads). */
function keepAll(call: ChatCall): ChatReply {
  const system = call.messages[0]!.content;
  if (system.startsWith('You read tasks')) return { content: JSON.stringify({ summary: 'Fix the storefront widgets.', task_type: 'bug_fix', keywords: ['storefront'] }) };
  const user = call.messages[call.messages.length - 1]!.content;
  const files = system.includes('which files');
  const verdicts = [...user.matchAll(/^(\d+)\. /gm)].map((match) => ({ n: Number(match[1]), class: files ? 'relevant' : 'supporting' }));
  return { content: JSON.stringify({ verdicts }) };
}

/** The shop fixture with a model judge and web/src/format.ts's summary promoted for its content as indexed now. */
async function enrichedShop(): Promise<{ repo: IndexedRepo; prompts: string[] }> {
  const prompts: string[] = [];
  const server = await startModelServer({
    chat: (call) => {
      prompts.push(call.messages.map((message) => message.content).join('\n'));
      return keepAll(call);
    },
  });
  opened.push(server);
  const config = llmConfigSchema.parse({ provider: 'ollama', model: 'test-model', baseUrl: server.url, timeoutMs: 5000, maxRetries: 0, onError: 'fail' });
  const repo = await indexedFixture('shop', { llm: { client: createLlmClient(config), onError: 'fail' } });
  opened.push(repo);
  const indexDir = join(repo.dir.path, '.cairn');
  const store = openSqliteEnrichmentStore(indexDir);
  const hash = repo.ports.reader.file('web/src/format.ts')!.hash;
  store.stage([{ path: 'web/src/format.ts', contentHash: hash, model: 'ollama:test', summary: SUMMARY, domain: 'storefront', concepts: ['storefront'], promptTokens: 1, completionTokens: 1, at: 1 }]);
  store.promote();
  store.close();
  const enrichment = openSqliteEnrichmentReader(indexDir)!;
  opened.push(enrichment);
  repo.ports.enrichment = enrichment;
  return { repo, prompts };
}

function metadataTier(repo: IndexedRepo, taskId: string, runId: string): unknown[] {
  return decisionsIn(repo.ports.rawLog.read({ taskId, runId }))
    .map(({ payload }) => payload as { id: string; tierName: string })
    .filter((decision) => decision.id === 'web/src/format.ts' && decision.tierName === 'metadata');
}

describe('stale enrichment summaries', () => {
  it('uses a promoted summary while its file has the content it was written from', async () => {
    const { repo, prompts } = await enrichedShop();
    const result = await retrieve(repo.ports, REQUEST);
    expect(metadataTier(repo, result.taskId, result.runId)).not.toEqual([]);
    expect(prompts.some((prompt) => prompt.includes(SUMMARY))).toBe(true);
  });

  it('ignores a summary written for content the file no longer has: no tier 4, not in the model prompt', async () => {
    const { repo, prompts } = await enrichedShop();
    appendFileSync(join(repo.dir.path, 'web/src/format.ts'), '\nexport const CENTS = 100;\n');
    await repo.reindex();
    const result = await retrieve(repo.ports, REQUEST);
    expect(metadataTier(repo, result.taskId, result.runId)).toEqual([]);
    expect(prompts.some((prompt) => prompt.includes(SUMMARY))).toBe(false);
  });
});
