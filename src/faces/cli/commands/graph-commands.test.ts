// `cairn graph`, `cairn impact` and `cairn similar` through the real binary: output, JSON,
// refresh before answering, and bad input as typed errors (message, hint, exit code).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../../../../test/support/cli.js';
import { fixtureRepo, tempDir, type TempDir } from '../../../../test/support/temp-repo.js';

let repo: TempDir;
const cli = (args: string[]): Promise<CliResult> => runCli([...args, '--repo', repo.path]);

beforeAll(() => {
  repo = fixtureRepo('shop');
});
afterAll(() => repo?.remove());

function ok(result: CliResult): string {
  // The first command indexes the fixture, a plain folder, and says so once.
  expect(result.stderr.replace(/^cairn: warning: .* is not in a git repository: .*\n/, '')).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

function expectCleanFailure(result: CliResult, code: number, mentions: string): void {
  expect(result.code).toBe(code);
  expect(result.stderr).toContain(mentions);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack frames
  expect(result.stdout).toBe('');
}

describe('cairn graph', () => {
  it('indexes first (no index yet) and prints the neighbourhood as a tree', async () => {
    const out = ok(await cli(['graph', 'shop/cart.py']));
    expect(out).toBe(
      [
        'shop/cart.py',
        '  imports →',
        '    shop/pricing.py',
        '  imported by ←',
        '    shop/__init__.py',
        '    shop/payments/gateway.py',
        '    tests/test_cart.py',
        '  references →',
        '    shop/pricing.py',
        '  referenced by ←',
        '    tests/test_cart.py  (3 uses, confidence 0.87)',
        '    shop/payments/gateway.py  (2 uses, confidence 0.90)',
        '  changes with ↔',
        '    (none)',
        '  documents →',
        '    (none)',
        '  documented by ←',
        '    README.md',
        '    docs/payments.md',
        '',
      ].join('\n'),
    );
  });

  it('--json gives nodes and edges; a symbol has symbol-level references', async () => {
    const json = JSON.parse(ok(await cli(['graph', 'Cart.total', '--relation', 'references', '--json', '--no-refresh'])));
    expect(json.target).toEqual({ id: 'shop/cart.py::Cart.total', kind: 'symbol', path: 'shop/cart.py' });
    expect(json.relations).toEqual(['references']);
    expect(json.nodes.map((n: { id: string }) => n.id)).toEqual([
      'shop/cart.py::Cart.total',
      'shop/cart.py::Cart.subtotal',
      'shop/payments/gateway.py::charge',
      'shop/pricing.py::apply_discount',
      'tests/test_cart.py::test_total_applies_discount_and_tax',
    ]);
    expect(json.edges).toContainEqual({
      from: 'shop/payments/gateway.py::charge',
      to: 'shop/cart.py::Cart.total',
      relation: 'references',
      count: 1,
      weight: 0.8,
      kinds: ['call'],
    });
  });

  it('refreshes the index before answering, unless --no-refresh', async () => {
    repo.write('shop/receipt.py', 'from .cart import Cart\n\n\ndef receipt(cart: Cart) -> str:\n    return str(cart.total())\n');
    const stale = ok(await cli(['graph', 'shop/cart.py', '--relation', 'imports', '--no-refresh']));
    expect(stale).not.toContain('shop/receipt.py');
    const fresh = ok(await cli(['graph', 'shop/cart.py', '--relation', 'imports']));
    expect(fresh).toContain('    shop/receipt.py');
  });
});

describe('cairn impact', () => {
  it('lists dependents with the chain that reaches them, tests apart', async () => {
    const out = ok(await cli(['impact', 'shop/pricing.py', '--no-refresh']));
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^impact of shop\/pricing\.py: \d+ dependents within 3 hops$/);
    expect(out).toContain('  1  shop/pricing.py ← imported by shop/cart.py  · strength 2.00'); // an import and a use
    expect(out).toContain('  2  shop/pricing.py ← imported by shop/cart.py ← referenced by shop/payments/gateway.py');
    const tests = lines.indexOf('tests (1)');
    expect(tests).toBeGreaterThan(0);
    expect(lines[tests + 1]).toContain('← referenced by tests/test_cart.py');
  });

  it('--json, and a symbol is followed through its callers', async () => {
    const json = JSON.parse(ok(await cli(['impact', 'shop/pricing.py::apply_discount', '--depth', '2', '--json', '--no-refresh'])));
    expect(json.depth).toBe(2);
    expect(json.dependents.map((e: { id: string; distance: number }) => [e.id, e.distance])).toEqual([
      ['shop/cart.py::Cart.total', 1], // cart.py also imports it by name: not listed again
      ['shop/payments/gateway.py::charge', 2],
      ['shop/receipt.py::receipt', 2],
    ]);
    expect(json.tests.map((e: { id: string }) => e.id)).toEqual(['tests/test_cart.py::test_total_applies_discount_and_tax']);
  });
});

