// The plain baseline every ranking figure is compared with: whole-file BM25 (FTS5) over
// file contents only, with the query's code tokens and nothing else — no anchors, no
// fields, no graph, no priors.

import type { CuratedReader } from '../../store/curated.js';
import { codeTokens } from '../../core/tokens.js';
import type { RankRequest, RankResult, Ranker } from './types.js';

export const bm25Baseline: Ranker = {
  name: 'bm25-file',
  rank(reader: CuratedReader, request: RankRequest): RankResult {
    const terms = [...new Set(codeTokens(request.query))];
    const hits = reader.search({
      terms,
      target: 'file',
      limit: request.limit,
      fieldWeights: { path: 0, body: 1 },
      matchedFields: false,
      ...(request.filter ? { filter: request.filter } : {}),
    });
    return {
      files: hits.map((hit, index) => ({
        path: hit.path,
        score: hit.score,
        signals: [{ signal: 'bm25-file', rank: index + 1, raw: hit.score, contribution: hit.score }],
      })),
      symbols: [],
      analysis: null,
    };
  },
};
