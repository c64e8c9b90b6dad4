// Issue 22, bad input over HTTP: every refusal in the API's typed JSON form, Host names
// compared case-insensitively and required, request reading bounded apart from the work,
// and bodies nested past any real request refused before validation. Raw sockets on
// loopback, since fetch() sends none of these requests. Each test is named after the defect.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/http-api.js';
import { rawExchange, type RawAnswer } from '../support/raw-http.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const READ_LIMITS = { headersMs: 400, bodyMs: 400 };

function expectTypedError(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string; hint?: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
  expect(body.error.hint).toBeTruthy();
}

const get = (path: string, headers: string): string => `GET ${path} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

describe('hostile requests over HTTP (issue 22)', () => {
  let repo: TempDir;
  let api: Api;

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    api = await startApi([{ name: 'shop', path: repo.path }], { readLimits: READ_LIMITS });
  });
  afterAll(async () => {
    await api.close();
    repo.remove();
  });

  it('a negative Content-Length was 400 with an empty body: now the typed JSON error', async () => {
    const answer = await rawExchange(api.url, ['POST /retrieval/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: -5\r\n\r\n{}']);
    expectTypedError(answer, 400, 'INVALID_REQUEST');
    expect(answer.body).toContain('Content-Length');
  });

  it('a URL or headers over 16 KB were 431 with an empty body: now the typed JSON error', async () => {
    expectTypedError(await rawExchange(api.url, [get(`/health?q=${'a'.repeat(17_000)}`, 'Host: 127.0.0.1\r\n')]), 431, 'HEADERS_TOO_LARGE');
    expectTypedError(await rawExchange(api.url, [get('/health', `Host: 127.0.0.1\r\nX-Big: ${'a'.repeat(17_000)}\r\n`)]), 431, 'HEADERS_TOO_LARGE');
  });

  it('Host: [::ffff:127.0.0.1] was 400 and not JSON; bytes that are not HTTP too', async () => {
    expectTypedError(await rawExchange(api.url, [get('/health', 'Host: [::ffff:127.0.0.1]\r\n')]), 400, 'INVALID_REQUEST');
    expectTypedError(await rawExchange(api.url, [get('/health', 'Host: a b\r\n')]), 400, 'INVALID_REQUEST');
    expectTypedError(await rawExchange(api.url, ['HELLO THERE\r\n\r\n']), 400, 'INVALID_REQUEST');
  });

  it('Host: LOCALHOST was refused while an empty Host: was accepted: names compare case-insensitively, an empty or missing Host is refused', async () => {
    for (const host of ['LOCALHOST', 'LocalHost:4321', '127.0.0.1', '[::1]:80']) {
      const answer = await rawExchange(api.url, [get('/health', `Host: ${host}\r\n`)]);
      expect(answer.status, host).toBe(200);
    }
    expectTypedError(await rawExchange(api.url, [get('/health', 'Host:\r\n')]), 400, 'INVALID_REQUEST');
    expectTypedError(await rawExchange(api.url, [get('/health', 'Host:   \r\n')]), 400, 'INVALID_REQUEST');
    expectTypedError(await rawExchange(api.url, [get('/health', '')]), 400, 'INVALID_REQUEST');
    expectTypedError(await rawExchange(api.url, ['GET /health HTTP/1.0\r\n\r\n']), 400, 'INVALID_REQUEST');
    const rebound = await rawExchange(api.url, [get('/health', 'Host: ATTACKER.example\r\n')]);
    expectTypedError(rebound, 403, 'FORBIDDEN_HOST');
  });

  it('a Content-Length larger than the body held the connection for the whole request timeout: now 408 once the body is overdue', async () => {
    const answer = await rawExchange(api.url, ['POST /retrieval/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":'], { guardMs: 8_000 });
    expect(answer.closedByServer).toBe(true);
    expectTypedError(answer, 408, 'REQUEST_TIMEOUT');
    // Bounded by the read limits (800 ms here) and Node's checking interval, far from the 30 s work timeout.
    expect(answer.ms).toBeLessThan(5_000);
  });

  it('headers sent a few bytes at a time no longer hold a connection: 408 once the headers are overdue', async () => {
    const dribble = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa\r\n'.match(/.{1,4}/gs)!;
    const answer = await rawExchange(api.url, dribble, { gapMs: 150, guardMs: 8_000 });
    expect(answer.closedByServer).toBe(true);
    expectTypedError(answer, 408, 'REQUEST_TIMEOUT');
    expect(answer.ms).toBeLessThan(5_000);
  });

  it('JSON nested 100,000 deep was 500 INTERNAL on every POST route: now 400 INVALID_REQUEST before validation', async () => {
    const document = JSON.parse((await api.get('/openapi.json')).text) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).filter(([, methods]) => 'post' in methods).map(([path]) => path);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const deep = `{"query":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (const route of routes) {
      const answer = await api.post(route, deep);
      expect(answer.status, route).toBe(400);
      expect((answer.json as { error: { code: string; message: string } }).error, route).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('more than 64 deep') });
    }
    // A body of ordinary depth still reaches its route.
    expect((await api.post('/retrieval/search', { query: 'cart', limit: 2 })).status).toBe(200);
  });
});
