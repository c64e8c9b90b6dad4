// Incremental = fresh: after any sequence of edits, deletions, additions and commits on a
// small git repository, each followed by an incremental index run, the index equals a fresh
// index of the same tree and history — every table, row for row (test/support/index-tables.ts).

import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexTables } from '../../test/support/index-tables.js';
import { drainIndex, runIndex } from '../app/stores.js';
import { openRepo } from '../app/repo.js';
import { TestRepo } from './git/test-repo.fixture.js';

/** Kept small: every run indexes the repository once per step, and once more fresh. */
const RUNS = Number(process.env.CAIRN_PROPERTY_RUNS ?? 10);
/** Room for a slow, shared machine and for shrinking a failure; not a measure of speed. */
const TIMEOUT_MS = 60_000 + RUNS * 3_000;

/** Each file's possible contents; the first is the committed one. Names cross-reference each other. */
const CONTENTS: Record<string, string[]> = {
  'pkg/__init__.py': ['', 'from pkg.cart import Cart\n'],
  'pkg/cart.py': [
    'from pkg.pricing import price_of\n\n\nclass Cart:\n    def total(self, items):\n        return sum(price_of(item) for item in items)\n',
    'from pkg.pricing import price_of\nfrom pkg.tax import with_tax\n\n\nclass Cart:\n    def total(self, items):\n        return with_tax(sum(price_of(i) for i in items))\n',
    'class Cart:\n    def total(self, items):\n        return 0\n',
  ],
  'pkg/pricing.py': [
    'DISCOUNT = 0.1\n\n\ndef price_of(item):\n    return item.price * (1 - DISCOUNT)\n',
    'def cost_of(item):\n    return item.price\n\n\ndef price_of(item):\n    return cost_of(item) * 2\n',
  ],
  'pkg/tax.py': ['RATE = 0.2\n\n\ndef with_tax(amount):\n    return amount * (1 + RATE)\n', '"""Tax rules."""\n\ndef with_tax(amount):\n    return amount\n'],
  'pkg/extra.py': ['from pkg.pricing import price_of\n\n\ndef cheapest(items):\n    return min(price_of(i) for i in items)\n'],
  'web/api.ts': [
    "import { formatPrice } from './format';\n\nexport function showTotal(total: number): string {\n  return formatPrice(total);\n}\n",
    "import { formatPrice, currency } from './format';\n\nexport function showTotal(total: number): string {\n  return currency() + formatPrice(total);\n}\n",
  ],
  'web/format.ts': [
    'export function formatPrice(value: number): string {\n  return value.toFixed(2);\n}\n',
    "export function formatPrice(value: number): string {\n  return value.toFixed(3);\n}\n\nexport function currency(): string {\n  return 'EUR';\n}\n",
  ],
  'web/util.ts': ["import { showTotal } from './api';\n\nexport const banner = showTotal(0);\n"],
  'docs/guide.md': [
    '# Guide\n\n## Totals\n\n`Cart.total` in pkg/cart.py sums `price_of` from pkg/pricing.py.\n',
    '# Guide\n\n## Totals\n\nSee `with_tax` in pkg/tax.py and web/format.ts.\n\n## Web\n\n`showTotal` formats.\n',
  ],
  'docs/more.md': ['# More\n\n`cheapest` lives in pkg/extra.py.\n'],
};

const PATHS = Object.keys(CONTENTS);
const FIRST_COMMIT = ['pkg/__init__.py', 'pkg/cart.py', 'pkg/pricing.py', 'pkg/tax.py', 'web/api.ts', 'web/format.ts', 'docs/guide.md'];

