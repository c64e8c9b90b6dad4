// The hydration renders: markdown is exactly header + each block's text + footer (what the
// budget counts), every status says what it should, one-line fields cannot break the
// layout; JSON parses, in the design's snake_case names, with each block on its own line.

import { describe, expect, it } from 'vitest';
import type { Hydration, HydrationBlock } from '../core/memory.js';
import { blockText, markdownFooter, markdownHeader, renderHydration } from './hydration.js';

function block(extra: Partial<HydrationBlock>): HydrationBlock {
  return {
    entityKey: 'shop/cart.py::Cart.total',
    artifactHash: 'ab'.repeat(32),
    reason: 'ast_resolved',
    method: 'ast',
    triggeredBy: 'named in the query as `Cart.total`',
    tokenCount: 12,
    hydratedAt: '2026-01-01T00:00:00.000Z',
    status: 'new',
    body: 'text',
    text: 'def total(self):\n    return 1',
    path: 'shop/cart.py',
    language: 'python',
    startLine: 3,
    endLine: 4,
    previousHash: null,
    previousEpisode: null,
    movedTo: null,
    ...extra,
  };
}

const hydration: Hydration = {
  conversationId: 'c1',
  episodeId: 'e3',
  sequence: 3,
  query: 'Fix `Cart.total`\nwith more lines',
  format: 'markdown',
  blocks: [
    block({}),
    block({ entityKey: 'a.py::f', status: 'changed', body: 'diff', text: '@@ -1,1 +1,1 @@\n-x\n+y', previousHash: 'cd'.repeat(32), previousEpisode: 'e2', reason: 'previously_hydrated', method: 'tracking' }),
    block({ entityKey: 'b.py::g', status: 'deleted', body: 'none', text: '', artifactHash: null, previousEpisode: 'e1' }),
    block({ entityKey: 'c.py::h', status: 'moved', movedTo: 'd.py::h', body: 'none', text: '', previousEpisode: 'e1' }),
    block({ entityKey: 'evil\n## injected.py', status: 'unchanged', previousEpisode: 'e2' }),
  ],
  cut: [{ entityKey: 'big.py', reason: 'path_resolved', method: 'text', tokens: 9000, cutBy: 'tokens', usedTokens: 400 }],
  budget: { maxTokens: 1000, maxEntities: 40, usedTokens: 456, usedEntities: 5, tokenizer: 'o200k_base' },
  notes: ['retrieval pipeline ranking: task t1'],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('hydration render', () => {
  it('markdown is the header, each block as counted, and the footer', () => {
    const rendered = renderHydration(hydration, 'markdown');
    expect(rendered).toBe(`${markdownHeader(hydration)}${hydration.blocks.map((b) => blockText(b, 'markdown')).join('')}${markdownFooter(hydration)}`);
    expect(rendered).toContain('query: Fix `Cart.total`\n');
    expect(rendered).toContain('## shop/cart.py::Cart.total\nnamed in the query as `Cart.total` · ast_resolved · ast · lines 3-4 · sha256 abababababab\n\n```python\ndef total(self):\n    return 1\n```\n');
    expect(rendered).toContain('## a.py::f — changed since you saw it (episode e2)\n');
    expect(rendered).toContain('the diff below turns it into the code on disk now.\n\n```diff\n@@ -1,1 +1,1 @@\n-x\n+y\n```\n');
    expect(rendered).toContain('## b.py::g — deleted since you saw it (episode e1)\n');
    expect(rendered).toContain('It is no longer on disk: do not rely on the code episode e1 showed.\n');
    expect(rendered).toContain('## c.py::h — moved to d.py::h since you saw it (episode e1)\n');
    expect(rendered).toContain('unchanged since episode e2');
    expect(rendered).not.toContain('\n## injected.py');
    expect(rendered).toContain('5 of 40 entities · 456 of 1000 tokens (o200k_base) · 1 cut by the budget (`cairn episode e3` lists them)\n');
  });

  it('JSON parses, in snake_case, each block on its own line, the cut summarised', () => {
    const rendered = renderHydration({ ...hydration, format: 'json' }, 'json');
    const parsed = JSON.parse(rendered);
    expect(parsed).toMatchObject({ conversation_id: 'c1', episode_id: 'e3', query: 'Fix `Cart.total`', cut: { count: 1, by_tokens: 1, by_entities: 0 } });
    expect(parsed.blocks).toHaveLength(5);
    expect(Object.keys(parsed.blocks[0])).toEqual(expect.arrayContaining(['entity_key', 'artifact_hash', 'reason', 'method', 'triggered_by', 'token_count', 'hydrated_at']));
    for (const b of hydration.blocks) expect(rendered).toContain(blockText(b, 'json').replace(/,\n$/, ''));
    expect(JSON.parse(renderHydration({ ...hydration, blocks: [] }, 'json')).blocks).toEqual([]);
  });
});
