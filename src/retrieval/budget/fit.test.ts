import { describe, expect, it } from 'vitest';

import { RENDER_FORMATS, textAt, type ContextItem, type FileEdge, type PackageFrame } from '../../core/context-package.js';
import { isCairnError } from '../../core/errors.js';
import { parseMarkdown, renderPackage } from '../../render/index.js';
import { candidate } from './candidates.fixture.js';

import { fitToBudget } from './fit.js';
import { createO200kCounter, type TokenCounter } from './tokens.js';

const counter = createO200kCounter();

const frame: PackageFrame = {
  taskId: 'task-1',
  runId: 'run-1',
  query: 'why does read_csv crash on an empty header?',
  match: 'strong',
  matchEvidence: { summary: 'the task matches this repository', closest: [] },
  notes: ['enrichment not found, tier 4 skipped'],
  edges: [],
  createdAt: '2025-01-01T00:00:00.000Z',
};

function pythonFunction(name: string, lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => `    value_${i} = compute_${i}(${name}, offset=${i})`);
  return [`def ${name}(data):`, `    """Process ${name}."""`, ...body, '    return data', ''].join('\n');
}

function repoCandidates(): ContextItem[] {
  return [
    candidate({ path: 'dask/io/csv.py', symbol: 'read_csv', tier: 0, score: 0.9, full: pythonFunction('read_csv', 40), signature: 'def read_csv(data):\n    """Process read_csv."""', lines: [10, 53] }),
    candidate({ path: 'dask/io/utils.py', tier: 1, score: 0.7, full: pythonFunction('parse', 120), signature: 'def parse(data): ...' }),
    candidate({ path: 'dask/io/header.py', tier: 1, score: 0.6, full: pythonFunction('header', 30), signature: 'def header(data): ...' }),
    candidate({ path: 'dask/core.py', tier: 2, score: 0.5, full: pythonFunction('core', 300), signature: null }),
    candidate({ path: 'dask/base.py', tier: 3, score: 0.4, full: pythonFunction('base', 80), signature: 'def base(data): ...' }),
  ];
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return isCairnError(error) ? error.code : 'not a CairnError';
  }
  return undefined;
}

