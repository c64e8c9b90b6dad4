// Hydration on a real index: blocks in priority order with their fields, invariants 1
// (once hydrated, offered in every later episode), 2 (same source and query, same
// entities in the same order) and 5 (token and entity budgets never exceeded, cuts
// recorded), and entities that changed, vanished or moved since the conversation saw them.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHydration, markdownBlock } from '../../render/hydration.js';
import { retrieve } from '../../retrieval/pipeline/retrieve.js';
import { memoryFiles, memoryFixture, type MemoryRepo } from '../../../test/support/memory-repo.js';
import { sha256Text } from '../vault.js';
import { hydrate } from './hydrate.js';

const open: MemoryRepo[] = [];
afterEach(() => {
  for (const repo of open.splice(0)) repo.close();
});

async function shop(): Promise<MemoryRepo> {
  const repo = await memoryFixture('shop');
  open.push(repo);
  return repo;
}

async function files(list: Record<string, string>): Promise<MemoryRepo> {
  const repo = await memoryFiles(list);
  open.push(repo);
  return repo;
}

const keys = (result: Awaited<ReturnType<typeof hydrate>>): string[] => result.hydration.blocks.map((block) => block.entityKey);

describe('hydrate', () => {
  it('gives named entities first, then what earlier episodes showed, then the pipeline ranking, each block with its fields', async () => {
    const m = await shop();
    const first = await hydrate(m.ports, { query: 'Fix the rounding in `Cart.total`', conversationId: 'c1', episodeId: 'e1', maxTokens: 3000 });
    const [named, ...ranked] = first.hydration.blocks;
    expect(named).toMatchObject({ entityKey: 'shop/cart.py::Cart.total', reason: 'ast_resolved', method: 'ast', status: 'new', triggeredBy: 'named in the query as `Cart.total`' });
    expect(named!.artifactHash).toBe(sha256Text(named!.text));
    expect(named!.tokenCount).toBe(m.ports.counter.count(markdownBlock(named!)));
    expect(named!.hydratedAt).toBe(first.hydration.createdAt);
    expect(ranked.length).toBeGreaterThan(0);
    for (const block of ranked) expect(block).toMatchObject({ reason: 'pipeline_ranked', method: 'retrieval', triggeredBy: expect.stringMatching(/^ranked by the retrieval pipeline/) });
    // The third tier is the pipeline's own order for the query (the items that show code).
    const own = await retrieve(m.ports.retrieval!, { task: 'Fix the rounding in `Cart.total`', stages: ['scope', 'precision'], budget: { contextWindow: 3000, reservedTokens: 0 }, format: 'markdown' });
    const order = own.package.items.filter((item) => item.detail === 'full' || item.detail === 'excerpt').map((item) => item.symbolKey ?? item.path);
    const rankedKeys = ranked.map((block) => block.entityKey);
    expect(rankedKeys).toEqual(order.filter((key) => rankedKeys.includes(key)));

    const second = await hydrate(m.ports, { query: 'and `apply_discount`', conversationId: 'c1', episodeId: 'e2', maxTokens: 3000 });
    const blocks = second.hydration.blocks;
    expect(blocks[0]).toMatchObject({ entityKey: 'shop/pricing.py::apply_discount', reason: 'ast_resolved' });
    const tracked = blocks.filter((block) => block.reason === 'previously_hydrated');
    expect(tracked.map((block) => block.entityKey)).toEqual(keys(first).filter((key) => key !== 'shop/pricing.py::apply_discount'));
    for (const block of tracked) expect(block).toMatchObject({ method: 'tracking', triggeredBy: 'hydrated in episode e1', status: 'unchanged', previousEpisode: 'e1' });
    const reasons = blocks.map((block) => block.reason);
    expect(reasons.lastIndexOf('ast_resolved')).toBeLessThan(reasons.indexOf('previously_hydrated'));
    if (reasons.includes('pipeline_ranked')) expect(reasons.lastIndexOf('previously_hydrated')).toBeLessThan(reasons.indexOf('pipeline_ranked'));
  });

  it('invariant 1: an entity hydrated in episode 1 is offered in every later episode, even one whose budget cut it', async () => {
    const m = await shop();
    await hydrate(m.ports, { query: '`charge`', conversationId: 'c', episodeId: 'e1', maxEntities: 1 });
    const second = await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e2', maxEntities: 1 });
    expect(keys(second)).toEqual(['shop/cart.py::Cart.total']);
    expect(second.hydration.cut).toContainEqual(expect.objectContaining({ entityKey: 'shop/payments/gateway.py::charge', reason: 'previously_hydrated', cutBy: 'entities' }));
    const third = await hydrate(m.ports, { query: 'what next?', conversationId: 'c', episodeId: 'e3', maxEntities: 5 });
    expect(keys(third).slice(0, 2)).toEqual(['shop/payments/gateway.py::charge', 'shop/cart.py::Cart.total']);
    expect(third.hydration.blocks[0]).toMatchObject({ reason: 'previously_hydrated', triggeredBy: 'hydrated in episode e1' });
    // Another conversation has its own history.
    const other = await hydrate(m.ports, { query: 'what next?', conversationId: 'other', episodeId: 'o1', maxEntities: 5 });
    expect(other.hydration.blocks.filter((block) => block.reason === 'previously_hydrated')).toEqual([]);
  });

  it('invariant 2: the same source and query give the same entities in the same order', async () => {
    const a = await shop();
    const b = await shop();
    const query = 'The total in `Cart.total` is wrong after `apply_discount`; see shop/payments/gateway.py';
    const runs = [
      await hydrate(a.ports, { query, conversationId: 'x', maxTokens: 4000 }),
      await hydrate(a.ports, { query, conversationId: 'y', maxTokens: 4000 }),
      await hydrate(b.ports, { query, conversationId: 'x', maxTokens: 4000 }),
    ];
    const shape = (run: (typeof runs)[number]) => run.hydration.blocks.map((block) => [block.entityKey, block.reason, block.artifactHash]);
    expect(shape(runs[0]!).length).toBeGreaterThan(3);
    expect(shape(runs[1]!)).toEqual(shape(runs[0]!));
    expect(shape(runs[2]!)).toEqual(shape(runs[0]!));
    expect(runs[0]!.hydration.blocks.slice(0, 3).map((block) => block.entityKey)).toEqual([
      'shop/cart.py::Cart.total',
      'shop/pricing.py::apply_discount',
      'shop/payments/gateway.py',
    ]);
  });

  describe('invariant 5: budgets', () => {
    const fifty: Record<string, string> = {};
    for (let i = 0; i < 50; i++) {
      fifty[`pkg/mod_${String(i).padStart(2, '0')}.py`] = `"""Module ${i}."""\n\n\ndef compute_${i}(value):\n    """Adds ${i}."""\n    total = value + ${i}\n    return total * ${i % 7}\n`;
    }
    const query = `Check these files: ${Object.keys(fifty).join(', ')}`;

    for (const format of ['markdown', 'json'] as const) {
      it(`a query naming 50 files answers within 1,000 tokens (${format}), the cut recorded with the tokens used`, async () => {
        const m = await files(fifty);
        const result = await hydrate(m.ports, { query, conversationId: 'c', maxTokens: 1000, format });
        const { blocks, cut, budget } = result.hydration;
        expect(m.ports.counter.count(result.rendered)).toBe(budget.usedTokens);
        expect(budget.usedTokens).toBeLessThanOrEqual(1000);
        expect(blocks.length).toBeGreaterThan(3);
        expect(blocks.every((block) => block.reason === 'ast_resolved')).toBe(true);
        expect(blocks.length + cut.filter((entry) => entry.reason === 'ast_resolved').length).toBe(50);
        expect(cut.length).toBeGreaterThan(0);
        for (const entry of cut) {
          expect(entry.cutBy).toBe('tokens');
          expect(entry.usedTokens + entry.tokens).toBeGreaterThan(1000);
        }
        // The order of the query is kept: what is shown is a prefix of what was named.
        expect(blocks.map((block) => block.entityKey)).toEqual(Object.keys(fifty).slice(0, blocks.length));
        if (format === 'json') expect(JSON.parse(result.rendered).blocks).toHaveLength(blocks.length);
        expect(m.ports.store.cuts(result.hydration.episodeId)).toHaveLength(cut.length);
        expect(m.lines).toContainEqual({ level: 'warn', line: expect.stringMatching(/^the budget cut \d+ blocks .* tokens used$/) });
      });
    }

    it('an entity budget keeps the first N and cuts the rest as over it', async () => {
      const m = await files(fifty);
      const result = await hydrate(m.ports, { query, conversationId: 'c', maxTokens: 100_000, maxEntities: 5 });
      expect(keys(result)).toEqual(Object.keys(fifty).slice(0, 5));
      expect(result.hydration.cut.filter((entry) => entry.reason === 'ast_resolved').map((entry) => entry.cutBy)).toEqual(Array(45).fill('entities'));
    });

    it('a budget too small for the hydration frame itself is a BUDGET error and records nothing', async () => {
      const m = await shop();
      await expect(hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', maxTokens: 10 })).rejects.toMatchObject({ code: 'BUDGET' });
      expect(m.ports.store.episodes('c')).toEqual([]);
    });
  });

  describe('what changed since the conversation saw it', () => {
    it('marks an edited entity "changed since you saw it" and carries the new text', async () => {
      const m = await shop();
      const first = await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e1', maxEntities: 1 });
      const seen = first.hydration.blocks[0]!;
      const file = join(m.repo.dir.path, 'shop/cart.py');
      writeFileSync(file, readFileSync(file, 'utf8').replace('round(discounted * (1 + TAX_RATE), 2)', 'round(discounted * (1 + TAX_RATE), 4)'));
      const second = await hydrate(m.ports, { query: 'go on', conversationId: 'c', episodeId: 'e2', maxEntities: 1 });
      const block = second.hydration.blocks[0]!;
      expect(block).toMatchObject({ entityKey: seen.entityKey, status: 'changed', previousHash: seen.artifactHash, previousEpisode: 'e1' });
      expect(block.artifactHash).not.toBe(seen.artifactHash);
      expect(block.text).toContain('TAX_RATE), 4)');
      expect(second.rendered).toContain('shop/cart.py::Cart.total — changed since you saw it (episode e1)');
    });

    it('carries a compact diff when it is cheaper than the new text', async () => {
      const body = Array.from({ length: 60 }, (_, i) => `    step_${i} = value + ${i}`).join('\n');
      const m = await files({ 'calc.py': `def long_function(value):\n${body}\n    return value\n` });
      await hydrate(m.ports, { query: '`long_function`', conversationId: 'c', episodeId: 'e1' });
      writeFileSync(join(m.repo.dir.path, 'calc.py'), `def long_function(value):\n${body.replace('step_30 = value + 30', 'step_30 = value - 30')}\n    return value\n`);
      const second = await hydrate(m.ports, { query: 'again', conversationId: 'c', episodeId: 'e2' });
      const block = second.hydration.blocks[0]!;
      expect(block).toMatchObject({ status: 'changed', body: 'diff' });
      expect(block.text).toContain('-    step_30 = value + 30');
      expect(block.text).toContain('+    step_30 = value - 30');
      expect(block.text.split('\n').length).toBeLessThan(12);
      // The vault holds the new text itself, never the diff.
      expect(m.ports.store.artifact(block.artifactHash!)).toContain('step_30 = value - 30');
    });

    it('reports a deleted entity once, and tombstones it', async () => {
      const m = await files({ 'a.py': 'def keep():\n    return 1\n\n\ndef gone():\n    return 2\n' });
      await hydrate(m.ports, { query: '`gone` and `keep`', conversationId: 'c', episodeId: 'e1' });
      writeFileSync(join(m.repo.dir.path, 'a.py'), 'def keep():\n    return 1\n');
      const second = await hydrate(m.ports, { query: 'next', conversationId: 'c', episodeId: 'e2' });
      expect(second.hydration.blocks.find((block) => block.entityKey === 'a.py::gone')).toMatchObject({ status: 'deleted', body: 'none', artifactHash: null, previousEpisode: 'e1' });
      expect(second.rendered).toContain('a.py::gone — deleted since you saw it (episode e1)');
      expect(m.ports.store.currentVersion('a.py::gone')?.state).toBe('TOMBSTONED');
      const third = await hydrate(m.ports, { query: 'next', conversationId: 'c', episodeId: 'e3' });
      expect(keys(third)).not.toContain('a.py::gone');
    });

    it('reports a moved definition with where it went, and follows it from then on', async () => {
      const m = await files({ 'a.py': 'def stay():\n    return 0\n\n\ndef wander(x):\n    return x * 2\n', 'b.py': 'def other():\n    return 1\n' });
      await hydrate(m.ports, { query: '`wander`', conversationId: 'c', episodeId: 'e1' });
      writeFileSync(join(m.repo.dir.path, 'a.py'), 'def stay():\n    return 0\n');
      writeFileSync(join(m.repo.dir.path, 'b.py'), 'def other():\n    return 1\n\n\ndef wander(x):\n    return x * 2\n');
      await m.reindex();
      const second = await hydrate(m.ports, { query: 'next', conversationId: 'c', episodeId: 'e2' });
      expect(second.hydration.blocks[0]).toMatchObject({ entityKey: 'a.py::wander', status: 'moved', movedTo: 'b.py::wander', body: 'none' });
      expect(m.ports.store.currentVersion('a.py::wander')?.state).toBe('TOMBSTONED');
      expect(m.ports.store.currentVersion('b.py::wander')?.state).toBe('PROPOSED');
      const third = await hydrate(m.ports, { query: 'next', conversationId: 'c', episodeId: 'e3' });
      expect(third.hydration.blocks[0]).toMatchObject({ entityKey: 'b.py::wander', status: 'unchanged', reason: 'previously_hydrated' });
    });

    it('reports a deleted file', async () => {
      const m = await files({ 'a.py': 'def f():\n    return 1\n', 'notes.md': '# Notes\n\nSome text.\n' });
      const first = await hydrate(m.ports, { query: 'read notes.md', conversationId: 'c', episodeId: 'e1' });
      expect(first.hydration.blocks[0]).toMatchObject({ entityKey: 'notes.md', reason: 'path_resolved', method: 'text' });
      rmSync(join(m.repo.dir.path, 'notes.md'));
      const second = await hydrate(m.ports, { query: 'next', conversationId: 'c', episodeId: 'e2' });
      expect(second.hydration.blocks[0]).toMatchObject({ entityKey: 'notes.md', status: 'deleted' });
    });
  });

  it('logs one info line per hydration with the query cut to 100 characters and the counts', async () => {
    const m = await shop();
    const long = `Look at \`Cart.total\` ${'and more words '.repeat(20)}`;
    const result = await hydrate(m.ports, { query: long, conversationId: 'c', episodeId: 'e1', maxTokens: 3000 });
    const info = m.lines.filter((line) => line.level === 'info' && line.line.startsWith('hydrate '));
    expect(info).toHaveLength(1);
    const quoted = JSON.parse(/^hydrate ("(?:[^"\\]|\\.)*")/.exec(info[0]!.line)![1]!) as string;
    expect(quoted).toBe(`${long.replace(/\s+/g, ' ').trim().slice(0, 100)}…`);
    expect(info[0]!.line).toContain(`ast-resolved 1 · regex-resolved 0 · previously-hydrated 0 · pipeline ${result.hydration.blocks.length - 1} · total ${result.hydration.blocks.length} blocks, ${result.hydration.budget.usedTokens}/3000 tokens`);
    expect(m.lines.filter((line) => line.level === 'debug' && line.line.startsWith('block '))).toHaveLength(result.hydration.blocks.length);
    expect(renderHydration(result.hydration, 'markdown')).toBe(result.rendered);
  });
});
