// Task analysis for ranking: the issue text's parts, its anchors resolved against the
// index, and the reduced, weighted query terms.

import type { CuratedReader } from '../../store/curated.js';
import { extractAnchors, type Anchors } from './anchors.js';
import { parseIssueText, type IssueText } from './issue-text.js';
import { pathSuffixIndex } from './path-suffixes.js';
import { resolveAnchors, type ResolvedAnchors } from './resolve-anchors.js';
import { selectTerms, type QueryTerms } from './terms.js';

export interface QueryAnalysis {
  issue: IssueText;
  anchors: Anchors;
  resolved: ResolvedAnchors;
  terms: QueryTerms;
}

export function analyzeQuery(reader: CuratedReader, query: string): QueryAnalysis {
  const issue = parseIssueText(query);
  const anchors = extractAnchors(issue);
  const suffixes = pathSuffixIndex(reader.filePaths());
  const resolved = resolveAnchors(reader, anchors, suffixes);
  const terms = selectTerms(issue, (list) => reader.termStats('symbol', list));
  return { issue, anchors, resolved, terms };
}

/** A JSON-friendly digest of an analysis, for explanations and logs. */
export function describeAnalysis(analysis: QueryAnalysis): Record<string, unknown> {
  return {
    title: analysis.issue.title,
    terms: analysis.terms.full.map((entry) => `${entry.term}:${entry.weight.toFixed(2)}`),
    focusedTerms: analysis.terms.focused,
    anchorFiles: Object.fromEntries([...analysis.resolved.files].map(([path, hit]) => [path, { weight: round(hit.weight), reasons: hit.reasons }])),
    anchorSymbols: Object.fromEntries([...analysis.resolved.symbols].map(([key, hit]) => [key, { weight: round(hit.weight), reasons: hit.reasons }])),
    frames: analysis.resolved.frames,
    errorTypes: analysis.anchors.errorTypes,
    scopedPackages: analysis.resolved.packages,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
