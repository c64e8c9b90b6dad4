// Test support (imported by tests only): a small, fixed package exercising every part of
// a render — a seed in full, a demoted symbol, a path-only item, a body with its own code
// fence, edges, notes, and demotions / evictions / duplicates in the budget summary.

import type { ContextItem, ContextPackage } from '../core/context-package.js';

function item(overrides: Partial<ContextItem> & Pick<ContextItem, 'path'>): ContextItem {
  return {
    symbolKey: null,
    language: 'python',
    startLine: 1,
    endLine: 1,
    detail: 'full',
    texts: { full: null, excerpt: null, signature: null },
    tokens: 0,
    provenance: { stage: 'scope', tier: 0, reason: '', signals: {}, score: 1 },
    demotedFrom: null,
    ...overrides,
  };
}

export function smallPackage(): ContextPackage {
  return {
    taskId: 'task-1',
    runId: 'run-7',
    query: 'Fix the crash in read_csv\nwhen the header row is empty.',
    match: 'weak',
    matchEvidence: {
      summary: "only a weak match: the strongest candidates hold 40 % of the task's specific words (read_csv, header)",
      closest: [{ key: 'dask/io/csv.py::read_csv', why: 'holds read_csv; lacks header' }],
    },
    items: [
      item({
        path: 'dask/io/csv.py',
        symbolKey: 'dask/io/csv.py::read_csv',
        startLine: 10,
        endLine: 13,
        texts: { full: 'def read_csv(path):\n    """Read a CSV file."""\n    return _read(path)\n', excerpt: null, signature: null },
        tokens: 17,
        provenance: { stage: 'scope', tier: 0, reason: 'named in the query', signals: { bm25: 12.5, mention: 1 }, score: 0.93 },
      }),
      item({
        path: 'docs/io.md',
        language: 'markdown',
        endLine: 5,
        texts: { full: '# IO\n\n```python\ndd.read_csv("x.csv")\n```\n', excerpt: null, signature: null },
        tokens: 18,
        provenance: { stage: 'scope', tier: 1, reason: 'mentions dask/io/csv.py::read_csv', signals: { doc: 1 }, score: 0.5 },
      }),
      item({
        path: 'dask/io/utils.py',
        symbolKey: 'dask/io/utils.py::_read',
        startLine: 40,
        endLine: 90,
        detail: 'signature',
        demotedFrom: 'full',
        texts: { full: null, excerpt: null, signature: 'def _read(path, header=None):\n    """Parse rows."""' },
        tokens: 14,
        provenance: { stage: 'scope', tier: 1, reason: 'called by seed dask/io/csv.py::read_csv', signals: { calls: 2 }, score: 0.41 },
      }),
      item({
        path: 'dask/io/tests/test_csv.py',
        endLine: 800,
        detail: 'path',
        demotedFrom: 'full',
        provenance: { stage: 'scope', tier: 3, reason: 'co-changes with dask/io/csv.py', signals: { cochange: 4 }, score: 0.2 },
      }),
    ],
    edges: [
      { from: 'dask/io/csv.py', to: 'dask/io/utils.py', relation: 'imports', weight: 1 },
      { from: 'dask/io/tests/test_csv.py', to: 'dask/io/csv.py', relation: 'cochange', weight: 0.375 },
    ],
    budget: {
      contextWindow: 8000,
      reservedTokens: 2000,
      available: 6000,
      used: 512,
      format: 'markdown',
      tokenizer: 'o200k_base',
      demoted: [
        { path: 'dask/io/utils.py', symbolKey: 'dask/io/utils.py::_read', tier: 1, from: 'full', to: 'signature', reason: 'full needs 900 more tokens, 12 left' },
        { path: 'dask/io/tests/test_csv.py', symbolKey: null, tier: 3, from: 'full', to: 'path', reason: 'full needs 7000 more tokens, 12 left' },
      ],
      evicted: [
        { path: 'dask/core.py', symbolKey: null, tier: 3, detail: 'full', reason: 'no room for its path line: 30 tokens needed, 12 left' },
        { path: 'dask/base.py', symbolKey: null, tier: 4, detail: 'full', reason: 'tier 3 did not fit in full, so weaker tiers are dropped' },
      ],
      deduplicated: [
        { path: 'dask/io/csv.py', symbolKey: 'dask/io/csv.py::read_csv', tier: 2, coveredBy: 'dask/io/csv.py::read_csv', reason: 'listed again by precision; kept the tier 0 entry from scope' },
      ],
    },
    notes: ['task type: bug fix'],
    createdAt: '2025-01-02T03:04:05.000Z',
  };
}
