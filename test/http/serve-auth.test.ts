// Who may call `cairn serve`: loopback by default; another address only with a bearer
// token, checked on every request (constant-time); a token never shows in the log.

import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isLoopback, tokensEqual } from '../../src/faces/http/auth.js';
import { runCli } from '../support/cli.js';
import { startApi } from '../support/http-api.js';
import { fixtureRepo } from '../support/temp-repo.js';

const TOKEN = 'test-token-5f0c9a1e2b7d4c38';

/** GET /health with a Host header of our choosing (fetch will not send one). */
function withHost(base: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}/health`, { headers: { ...headers, host } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('bearer tokens', () => {
  it('are required on every route once set; a missing or wrong one is 401 with WWW-Authenticate', async () => {
    const repo = fixtureRepo('shop');
    const api = await startApi([{ name: 'shop', path: repo.path }], { token: TOKEN, logLevel: 'trace' });
    try {
      for (const path of ['/health', '/metrics', '/openapi.json', '/tasks/x/explain']) {
        const missing = await api.get(path);
        expect(missing.status, path).toBe(401);
        expect(missing.headers.get('www-authenticate')).toBe('Bearer');
        expect(JSON.parse(missing.text)).toMatchObject({ error: { code: 'UNAUTHORIZED', message: 'missing bearer token' } });
      }
      const wrong = await api.post('/retrieval/search', { query: 'cart' }, { authorization: `Bearer ${TOKEN}x` });
      expect(wrong.status).toBe(401);
      expect(wrong.json).toMatchObject({ error: { message: 'wrong bearer token' } });
      const right = await api.post('/retrieval/search', { query: 'cart' }, { authorization: `Bearer ${TOKEN}` });
      expect(right.status).toBe(200);
      // With a token the server may listen anywhere: the Host header is not checked.
      expect((await withHost(api.url, 'cairn.internal:4321', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
      expect(api.logs.join('\n')).not.toContain(TOKEN);
      expect(api.logs.length).toBeGreaterThan(5);
    } finally {
      await api.close();
      repo.remove();
    }
  });

  it('compare in constant time over digests: equal only when equal, whatever the lengths', () => {
    expect(tokensEqual(TOKEN, TOKEN)).toBe(true);
    expect(tokensEqual(TOKEN, `${TOKEN}x`)).toBe(false);
    expect(tokensEqual('', TOKEN)).toBe(false);
    expect(tokensEqual(TOKEN.toUpperCase(), TOKEN)).toBe(false);
  });
});

describe('loopback', () => {
  it('knows the loopback names and addresses', () => {
    for (const host of ['127.0.0.1', '127.8.0.1', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.4', 'example.com', '10.0.0.1']) expect(isLoopback(host), host).toBe(false);
  });

  it('without a token, answers only requests that name a loopback host (no DNS rebinding)', async () => {
    const repo = fixtureRepo('shop');
    const api = await startApi([{ name: 'shop', path: repo.path }]);
    try {
      expect((await withHost(api.url, '127.0.0.1')).status).toBe(200);
      expect((await withHost(api.url, 'localhost:4321')).status).toBe(200);
      const rebound = await withHost(api.url, 'attacker.example:4321');
      expect(rebound.status).toBe(403);
      expect(JSON.parse(rebound.text)).toMatchObject({ error: { code: 'FORBIDDEN_HOST' } });
    } finally {
      await api.close();
      repo.remove();
    }
  });

  it('`cairn serve` refuses a non-loopback address without a token, and a short token, before listening', async () => {
    const repo = fixtureRepo('shop');
    try {
      const open = await runCli(['serve', '--repo', repo.path, '--host', '0.0.0.0', '--port', '0'], { killAfterMs: 20_000 });
      expect(open.code).toBe(2);
      expect(open.stderr).toContain('--host 0.0.0.0 is not a loopback address: a token is required');
      const short = await runCli(['serve', '--repo', repo.path, '--host', '0.0.0.0', '--token', 'abc'], { killAfterMs: 20_000 });
      expect(short.code).toBe(2);
      expect(short.stderr).toContain('at least 16 are needed');
      expect(short.stderr).not.toContain('abc"');
    } finally {
      repo.remove();
    }
  });
});
