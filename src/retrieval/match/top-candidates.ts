// The strongest candidates of a run, read for the match assessment: the primary definitions
// by score, then — when the stages chose fewer — the strongest seed files. Texts come from
// disk through the run's own source cache (no second read), cut to a bound so that a huge
// generated file cannot make the assessment slow.

import type { KnowledgeBase, RetrievalContext } from '../stages/stage.js';
import { compareText } from '../../core/compare.js';

export interface CandidateText {
  /** Entity key, or the path of a whole file. */
  key: string;
  path: string;
  text: string;
}

const MAX_CHARS = 40_000;

export function topCandidates(context: RetrievalContext, kb: KnowledgeBase, count: number): CandidateText[] {
  const out: CandidateText[] = [];
  const primaries = context.symbols
    .filter((symbol) => symbol.class === 'primary')
    .sort((a, b) => b.score - a.score || compareText(a.key, b.key));
  for (const primary of primaries) {
    if (out.length >= count) return out;
    const record = kb.reader.file(primary.path);
    const symbol = record ? kb.reader.symbol(primary.key) : null;
    const text = record && symbol ? kb.sources.symbolText(record, symbol) : null;
    if (text !== null) out.push({ key: primary.key, path: primary.path, text: text.slice(0, MAX_CHARS) });
  }
  const seeds = context.files.filter((file) => file.tier === 0).sort((a, b) => (b.standing ?? b.score) - (a.standing ?? a.score) || compareText(a.path, b.path));
  for (const seed of seeds) {
    if (out.length >= count) break;
    const record = kb.reader.file(seed.path);
    const source = record ? kb.sources.read(record) : null;
    if (source?.ok) out.push({ key: seed.path, path: seed.path, text: source.text.slice(0, MAX_CHARS) });
  }
  return out;
}
