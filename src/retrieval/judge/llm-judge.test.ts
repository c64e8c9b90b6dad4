// Judgement by a model, end to end through retrieve, against the local server speaking
// the real Ollama and OpenAI-compatible protocols: verdicts applied, every attempt in the
// raw log, bounded retries, and a hang or a refused connection is a prompt error or a
// logged fallback — as configured — never a hang.

import { afterEach, describe, expect, it } from 'vitest';
import { llmConfigSchema } from '../../config/schema.js';
import { createLlmClient } from '../../providers/llm/create.js';
import { refusedUrl, startModelServer, type ChatCall, type ChatReply, type ModelServer } from '../../../test/support/model-server.js';
import type { RetrieveRequest } from '../pipeline/retrieve.js';
import { decisionsIn } from '../pipeline/explain.js';
import { retrieve } from '../pipeline/retrieve.js';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import type { ModelErrorPolicy } from '../task/model-gateway.js';

const REQUEST: RetrieveRequest = {
  task: 'Wrong total in `shop/cart.py`\n`Cart.total` applies the discount after tax.',
  stages: ['scope', 'precision'],
  budget: { contextWindow: 8000, reservedTokens: 1000 },
  format: 'markdown',
};

const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function setup(api: 'ollama' | 'openai', url: string, onError: ModelErrorPolicy, timeoutMs = 2000): Promise<IndexedRepo> {
  const config = llmConfigSchema.parse({ provider: api, model: 'test-model', baseUrl: url, timeoutMs, maxRetries: 1, onError });
  const repo = await indexedFixture('shop', { llm: { client: createLlmClient(config), onError } });
  opened.push(repo);
  return repo;
}

async function server(chat: (call: ChatCall) => ChatReply | Promise<ChatReply>): Promise<ModelServer> {
  const started = await startModelServer({ chat });
  opened.push(started);
  return started;
}

/** A model with opinions: web/ files are irrelevant; symbols keep whatever class is listed first. */
function sensibleModel(call: ChatCall): ChatReply {
  const system = call.messages[0]!.content;
  const user = call.messages[call.messages.length - 1]!.content;
  if (system.startsWith('You read tasks')) {
    return { content: JSON.stringify({ summary: 'Apply the discount before tax in Cart.total.', task_type: 'bug_fix', keywords: ['Cart.total', 'apply_discount'] }) };
  }
  const numbered = [...user.matchAll(/^(\d+)\. (\S+)/gm)].map((match) => ({ n: Number(match[1]), id: match[2]! }));
  const files = system.includes('which files');
  const verdicts = numbered.map(({ n, id }) => ({
    n,
    class: files ? (id.startsWith('web/') ? 'irrelevant' : 'relevant') : id.startsWith('shop/cart.py::Cart.total') ? 'primary' : id.startsWith('web/') ? 'excluded' : 'supporting',
  }));
  return { content: JSON.stringify({ verdicts }) };
}

/** The JSON Schema a chat request carried (Ollama `format`, OpenAI `json_schema`). */
function sentSchema(call: ChatCall): Record<string, unknown> {
  if (call.format?.kind !== 'schema') throw new Error('the request carried no JSON schema');
  return call.format.schema;
}

/** The smallest answer a server obeying `schema` could give: minimum numbers, one array item, empty strings. */
function smallestInstance(schema: Record<string, unknown>): unknown {
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  const child = (value: unknown) => smallestInstance(value as Record<string, unknown>);
  switch (schema['type']) {
    case 'object': {
      const properties = schema['properties'] as Record<string, unknown>;
      return Object.fromEntries(((schema['required'] as string[] | undefined) ?? []).map((key) => [key, child(properties[key])]));
    }
    case 'array':
      return Array.from({ length: Math.max(1, Number(schema['minItems'] ?? 1)) }, () => child(schema['items']));
    case 'integer':
    case 'number':
      return schema['minimum'] ?? 0;
    case 'string':
      return '';
    default:
      return null;
  }
}

