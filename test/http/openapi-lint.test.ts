// The OpenAPI document `cairn serve` hands out is one a generated client can use: it passes
// Redocly's recommended ruleset (the structure of OpenAPI 3.1, an operationId per route,
// the security the server enforces, a 4xx answer on every operation) with no error and no
// warning, whether the server was started with a bearer token or not. The document is
// fetched over loopback HTTP from a running server, as a client generator would fetch it.

import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STATUS } from '../../src/faces/http/errors.js';
import { ERROR_RESPONSES } from '../../src/faces/http/routes/common.js';
import { startApi, type Api } from '../support/http-api.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const TOKEN = 'test-token-5f0c9a1e2b7d4c38';

interface Problem {
  severity: string;
  rule: string;
  message: string;
  where: string;
}

async function lint(source: string): Promise<Problem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  return problems.map((problem) => ({ severity: problem.severity, rule: problem.ruleId, message: problem.message, where: problem.location[0]?.pointer ?? '' }));
}

type Document = {
  security: Record<string, string[]>[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
};

let repo: TempDir;
let open: Api;
let guarded: Api;

beforeAll(async () => {
  repo = fixtureRepo('shop');
  open = await startApi([{ name: 'shop', path: repo.path }]);
  guarded = await startApi([{ name: 'shop', path: repo.path }], { token: TOKEN });
}, 60_000);

afterAll(async () => {
  await open?.close();
  await guarded?.close();
  repo?.remove();
});

describe('GET /openapi.json under Redocly\'s recommended rules', () => {
  it('has no error and no warning on a loopback server without a token', async () => {
    const served = await open.get('/openapi.json');
    expect(served.status).toBe(200);
    expect(await lint(served.text)).toEqual([]);
  });

  it('has no error and no warning on a server that requires a bearer token', async () => {
    const served = await guarded.get('/openapi.json', { authorization: `Bearer ${TOKEN}` });
    expect(served.status).toBe(200);
    expect(await lint(served.text)).toEqual([]);
  });

  it('says what each server enforces: the bearer token when it has one, else nothing', async () => {
    const withToken = JSON.parse((await guarded.get('/openapi.json', { authorization: `Bearer ${TOKEN}` })).text) as Document;
    const without = JSON.parse((await open.get('/openapi.json')).text) as Document;
    expect(withToken.security).toEqual([{ bearer: [] }]);
    expect(without.security).toEqual([{}, { bearer: [] }]);
    for (const document of [withToken, without]) expect(document.components.securitySchemes['bearer']).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('names every operation, each name once, and documents 401, 403, 408 and 431 on each (answered before any route)', async () => {
    const document = JSON.parse((await open.get('/openapi.json')).text) as Document;
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(15);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '408', '431']));
  });

  it('documents every status an engine error can be answered with', () => {
    const documented = Object.keys(ERROR_RESPONSES).map(Number);
    expect(documented).toEqual(expect.arrayContaining([...new Set(Object.values(HTTP_STATUS))]));
  });
});