/** The history every case starts from: files that change together, so there is co-change to mine. */
function buildTemplate(root: string): void {
  const repo = TestRepo.init(root);
  const first = (path: string): string => CONTENTS[path]![0]!;
  repo.commit(1_700_000_000, 'initial', Object.fromEntries(FIRST_COMMIT.map((path) => [path, first(path)])));
  repo.commit(1_700_003_600, 'pricing and cart', { 'pkg/cart.py': CONTENTS['pkg/cart.py']![1]!, 'pkg/pricing.py': CONTENTS['pkg/pricing.py']![1]! });
  repo.commit(1_700_007_200, 'web', { 'web/api.ts': CONTENTS['web/api.ts']![1]!, 'web/format.ts': CONTENTS['web/format.ts']![1]!, 'docs/guide.md': CONTENTS['docs/guide.md']![1]! });
  repo.commit(1_700_010_800, 'extra', { 'pkg/extra.py': first('pkg/extra.py'), 'pkg/tax.py': CONTENTS['pkg/tax.py']![1]! });
  repo.git(1_700_014_400, 'rm', '--quiet', 'pkg/extra.py');
  repo.commit(1_700_014_400, 'drop extra', { 'pkg/cart.py': first('pkg/cart.py') });
}

type Step = { op: 'write'; path: string; variant: number } | { op: 'delete'; path: string } | { op: 'commit' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('write' as const), path: fc.constantFrom(...PATHS), variant: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), path: fc.constantFrom(...PATHS) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'commit' as const }) },
);

function apply(repo: TestRepo, step: Step, time: number): void {
  if (step.op === 'write') {
    const variants = CONTENTS[step.path]!;
    repo.write({ [step.path]: variants[step.variant % variants.length]! });
  } else if (step.op === 'delete') {
    rmSync(join(repo.root, step.path), { force: true });
  } else {
    repo.commit(time, `step at ${time}`);
  }
}

async function index(root: string, indexDir: string): Promise<void> {
  const context = await openRepo({ repo: root, indexDir, env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
}

let base: string;
let template: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'cairn-incremental-'));
  template = join(base, 'template');
  mkdirSync(template);
  buildTemplate(template);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The template copied, indexed, then each step applied and followed by an incremental run; then a fresh index of the result. */
async function indexBoth(steps: Step[]): Promise<{ incremental: ReturnType<typeof indexTables>; fresh: ReturnType<typeof indexTables> }> {
  const dir = mkdtempSync(join(base, 'case-'));
  const root = join(dir, 'repo');
  cpSync(template, root, { recursive: true });
  const repo = new TestRepo(root);
  try {
    await index(root, join(dir, 'incremental'));
    for (const [at, step] of steps.entries()) {
      apply(repo, step, 1_700_100_000 + at * 3600);
      await index(root, join(dir, 'incremental'));
    }
    await index(root, join(dir, 'fresh'));
    return { incremental: indexTables(join(dir, 'incremental')), fresh: indexTables(join(dir, 'fresh')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('incremental = fresh', () => {
  it('deleting a file and re-indexing leaves the co-change pairs and commit files of a fresh index (not fewer pairs, more rows)', async () => {
    const { incremental, fresh: expected } = await indexBoth([{ op: 'delete', path: 'pkg/pricing.py' }]);
    expect(incremental['cochange']).toEqual(expected['cochange']);
    expect(incremental['commit_files']).toEqual(expected['commit_files']);
    expect(incremental['files']).toEqual(expected['files']);
  });

  it('restoring a deleted file gives it back its history, as a fresh index has it', async () => {
    const { incremental, fresh: expected } = await indexBoth([{ op: 'delete', path: 'pkg/tax.py' }, { op: 'write', path: 'pkg/tax.py', variant: 1 }]);
    expect(incremental['files']).toEqual(expected['files']);
    expect(incremental['cochange']).toEqual(expected['cochange']);
  });

  it('editing files leaves the BM25 totals of a fresh index (SQLite does not subtract deleted rows of contentless-delete tables)', async () => {
    const { incremental, fresh: expected } = await indexBoth([{ op: 'write', path: 'pkg/pricing.py', variant: 0 }, { op: 'write', path: 'docs/guide.md', variant: 0 }]);
    for (const table of ['files_fts', 'symbols_fts', 'docs_fts']) expect(incremental[`${table} averages`]).toEqual(expected[`${table} averages`]);
  });

  it('after any sequence of edits, deletions, additions and commits, the incremental index equals a fresh one, table by table', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 4 }), async (steps) => {
        const { incremental, fresh: expected } = await indexBoth(steps);
        expect(incremental).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);
});
