// What a face hands an agent carries no credential: a package (`/retrieval/context`,
// `get_context`), an episode's hydration (`/hydrate`, `get_context` with a conversation) and
// a file's or symbol's code (`/retrieval/symbol`, `read_symbol`) show a
// value shaped like a credential in indexed code as "[redacted]", every other line byte for
// byte at its number, and the package's notes say on which lines (issue 22). Through HTTP on
// loopback and through the SDK's client spawning `cairn mcp`.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIRN_BIN } from '../support/cli.js';
import { startApi, type Api } from '../support/http-api.js';
import { fixtureRepo, gitInit, type TempDir } from '../support/temp-repo.js';

// Made-up credentials.
const URL_PASSWORD = 'Gr4vel-pw-8d2e';
const STRIPE_KEY = 'sk_live_51H8gatewaySECRET0099';
const SECRETS = [URL_PASSWORD, STRIPE_KEY];
const TASK = 'Refund a PaymentError charge through the payment provider settings in shop/payments/settings.py';

const SETTINGS = [
  '"""Where the payment provider is reached."""',
  '',
  `PROVIDER_URL = "https://shop:${URL_PASSWORD}@pay.example.com/v1"`,
  `STRIPE_KEY = "${STRIPE_KEY}"`,
  '',
  '',
  'def provider_settings() -> dict:',
  '    """The payment provider settings used to refund a PaymentError charge."""',
  '    return {"url": PROVIDER_URL, "key": STRIPE_KEY, "timeout": 30}',
  '',
].join('\n');

function shopWithSettings(): TempDir {
  const repo = fixtureRepo('shop');
  repo.write('shop/payments/settings.py', SETTINGS);
  gitInit(repo.path).commit('shop');
  return repo;
}

function leaked(answer: unknown): string[] {
  const text = JSON.stringify(answer);
  return SECRETS.filter((secret) => text.includes(secret));
}

/** Every line of `code` (lines first..) is the file's own line, or that line with a credential redacted. */
function linesKeptBut(file: string, first: number, code: string): string[] {
  const fileLines = file.split('\n');
  return code.split('\n').flatMap((line, at) => {
    const own = fileLines[first - 1 + at]!;
    return line === own || (line.includes('[redacted]') && line !== own && own.startsWith(line.slice(0, line.indexOf('[redacted]')))) ? [] : [`line ${first + at}: ${line}`];
  });
}