for (const api of ['ollama', 'openai'] as const) {
  describe(`judgement by a model (${api})`, () => {
    it('applies the model\'s classes and logs every call with prompt, answer, latency and tokens', async () => {
      const model = await server(sensibleModel);
      const repo = await setup(api, model.url, 'fail');
      const result = await retrieve(repo.ports, REQUEST);
      const log = repo.ports.rawLog.read({ runId: result.runId });
      const decisions = decisionsIn(log).map((entry) => entry.payload as { id: string; verdict: string; judge: string; reason: string; tier: number });
      const webFiles = decisions.filter((d) => d.id.startsWith('web/') && !d.id.includes('::') && d.tier !== 0 && !d.reason.startsWith('already'));
      expect(webFiles.length).toBeGreaterThan(0);
      for (const d of webFiles) expect(d).toMatchObject({ verdict: 'excluded', judge: 'llm', reason: 'judged irrelevant by the model' });
      expect(decisions.find((d) => d.id === 'shop/pricing.py')).toMatchObject({ verdict: 'included' });
      expect(decisions.find((d) => d.id === 'shop/cart.py::Cart.total')).toMatchObject({ verdict: 'included', judge: 'llm' });
      expect(decisions.filter((d) => d.id.startsWith('web/') && d.id.includes('::')).every((d) => d.verdict === 'excluded')).toBe(true);
      const calls = log.filter((record) => record.kind === 'llm_call').map((record) => [record.stage, record.payload as Record<string, unknown>] as const);
      expect(calls.map(([stage, call]) => `${stage}:${String(call['purpose'])}`)).toEqual(['task:intent', 'scope:judge files', 'precision:judge symbols']);
      for (const [, call] of calls) {
        expect(call).toMatchObject({ provider: api, model: 'test-model', attempt: 1, accepted: true, error: null });
        expect(typeof call['latencyMs']).toBe('number');
        expect(call['promptTokens']).toBeGreaterThan(0);
        expect((call['messages'] as { role: string }[]).map((message) => message.role)).toEqual(['system', 'user']);
        expect(String(call['response'])).toMatch(/^\{/);
      }
      expect(result.notes).toContain('intent (model): Apply the discount before tax in Cart.total.');
      expect(model.chatCalls).toHaveLength(3);
    });

    it('retries a bad answer once with a correction, logging both attempts', async () => {
      let bad = true;
      const model = await server((call) => {
        if (call.messages[0]!.content.includes('which files') && bad) {
          bad = false;
          return { content: JSON.stringify({ verdicts: [{ n: 999, class: 'relevant' }] }) };
        }
        return sensibleModel(call);
      });
      const repo = await setup(api, model.url, 'fail');
      const result = await retrieve(repo.ports, REQUEST);
      const scopeCalls = repo.ports.rawLog.read({ runId: result.runId, kinds: ['llm_call'], stage: 'scope' }).map((record) => record.payload as Record<string, unknown>);
      expect(scopeCalls.map((call) => [call['attempt'], call['accepted']])).toEqual([[1, false], [2, true]]);
      expect(String(scopeCalls[0]!['error'])).toContain('does not match the schema');
    });

    it('a model that hangs is a prompt PROVIDER_UNAVAILABLE error with onError: fail, logged', async () => {
      const model = await server(() => ({ content: '{}', delayMs: 10_000 }));
      const repo = await setup(api, model.url, 'fail', 300);
      const started = Date.now();
      await expect(retrieve(repo.ports, REQUEST)).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(5000);
      const runs = repo.ports.rawLog.read({ kinds: ['run'] }).map((record) => (record.payload as { event: string; code?: string }));
      expect(runs.at(-1)).toMatchObject({ event: 'failed', code: 'PROVIDER_UNAVAILABLE' });
      const calls = repo.ports.rawLog.read({ kinds: ['llm_call'] }).map((record) => record.payload as { accepted: boolean; error: string | null });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.accepted).toBe(false);
      expect(calls[0]!.error).not.toBeNull();
    });

    it('a model that hangs falls back once: asked at the first stage only, the rest skipped, said in the notes', async () => {
      const model = await server(() => ({ content: '{}', delayMs: 10_000 }));
      const repo = await setup(api, model.url, 'fallback', 300);
      const result = await retrieve(repo.ports, REQUEST);
      expect(result.package.items.length).toBeGreaterThan(0);
      expect(model.chatCalls).toHaveLength(1);
      const infos = repo.ports.rawLog.read({ runId: result.runId, kinds: ['info'] }).map((record) => [record.stage, (record.payload as { event: string }).event]);
      expect(infos.filter(([, event]) => event === 'model-fallback')).toEqual([['task', 'model-fallback']]);
      expect(infos.filter(([, event]) => event === 'model-skipped')).toEqual([['scope', 'model-skipped'], ['precision', 'model-skipped']]);
      const judges = new Set(decisionsIn(repo.ports.rawLog.read({ runId: result.runId, kinds: ['decisions'] })).map((entry) => (entry.payload as { judge: string }).judge));
      expect(judges).toEqual(new Set(['rule', 'fallback']));
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings[0]).toMatch(/^model test-model \(\w+\) failed at the task stage \(.+\); the deterministic judgement was used from there on \(llm.onError: fallback\)$/);
      expect(result.package.notes).toContain(result.warnings[0]);
      expect(result.rendered).toContain('the deterministic judgement was used from there on');
    });

    it('a model that follows the schema it is sent is accepted: the sent schema is the checked one', async () => {
      const model = await server((call) => ({ content: JSON.stringify(smallestInstance(sentSchema(call))) }));
      const repo = await setup(api, model.url, 'fail');
      const result = await retrieve(repo.ports, REQUEST);
      expect(result.warnings).toEqual([]);
      const judged = model.chatCalls.filter((call) => call.messages[0]!.content.startsWith('You are the relevance judge'));
      expect(judged).toHaveLength(2);
      for (const call of judged) {
        const shown = [...call.messages[1]!.content.matchAll(/^(\d+)\. /gm)].length;
        expect(sentSchema(call)).toMatchObject({ properties: { verdicts: { items: { properties: { n: { type: 'integer', minimum: 1, maximum: shown } } } } } });
      }
      const accepted = repo.ports.rawLog.read({ runId: result.runId, kinds: ['llm_call'] }).map((record) => (record.payload as { accepted: boolean }).accepted);
      expect(accepted).toEqual([true, true, true]);
    });

    it('a model that keeps breaking the schema fails with one line, and is told what was wrong in one line', async () => {
      const model = await server((call) =>
        call.messages[0]!.content.startsWith('You read tasks') ? sensibleModel(call) : { content: JSON.stringify({ verdicts: Array.from({ length: 6 }, () => ({ n: 0, class: 'maybe' })) }) },
      );
      const repo = await setup(api, model.url, 'fail');
      const error = await retrieve(repo.ports, REQUEST).then(() => null, (caught: unknown) => caught as Error & { code: string });
      expect(error?.code).toBe('PROVIDER_INVALID_RESPONSE');
      expect(error?.message).not.toContain('\n');
      expect(error?.message).toMatch(/does not match the schema: .*\(\+\d+ more\)$/);
      const retry = model.chatCalls[2]!.messages.at(-1)!.content;
      expect(retry.split('\n')).toHaveLength(2);
      expect(retry).toContain('verdicts.0.n: Too small');
    });
  });
}

describe('judgement by a model that cannot be reached', () => {
  it('a refused connection fails fast with fail, and falls back with fallback', async () => {
    const url = await refusedUrl();
    const failing = await setup('ollama', url, 'fail');
    await expect(retrieve(failing.ports, REQUEST)).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    const lenient = await setup('openai', url, 'fallback');
    const result = await retrieve(lenient.ports, REQUEST);
    expect(result.package.items.map((item) => item.path)).toContain('shop/cart.py');
  });
});
