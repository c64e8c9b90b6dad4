// Regressions of issue 21 ("no budget left idle while the code that matters is left out"),
// through the real pipeline on a small middleware repository shaped like hono's: a tier cap
// left budget unused while a callee of the code to change waited beyond it, and the
// middleware's own tests were dropped beyond the cap while another middleware's tests
// were kept.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFiles, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { decisionsIn } from './explain.js';
import { retrieve, type RetrieveRequest } from './retrieve.js';

const HELPERS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];

function helper(name: string): string {
  return `export function ${name}Value(input: string): string {\n  return input.trim() + '${name}'\n}\n`;
}

function middlewareFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'src/context.ts': 'export class Context {\n  header(name: string, value: string): void {}\n  set(key: string, value: string): void {}\n}\n',
    'src/middleware/request-id/request-id.ts': [
      "import type { Context } from '../../context'",
      ...HELPERS.map((name) => `import { ${name}Value } from '../../utils/${name}'`),
      '',
      'export type RequestIdOptions = { headerName?: string; generator?: () => string }',
      '',
      'export const requestId = (options: RequestIdOptions = {}) => {',
      "  const headerName = options.headerName ?? 'X-Request-Id'",
      '  return async (c: Context, next: () => Promise<void>) => {',
      '    const id = options.generator ? options.generator() : crypto.randomUUID()',
      ...HELPERS.map((name) => `    c.set('${name}', ${name}Value(id))`),
      '    c.header(headerName, id)',
      '    await next()',
      '  }',
      '}',
      '',
    ].join('\n'),
    'src/middleware/request-id/index.ts': "export { requestId } from './request-id'\n",
    'src/middleware/request-id/index.test.ts': [
      "import { requestId } from '.'",
      '',
      "const fixedId = (): string => 'fixed-id'",
      '',
      "describe('request id middleware', () => {",
      "  it('uses the custom generator for the request id header', () => {",
      // A named function passed in, not a function-valued property: an object literal's
      // function property is a definition of its own (extraction 2.4), which would make this
      // file a seed that "defines generator" and take it out of tier 1, where the regression is.
      "    const middleware = requestId({ generator: fixedId, headerName: 'X-Trace' })",
      '    expect(middleware).toBeDefined()',
      '  })',
      '})',
      '',
    ].join('\n'),
    // Other middleware the search finds for the task's words, with tests of their own.
    'src/middleware/cache/index.ts': [
      "import type { Context } from '../../context'",
      'export const cache = (options: { cacheName: string; keyGenerator?: () => string }) => {',
      '  return async (c: Context) => {',
      "    c.header('Cache-Control', options.keyGenerator ? options.keyGenerator() : 'request')",
      '  }',
      '}',
      '',
    ].join('\n'),
    'src/middleware/cache/index.test.ts': [
      "import { cache } from '.'",
      "describe('cache middleware', () => {",
      "  it('sets a header', () => {",
      "    expect(cache({ cacheName: 'x' })).toBeDefined()",
      '  })',
      '})',
      '',
    ].join('\n'),
  };
  for (const name of HELPERS) files[`src/utils/${name}.ts`] = helper(name);
  for (const name of ['etag', 'logger', 'timing']) {
    files[`src/middleware/${name}/index.ts`] = [
      "import type { Context } from '../../context'",
      `export const ${name} = (options: { generator?: () => string; headerName?: string } = {}) => {`,
      '  return async (c: Context) => {',
      `    c.header(options.headerName ?? 'X-${name}', options.generator ? options.generator() : 'request id middleware')`,
      '  }',
      '}',
      '',
    ].join('\n');
    files[`src/middleware/${name}/index.test.ts`] = `import { ${name} } from '.'\nit('works', () => {\n  expect(${name}()).toBeDefined()\n})\n`;
  }
  return files;
}

const TASK = 'requestId middleware: `requestId()` should use a custom `generator` and header name';

describe('the budget is not left idle while code that matters waits (issue 21)', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFiles(middlewareFiles());
  });
  afterAll(() => repo.close());

  // A budget of 2,000 tokens caps tier 1 at two files: the middleware's test and the first of
  // the helpers it imports (all of the same strength, taken by name); the rest wait beyond it.
  const request: RetrieveRequest = { task: TASK, stages: ['scope', 'precision'], budget: { contextWindow: 2600, reservedTokens: 600 }, format: 'json' };

  it('regression: a tier cap left budget idle while a callee of the code to change waited beyond it', async () => {
    const { package: pkg, runId } = await retrieve(repo.ports, request);
    const scope = decisionsIn(repo.ports.rawLog.read({ runId, stage: 'scope' })).map(({ payload }) => payload as { id: string; reason: string });
    const beyond = scope.filter((decision) => decision.reason.includes('beyond the tier 1 cap')).map((decision) => decision.id);
    const waiting = HELPERS.map((name) => `src/utils/${name}.ts`).filter((path) => beyond.includes(path));
    expect(waiting.length, 'the cap binds: some helpers the middleware calls are beyond it').toBeGreaterThan(1);
    for (const path of waiting) {
      const callee = pkg.items.find((item) => item.path === path && item.symbolKey !== null);
      expect(callee, `${path}: its definition the code to change calls is shown`).toBeDefined();
      expect(['full', 'excerpt']).toContain(callee!.detail);
      expect(callee!.provenance.reason).toContain('held in reserve');
    }
    // They came only with what the rest left: every other item that shows code ranks before them.
    const reserved = (item: (typeof pkg.items)[number]): boolean => item.provenance.reason.includes('held in reserve');
    const firstReserve = pkg.items.findIndex(reserved);
    expect(pkg.items.slice(firstReserve).every((item) => reserved(item) || item.detail === 'path' || item.detail === 'signature')).toBe(true);
    expect(pkg.budget.used).toBeLessThanOrEqual(pkg.budget.available);
  });

  it("regression: the middleware's own tests were dropped beyond the cap while another middleware's tests were kept", async () => {
    const { package: pkg } = await retrieve(repo.ports, request);
    const own = pkg.items.find((item) => item.path === 'src/middleware/request-id/index.test.ts');
    expect(own, "the middleware's own test file is in the package").toBeDefined();
    expect(own!.detail).toBe('full');
    expect(own!.texts.full).toContain("requestId({ generator: fixedId");
    const other = pkg.items.findIndex((item) => item.path === 'src/middleware/cache/index.test.ts');
    if (other >= 0) expect(pkg.items.indexOf(own!)).toBeLessThan(other);
  });

  it("regression: another middleware's tests ranked above the middleware's own tests in tier 1", async () => {
    const { runId } = await retrieve(repo.ports, request);
    const tier1 = decisionsIn(repo.ports.rawLog.read({ runId, stage: 'scope' }))
      .map(({ payload }) => payload as { id: string; tier: number; label: string; score: number; reason: string })
      .filter((decision) => decision.tier === 1 && !decision.reason.startsWith('already considered'));
    const own = tier1.find((decision) => decision.id === 'src/middleware/request-id/index.test.ts');
    expect(own, 'the own test is a tier 1 candidate (not a seed)').toBeDefined();
    expect(own!.label).toBe('a test that uses');
    const others = tier1.filter((decision) => /middleware\/(?!request-id).*\.test\.ts$/.test(decision.id));
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(own!.score, other.id).toBeGreaterThan(other.score);
  });
});
