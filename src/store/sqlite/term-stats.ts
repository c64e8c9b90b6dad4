// Document frequencies from the fts5vocab tables, cached per connection until the index
// changes. A vocabulary lookup reads the term's whole doclist (milliseconds for a term in
// most documents), and retrieval asks about the same terms again and again.

import type { SearchTarget, TermStats } from '../curated.js';
import { foldTerm, FTS_TABLES } from './fts-tables.js';
import type { StatementCache } from './statements.js';

/** A cache that outgrows this is dropped rather than managed: terms are cheap to re-read. */
const MAX_CACHED_TERMS = 20_000;

interface TargetCache {
  documents: number;
  frequency: Map<string, number>;
}

/**
 * data_version moves when another connection commits, total_changes() when this one
 * writes: together they say whether anything read before through this connection may be stale.
 */
export function indexContentVersion(sql: StatementCache): string {
  return sql.value<string>("SELECT (SELECT data_version FROM pragma_data_version) || ':' || total_changes()") ?? '';
}

export class TermStatistics {
  private version = '';
  private readonly targets = new Map<SearchTarget, TargetCache>();

  constructor(private readonly sql: StatementCache) {}

  private current(): void {
    const version = indexContentVersion(this.sql);
    if (version === this.version) return;
    this.version = version;
    this.targets.clear();
  }

  private cacheOf(target: SearchTarget): TargetCache {
    this.current();
    let cache = this.targets.get(target);
    if (cache === undefined) {
      const documents = this.sql.value<number>(`SELECT count(*) FROM ${FTS_TABLES[target].rows}`) ?? 0;
      cache = { documents, frequency: new Map() };
      this.targets.set(target, cache);
    }
    if (cache.frequency.size > MAX_CACHED_TERMS) cache.frequency.clear();
    return cache;
  }

  /** Document frequency per term as given (folded like the tokenizer folds); absent terms 0. */
  stats(target: SearchTarget, terms: readonly string[]): TermStats {
    const cache = this.cacheOf(target);
    const documentFrequency = new Map<string, number>();
    for (const term of terms) {
      const folded = foldTerm(term);
      let frequency = cache.frequency.get(folded);
      if (frequency === undefined) {
        frequency = this.sql.value<number>(`SELECT doc FROM ${FTS_TABLES[target].vocab} WHERE term = ?`, folded) ?? 0;
        cache.frequency.set(folded, frequency);
      }
      documentFrequency.set(term, frequency);
    }
    return { documents: cache.documents, documentFrequency };
  }
}