describe('fitToBudget', () => {
  it.each([...RENDER_FORMATS])('keeps the %s render within the budget at every size, and reports its exact size', (format) => {
    for (const contextWindow of [400, 700, 1000, 1500, 2500, 4000, 8000, 20000]) {
      const { package: pkg } = fitToBudget(repoCandidates(), { contextWindow, reservedTokens: 100 }, counter, format, frame);
      const tokens = counter.count(renderPackage(pkg, format));
      expect(tokens).toBeLessThanOrEqual(contextWindow - 100);
      expect(pkg.budget.used).toBe(tokens);
    }
  });

  it('shows everything in full when the budget allows, and cuts from the weakest end when not', () => {
    const roomy = fitToBudget(repoCandidates(), { contextWindow: 50_000, reservedTokens: 0 }, counter, 'markdown', frame);
    expect(roomy.items.map((i) => i.detail)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect([roomy.summary.demoted, roomy.summary.evicted]).toEqual([[], []]);

    // 2,500 tokens besides the match line the render starts with.
    const matchLine = counter.count(`match: ${frame.match} — ${frame.matchEvidence.summary}\n\n`);
    const tight = fitToBudget(repoCandidates(), { contextWindow: 2500 + matchLine, reservedTokens: 0 }, counter, 'markdown', frame);
    expect(tight.items[0]?.detail).toBe('full');
    expect(tight.summary.evicted.length + tight.summary.demoted.length).toBeGreaterThan(0);
    const kept = new Set(tight.items.map((i) => i.path));
    for (const evicted of tight.summary.evicted) {
      for (const item of tight.items) expect(item.provenance.tier).toBeLessThanOrEqual(evicted.tier);
      expect(kept.has(evicted.path)).toBe(false);
    }
  });

  it('gives package items their shown text, its token count, and drops the texts above it', () => {
    const { items } = fitToBudget(repoCandidates(), { contextWindow: 1800, reservedTokens: 0 }, counter, 'prompt', frame);
    for (const item of items) {
      expect(item.tokens).toBe(counter.count(textAt(item, item.detail) ?? ''));
      if (item.detail !== 'full') expect(item.texts.full).toBeNull();
      if (item.detail === 'path') expect(item.texts.signature).toBeNull();
      expect(item.demotedFrom === null).toBe(item.detail === 'full');
    }
  });

  it('throws a BUDGET error when not even an empty package fits', () => {
    expect(codeOf(() => fitToBudget(repoCandidates(), { contextWindow: 30, reservedTokens: 0 }, counter, 'markdown', frame))).toBe('BUDGET');
    expect(codeOf(() => fitToBudget([], { contextWindow: 10, reservedTokens: 5 }, counter, 'json', frame))).toBe('BUDGET');
    expect(codeOf(() => fitToBudget([], { contextWindow: 10, reservedTokens: 10 }, counter, 'json', frame))).toBe('BUDGET');
  });

  it('fits an empty candidate list', () => {
    const { package: pkg } = fitToBudget([], { contextWindow: 1000, reservedTokens: 0 }, counter, 'markdown', frame);
    expect(pkg.items).toEqual([]);
    expect(parseMarkdown(renderPackage(pkg, 'markdown'))).toEqual([]);
  });

  it('hands the pessimism of the header bound back to the items', () => {
    // Ten tiers make the worst-case header (every tier evicted) much longer than the real one.
    const many = Array.from({ length: 10 }, (_, tier) => candidate({ path: `m${tier}.py`, tier, full: 'x = 1\n' }));
    const roomy = fitToBudget(many, { contextWindow: 100_000, reservedTokens: 0 }, counter, 'markdown', frame);
    const exact = fitToBudget(many, { contextWindow: roomy.summary.used, reservedTokens: 0 }, counter, 'markdown', frame);
    expect(exact.items).toHaveLength(10);
    expect(exact.summary.evicted).toEqual([]);
  });

  it('refits tighter when the whole render counts more than its parts', () => {
    // A counter that charges 40 per item heading beyond the first: a single item part never
    // pays it, a whole render with n items pays 40(n - 1), so the per-part estimate falls short.
    const heading = /(^|\n)(## \d+\. |\[\d+\] |    \{\n      "demotedFrom")/g;
    const surcharged: TokenCounter = {
      name: 'surcharged',
      count: (text) => Math.ceil(text.length / 4) + 40 * Math.max(0, (text.match(heading)?.length ?? 0) - 1),
    };
    for (const format of RENDER_FORMATS) {
      const { package: pkg } = fitToBudget(repoCandidates(), { contextWindow: 1500, reservedTokens: 0 }, surcharged, format, frame);
      expect(pkg.items.length).toBeGreaterThan(1);
      expect(surcharged.count(renderPackage(pkg, format))).toBeLessThanOrEqual(1500);
    }
  });

  it('is deterministic and does not depend on the order candidates arrive in', () => {
    const budget = { contextWindow: 2000, reservedTokens: 0 };
    const first = fitToBudget(repoCandidates(), budget, counter, 'json', frame);
    const again = fitToBudget(repoCandidates(), budget, counter, 'json', frame);
    const reversed = fitToBudget(repoCandidates().reverse(), budget, counter, 'json', frame);
    expect(again.package).toEqual(first.package);
    expect(renderPackage(reversed.package, 'json')).toBe(renderPackage(first.package, 'json'));
  });

  it('renders only edges among included files, merged and without self-loops', () => {
    const edges: FileEdge[] = [
      { from: 'dask/io/csv.py', to: 'dask/io/utils.py', relation: 'imports', weight: 1 },
      { from: 'dask/io/csv.py', to: 'dask/io/utils.py', relation: 'imports', weight: 3 },
      { from: 'dask/io/csv.py', to: 'dask/io/csv.py', relation: 'references', weight: 1 },
      { from: 'dask/io/csv.py', to: 'elsewhere.py', relation: 'imports', weight: 1 },
      { from: 'dask/base.py', to: 'dask/io/csv.py', relation: 'cochange', weight: 2 },
    ];
    const withEdges = { ...frame, edges };
    const roomy = fitToBudget(repoCandidates(), { contextWindow: 50_000, reservedTokens: 0 }, counter, 'markdown', withEdges);
    expect(roomy.edges).toEqual([
      { from: 'dask/base.py', to: 'dask/io/csv.py', relation: 'cochange', weight: 2 },
      { from: 'dask/io/csv.py', to: 'dask/io/utils.py', relation: 'imports', weight: 3 },
    ]);
    // Edges are listed only between files that show code: a file named by its path alone has none.
    let checked = 0;
    for (let contextWindow = 300; contextWindow <= 3000; contextWindow += 50) {
      const tight = fitToBudget(repoCandidates(), { contextWindow, reservedTokens: 0 }, counter, 'markdown', withEdges);
      const code = new Set(tight.items.filter((i) => i.detail !== 'path' && !(i.symbolKey === null && i.detail === 'signature')).map((i) => i.path));
      expect(tight.edges).toEqual(roomy.edges.filter((e) => code.has(e.from) && code.has(e.to)));
      if (!code.has('dask/base.py') && code.has('dask/io/csv.py')) checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
