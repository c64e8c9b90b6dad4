// Entity keys and paths never reach outside a served repository: `../`, absolute paths,
// encoded separators and symbolic links leaving the repository, on every route (and MCP
// tool) that takes a path or an entity key. The file outside holds a marker that must
// appear in no answer.

import { mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/http-api.js';
import { linkedMcpClient } from '../support/mcp-client.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const MARKER = 'OUTSIDE_SECRET_7d1e';

describe('paths and entity keys stay inside the served repository', () => {
  let outside: string;
  let secret: string;
  let repo: TempDir;
  let api: Api;
  let client: Client;

  beforeAll(async () => {
    outside = mkdtempSync(join(tmpdir(), 'cairn-outside-'));
    secret = join(outside, 'secret.py');
    writeFileSync(secret, `def leaked():\n    return "${MARKER}"\n`);
    repo = fixtureRepo('shop');
    // A link leaving the repository, there before indexing (the indexer skips it) ...
    symlinkSync(secret, join(repo.path, 'shop', 'linked_secret.py'));
    api = await startApi([{ name: 'shop', path: repo.path }], { cache: { enabled: false, ttl: 1, max_size: 1024 } });
    // ... and an indexed file replaced by such a link afterwards (no refresh: the index still lists it).
    unlinkSync(join(repo.path, 'shop', 'pricing.py'));
    symlinkSync(secret, join(repo.path, 'shop', 'pricing.py'));
    client = await linkedMcpClient(api.set.repos[0]!, { maxTokens: 8000, name: 'containment' });
  });

  afterAll(async () => {
    await client.close();
    await api.close();
    repo.remove();
    rmSync(outside, { recursive: true, force: true });
  });

  const hostile = (): string[] => [
    '../outside/secret.py',
    `../${'../'.repeat(8)}etc/passwd`,
    '/etc/passwd',
    secret,
    'shop/../../secret.py',
    '..%2F..%2Fsecret.py',
    'shop%2F..%2F..%2Fsecret.py',
    '..\\..\\secret.py',
    'shop/linked_secret.py',
    'shop/linked_secret.py::leaked',
    `${secret}::leaked`,
    '../secret.py::leaked',
    'leaked',
  ];

  it('every route that takes a path or an entity key answers not found (or a 400), never the file outside', async () => {
    for (const target of hostile()) {
      const answers = [
        await api.post('/retrieval/symbol', { target }),
        await api.post('/retrieval/similar', { target }),
        await api.post('/retrieval/graph', { start: target }),
        await api.post('/retrieval/impact', { target }),
      ];
      for (const answer of answers) {
        expect([400, 404], `${target}: ${JSON.stringify(answer.json)}`).toContain(answer.status);
        expect(JSON.stringify(answer.json)).not.toContain(MARKER);
      }
    }
  });

  it('entity keys of episode memory: refused (400) or not found (404) before any store or disk is asked; a hydration naming them shows nothing outside', async () => {
    expect((await api.post('/hydrate', { query: hostile().join(' '), conversation_id: 'contained', max_tokens: 4000, format: 'markdown' })).status).toBe(200);
    // shop/pricing.py is indexed but became a link leaving the repository since.
    const named = await api.post('/hydrate', { query: `look at ${[...hostile(), 'shop/pricing.py::apply_discount', 'shop/pricing.py'].map((key) => `\`${key}\``).join(', ')}`, conversation_id: 'contained', max_tokens: 4000, format: 'markdown' });
    expect(named.status).toBe(200);
    expect(JSON.stringify(named.json)).not.toContain(MARKER);
    for (const key of hostile()) {
      for (const path of [`/introspect/entity/${encodeURIComponent(key)}`, `/introspect/entity/${encodeURIComponent(encodeURIComponent(key))}`, `/repos/shop/introspect/entity/${encodeURIComponent(key)}`]) {
        const answer = await api.get(path);
        expect([400, 404], `${path}: ${answer.text}`).toContain(answer.status);
        expect(answer.text).not.toContain(MARKER);
      }
    }
    for (const key of ['../outside/secret.py', '/etc/passwd', 'shop/../../secret.py::leaked', 'shop%2F..%2Fsecret.py', 'shop\\..\\secret.py']) {
      const answer = await api.get(`/introspect/entity/${encodeURIComponent(key)}`);
      expect(answer.status, key).toBe(400);
      expect(JSON.parse(answer.text).error.code, key).toBe('INPUT_INVALID');
    }
  });

  it('an indexed file that became a link leaving the repository is not read', async () => {
    const read = await api.post('/retrieval/symbol', { target: 'shop/pricing.py' });
    expect(read.status).toBe(400);
    expect(read.json).toMatchObject({ error: { code: 'INPUT_INVALID', message: 'shop/pricing.py cannot be read (outside)' } });
    const symbol = await api.post('/retrieval/symbol', { target: 'shop/pricing.py::apply_discount' });
    expect(JSON.stringify(symbol.json)).not.toContain(MARKER);
    for (const path of ['/retrieval/similar', '/retrieval/context']) {
      const answer = await api.post(path, path.endsWith('similar') ? { target: 'shop/pricing.py' } : { task: 'apply_discount in shop/pricing.py returns the wrong price' });
      expect(JSON.stringify(answer.json)).not.toContain(MARKER);
    }
  });

  it('refinement requests and task ids cannot name anything outside either', async () => {
    const run = await api.post('/retrieve', { task: 'cart total is wrong', task_id: 'contained-1', max_tokens: 3000 });
    expect(run.status).toBe(200);
    const refined = await api.post('/refine', { task_id: 'contained-1', missing_files: hostile(), missing_symbols: hostile() });
    expect(refined.status).toBe(200);
    expect(JSON.stringify(refined.json)).not.toContain(MARKER);
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '..', '%2Fetc%2Fpasswd', 'x%00y']) {
      const answer = await api.get(`/tasks/${id}/explain`);
      expect([400, 404], id).toContain(answer.status);
    }
    expect((await api.get('/repos/..%2F..%2Ftmp/tasks/contained-1/explain')).status).toBe(404);
  });

  it('the MCP tools refuse the same targets', async () => {
    for (const target of hostile()) {
      for (const [name, args] of [
        ['read_symbol', { target }],
        ['find_references', { target }],
      ] as const) {
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        expect(result.isError, `${name} ${target}`).toBe(true);
        expect(JSON.stringify(result)).not.toContain(MARKER);
      }
    }
    const episode = (await client.callTool({ name: 'get_context', arguments: { task: `look at ${hostile().map((key) => `\`${key}\``).join(', ')}`, conversation_id: 'contained-mcp' } })) as CallToolResult;
    expect(episode.isError ?? false).toBe(false);
    expect(JSON.stringify(episode)).not.toContain(MARKER);
    const relinked = (await client.callTool({ name: 'read_symbol', arguments: { target: 'shop/pricing.py', start_line: 1, end_line: 2 } })) as CallToolResult;
    expect(relinked.isError).toBe(true);
    expect(JSON.stringify(relinked)).not.toContain(MARKER);
  });
});