describe('cairn similar', () => {
  it('ranks similar files and explains the signals in --json', async () => {
    const json = JSON.parse(ok(await cli(['similar', 'shop/cart.py', '--limit', '3', '--json', '--no-refresh'])));
    expect(json.target).toEqual({ id: 'shop/cart.py', kind: 'file', path: 'shop/cart.py' });
    expect(json.results).toHaveLength(3);
    for (const item of json.results) {
      expect(item.id).not.toBe('shop/cart.py');
      for (const signal of item.signals) expect(Object.keys(signal).sort()).toEqual(['contribution', 'rank', 'raw', 'signal']);
    }
    expect(json.terms.length).toBeGreaterThan(0);
    const text = ok(await cli(['similar', 'shop/cart.py', '--limit', '3', '--no-refresh']));
    expect(text.split('\n')[0]).toBe('files similar to shop/cart.py');
    expect(text).toContain(`  1. ${json.results[0].id}`);
  });
});

describe('bad input', () => {
  it('a path not in the index → exit 7 naming it, with a hint', async () => {
    const result = await cli(['graph', 'shop/nope.py', '--no-refresh']);
    expectCleanFailure(result, 7, 'cairn: no file shop/nope.py in the index');
    expect(result.stderr).toContain('hint: paths are relative to the repository root');
  });

  it('a symbol that does not exist → exit 7 suggesting cairn search', async () => {
    const result = await cli(['impact', 'frobnicate', '--no-refresh']);
    expectCleanFailure(result, 7, 'cairn: no file or symbol named frobnicate in the index');
    expect(result.stderr).toContain('hint: look for it with `cairn search frobnicate`');
    expectCleanFailure(await cli(['similar', 'shop/cart.py::Cart.nope', '--no-refresh']), 7, 'no symbol Cart.nope in shop/cart.py');
  });

  it('an ambiguous name → usage error (exit 2) listing the candidates', async () => {
    repo.write('web/src/total.ts', 'export function total(): number {\n  return 0;\n}\n');
    const result = await cli(['graph', 'total']);
    expectCleanFailure(result, 2, '"total" names 2 symbols');
    expect(result.stderr).toContain('shop/cart.py::Cart.total');
    expect(result.stderr).toContain('web/src/total.ts::total');
    expect(result.stderr).toContain('hint: pass one of them as path::Qualified.name');
  });

  it('bad flags → usage errors; no index with --no-refresh → exit 5', async () => {
    const depth = await cli(['impact', 'shop/cart.py', '--depth', '4']);
    expect(depth.code).toBe(2);
    expect(depth.stderr).toContain('--depth must be a whole number from 1 to 3, got "4"');
    const relation = await cli(['graph', 'shop/cart.py', '--relation', 'calls']);
    expect(relation.code).toBe(2);
    expect(relation.stderr).toContain('unknown relation "calls"; known: imports, references, cochange, docs');
    const empty = tempDir();
    try {
      const result = await runCli(['graph', 'x.py', '--repo', empty.path, '--no-refresh']);
      expectCleanFailure(result, 5, 'cairn index');
    } finally {
      empty.remove();
    }
  });
});
