// EnrichmentStore over enrichment.db: model-written file summaries, staged and promoted
// (store/enrichment.ts). Apart from index.db so that `cairn index --rebuild` keeps them and
// an index run never waits for an enrichment run. Promoted rows carry a full-text row
// (summary, domain, concepts), code-tokenized as the index's own text is.

import { existsSync } from 'node:fs';
import type { FileEnrichment } from '../../core/enrichment.js';
import { SearchTextEncoder } from '../../core/search-text.js';
import type { EnrichmentHit, EnrichmentReader, EnrichmentStore } from '../enrichment.js';
import { mapSqliteError, openDatabase, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { matchExpression } from './fts-tables.js';
import { indexPaths } from './layout.js';
import { loadMigrations, openMigrated, requireVersion } from './migrations.js';
import { StatementCache } from './statements.js';

export function enrichmentStoreFile(indexDir: string): StoreFile {
  const file = indexPaths(indexDir).enrichment;
  return { label: 'file enrichment', file, dir: indexDir, repair: `Move ${file} aside; \`cairn enrich\` writes the summaries again.` };
}

interface Row {
  path: string;
  content_hash: string;
  model: string;
  summary: string;
  domain: string;
  concepts: string;
  prompt_tokens: number;
  completion_tokens: number;
  at: number;
}

const COLUMNS = 'path, content_hash, model, summary, domain, concepts, prompt_tokens, completion_tokens, at';

function fromRow(row: Row): FileEnrichment {
  return {
    path: row.path,
    contentHash: row.content_hash,
    model: row.model,
    summary: row.summary,
    domain: row.domain,
    concepts: JSON.parse(row.concepts) as string[],
    promptTokens: row.prompt_tokens,
    completionTokens: row.completion_tokens,
    at: row.at,
  };
}

class SqliteEnrichmentReader implements EnrichmentReader {
  protected readonly sql: StatementCache;

  constructor(protected readonly db: Db) {
    this.sql = new StatementCache(db);
  }

  promoted(path: string): FileEnrichment | null {
    return this.row(path, 'promoted');
  }

  promotedCount(): number {
    return this.count('promoted');
  }

  search(terms: readonly string[], limit: number): EnrichmentHit[] {
    const match = matchExpression(terms);
    if (match === null || limit <= 0) return [];
    return this.sql
      .all<{ path: string; score: number }>(
        'SELECT i.path AS path, -bm25(enrichment_fts) AS score FROM enrichment_fts JOIN enrichment_ids i ON i.id = enrichment_fts.rowid ' +
          'WHERE enrichment_fts MATCH ? ORDER BY score DESC, i.path LIMIT ?',
        match,
        limit,
      )
      .map((row) => ({ path: row.path, score: row.score }));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  protected row(path: string, state: 'staged' | 'promoted'): FileEnrichment | null {
    const row = this.sql.one<Row>(`SELECT ${COLUMNS} FROM enrichment WHERE path = ? AND state = ?`, path, state);
    return row === undefined ? null : fromRow(row);
  }

  protected count(state: 'staged' | 'promoted'): number {
    return this.sql.value<number>('SELECT count(*) FROM enrichment WHERE state = ?', state) ?? 0;
  }
}

class SqliteEnrichmentStore extends SqliteEnrichmentReader implements EnrichmentStore {
  private readonly encoder = new SearchTextEncoder();

  stage(rows: readonly FileEnrichment[]): void {
    this.db.transaction(() => {
      for (const row of rows) {
        this.sql.run(
          `INSERT OR REPLACE INTO enrichment (state, ${COLUMNS}) VALUES ('staged', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          row.path, row.contentHash, row.model, row.summary, row.domain, JSON.stringify(row.concepts), row.promptTokens, row.completionTokens, row.at,
        );
      }
    })();
  }

  staged(path: string): FileEnrichment | null {
    return this.row(path, 'staged');
  }

  stagedCount(): number {
    return this.count('staged');
  }

  promote(): number {
    return this.db.transaction(() => {
      const staged = this.sql.all<Row>(`SELECT ${COLUMNS} FROM enrichment WHERE state = 'staged' ORDER BY path`);
      for (const row of staged) {
        this.dropPromoted(row.path);
        this.sql.run(`UPDATE enrichment SET state = 'promoted' WHERE path = ? AND state = 'staged'`, row.path);
        const id = this.sql.run('INSERT INTO enrichment_ids (path) VALUES (?)', row.path).lastInsertRowid;
        const concepts = (JSON.parse(row.concepts) as string[]).join(' ');
        this.sql.run('INSERT INTO enrichment_fts (rowid, summary, domain, concepts) VALUES (?, ?, ?, ?)', id, this.encoder.text(row.summary), this.encoder.text(row.domain), this.encoder.text(concepts));
      }
      return staged.length;
    })();
  }

  discard(): number {
    return this.sql.run(`DELETE FROM enrichment WHERE state = 'staged'`).changes;
  }

  retain(keep: ReadonlySet<string>): number {
    return this.db.transaction(() => {
      const gone = this.sql.column<string>('SELECT DISTINCT path FROM enrichment ORDER BY path').filter((path) => !keep.has(path));
      for (const path of gone) {
        this.dropPromoted(path);
        this.sql.run('DELETE FROM enrichment WHERE path = ?', path);
      }
      return gone.length;
    })();
  }

  private dropPromoted(path: string): void {
    const id = this.sql.value<number>('SELECT id FROM enrichment_ids WHERE path = ?', path);
    if (id !== undefined) {
      this.sql.run('DELETE FROM enrichment_fts WHERE rowid = ?', id);
      this.sql.run('DELETE FROM enrichment_ids WHERE id = ?', id);
    }
    this.sql.run(`DELETE FROM enrichment WHERE path = ? AND state = 'promoted'`, path);
  }
}

/** Opens (creating when absent) `<indexDir>/enrichment.db` for `cairn enrich`. */
export function openSqliteEnrichmentStore(indexDir: string): EnrichmentStore {
  const store = enrichmentStoreFile(indexDir);
  const db = openMigrated(store, 'enrichment');
  return withErrorMapping<EnrichmentStore>(new SqliteEnrichmentStore(db), (error) => mapSqliteError(error, store));
}

/** Reads the promoted enrichment without writing anything; null when the index has none (no file). */
export function openSqliteEnrichmentReader(indexDir: string): EnrichmentReader | null {
  const store = enrichmentStoreFile(indexDir);
  if (!existsSync(store.file)) return null;
  const db = openDatabase(store, 'read');
  try {
    requireVersion(db, store, loadMigrations('enrichment').length, 'enrichment');
  } catch (error) {
    db.close();
    throw mapSqliteError(error, store);
  }
  return withErrorMapping<EnrichmentReader>(new SqliteEnrichmentReader(db), (error) => mapSqliteError(error, store));
}