describe('packages and read_symbol redact credentials in indexed code, over HTTP (issue 22)', () => {
  let repo: TempDir;
  let api: Api;

  beforeAll(async () => {
    repo = shopWithSettings();
    api = await startApi([{ name: 'shop', path: repo.path }]);
  });
  afterAll(async () => {
    await api.close();
    repo.remove();
  });

  it('/retrieval/context shows the settings file with [redacted] values and a note naming their lines', async () => {
    const answer = await api.post('/retrieval/context', { task: TASK, max_tokens: 8000, format: 'markdown' });
    expect(answer.status).toBe(200);
    const text = (answer.json as { text: string }).text;
    expect(text).toContain('shop/payments/settings.py');
    expect(text).toContain('PROVIDER_URL = "https://shop:[redacted]@pay.example.com/v1"');
    expect((answer.json as { notes: string[] }).notes.join('\n')).toMatch(/shop\/payments\/settings\.py: 2 values that look like a credential shown as \[redacted\] \(lines 3, 4\)/);
    expect(leaked(answer.json)).toEqual([]);
  });

  it('/hydrate shows them as [redacted] too, in the blocks and in the markdown', async () => {
    const answer = await api.post('/hydrate', { query: TASK, conversation_id: 'secrets-http', format: 'markdown', max_tokens: 8000 });
    expect(answer.status).toBe(200);
    expect((answer.json as { text: string }).text).toContain('PROVIDER_URL = "https://shop:[redacted]@pay.example.com/v1"');
    expect(JSON.stringify((answer.json as { blocks: unknown[] }).blocks)).toContain('[redacted]');
    expect(leaked(answer.json)).toEqual([]);
  });

  it("an entity's change (shown vs now, and their diff) carries [redacted], before and after the credential changed on disk", async () => {
    const hydration = await api.post('/hydrate', { query: TASK, conversation_id: 'secrets-change', max_tokens: 8000 });
    const keys = ((hydration.json as { blocks: { entity_key: string; text?: string }[] }).blocks ?? [])
      .filter((block) => (block.text ?? '').includes('[redacted]'))
      .map((block) => block.entity_key);
    expect(keys.length).toBeGreaterThan(0);
    const change = async (key: string) => (await api.get(`/repos/shop/introspect/change/${encodeURIComponent(key)}`)).text;
    for (const key of keys) {
      const before = await change(key);
      expect(before).toContain('[redacted]');
      expect(leaked(before)).toEqual([]);
    }
    // A vault artifact written before reads were redacted holds the credentials as they were.
    const key = 'shop/payments/settings.py';
    await api.set.repos[0]!.workspace.use((view) => {
      const store = view.memoryStore('existing');
      const hash = createHash('sha256').update(SETTINGS).digest('hex');
      store.putArtifacts(new Map([[hash, SETTINGS]]));
      store.addVersion({ entityKey: key as never, artifactHash: hash, episodeId: null, reason: 'written before redaction', at: Date.now() });
    });
    const old = await change(key);
    expect(old).toContain('[redacted]');
    expect(leaked(old)).toEqual([]);
    const file = join(repo.path, 'shop/payments/settings.py');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(URL_PASSWORD, 'Other-pw-11aa').replace('timeout": 30', 'timeout": 31'));
    try {
      for (const key of keys) {
        const after = await change(key);
        expect(leaked(after)).toEqual([]);
        expect(after).not.toContain('Other-pw-11aa');
      }
    } finally {
      writeFileSync(file, original);
    }
  });

  it('/retrieval/symbol gives the file with [redacted] values, every other line as written', async () => {
    const answer = await api.post('/retrieval/symbol', { target: 'shop/payments/settings.py' });
    expect(answer.status).toBe(200);
    const code = (answer.json as { code: string }).code;
    expect(leaked(answer.json)).toEqual([]);
    expect(code.split('\n')).toHaveLength(SETTINGS.split('\n').length - 1);
    expect(linesKeptBut(readFileSync(join(repo.path, 'shop/payments/settings.py'), 'utf8'), 1, code)).toEqual([]);
  });
});

describe('get_context and read_symbol redact credentials in indexed code, over MCP', () => {
  let repo: TempDir;
  let client: Client;

  beforeAll(async () => {
    repo = shopWithSettings();
    const transport = new StdioClientTransport({ command: process.execPath, args: [CAIRN_BIN, 'mcp', '--repo', repo.path, '--no-watch'], env: { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CI: '1' }, stderr: 'pipe' });
    client = new Client({ name: 'package-secrets-test', version: '1' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
    repo.remove();
  });

  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => (await client.callTool({ name, arguments: args })) as CallToolResult;

  it('get_context and read_symbol carry [redacted] where the file has a credential, in every part of the answer', async () => {
    const context = await call('get_context', { task: TASK, max_tokens: 8000 });
    expect(context.isError ?? false).toBe(false);
    expect(JSON.stringify(context.content)).toContain('[redacted]');
    expect(leaked(context)).toEqual([]);
    const episode = await call('get_context', { task: TASK, max_tokens: 8000, conversation_id: 'secrets-mcp' });
    expect(episode.isError ?? false).toBe(false);
    expect(JSON.stringify(episode.content)).toContain('[redacted]');
    expect(leaked(episode)).toEqual([]);
    const symbol = await call('read_symbol', { target: 'shop/payments/settings.py' });
    expect(symbol.isError ?? false).toBe(false);
    expect(JSON.stringify(symbol)).toContain('STRIPE_KEY = \\"[redacted]\\"');
    expect(leaked(symbol)).toEqual([]);
  });
});
