// VectorIndex over vectors.db: a sqlite-vec `vec0` table of symbol vectors (cosine
// distance, exact KNN), the items it answers for, the paths whose vectors are complete, and
// an embedding cache keyed by (model, content hash). The extension is loaded here, so only
// a configured embedder ever brings sqlite-vec into a process.

import * as sqliteVec from 'sqlite-vec';
import { CairnError } from '../../core/errors.js';
import type { VectorHit, VectorIndex, VectorModel } from '../vector.js';
import { internalError, mapSqliteError, openDatabase, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { indexPaths } from './layout.js';
import { openMigrated } from './migrations.js';
import { jsonList, StatementCache } from './statements.js';
import { fromBlob, toBlob } from './vector-blob.js';

export function vectorStoreFile(indexDir: string): StoreFile {
  const file = indexPaths(indexDir).vectors;
  return { label: 'vector index', file, dir: indexDir, repair: `Move ${file} aside; the next \`cairn index\` embeds the symbols again.` };
}

/** sqlite-vec refuses a KNN `k` above this. */
export const MAX_KNN = 4096;
/** sqlite-vec's largest vector; also a guard against a nonsensical model answer. */
const MAX_DIMENSIONS = 8192;

const VECTORS_TABLE = 'item_vectors';

class SqliteVectorIndex implements VectorIndex {
  private readonly sql: StatementCache;

  constructor(private readonly db: Db) {
    this.sql = new StatementCache(db);
  }

  model(): VectorModel | null {
    const model = this.sql.value<string>("SELECT value FROM meta WHERE key = 'model'");
    const dimensions = this.sql.value<string>("SELECT value FROM meta WHERE key = 'dimensions'");
    return model === undefined || dimensions === undefined ? null : { model, dimensions: Number(dimensions) };
  }

  setModel(model: VectorModel): void {
    if (!Number.isInteger(model.dimensions) || model.dimensions < 1 || model.dimensions > MAX_DIMENSIONS) {
      throw internalError(`A vector dimension of ${model.dimensions} is outside 1..${MAX_DIMENSIONS}.`);
    }
    this.db.transaction(() => {
      const current = this.model();
      if (current?.model === model.model && current.dimensions === model.dimensions) return;
      this.recreateVectors(model.dimensions);
      this.sql.run('DELETE FROM completed_paths');
      this.sql.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('model', ?), ('dimensions', ?)", model.model, String(model.dimensions));
    }).immediate();
  }

  cached(model: string, contentHashes: string[]): Map<string, Float32Array> {
    const found = new Map<string, Float32Array>();
    if (contentHashes.length === 0) return found;
    const rows = this.sql.all<{ content_hash: string; vector: Buffer }>(
      'SELECT content_hash, vector FROM embedding_cache WHERE model = ? AND content_hash IN (SELECT value FROM json_each(?))',
      model,
      jsonList(contentHashes),
    );
    for (const row of rows) found.set(row.content_hash, fromBlob(row.vector));
    return found;
  }

  cache(model: string, entries: { contentHash: string; vector: Float32Array }[]): void {
    this.db.transaction(() => {
      for (const entry of entries) {
        this.sql.run('INSERT OR REPLACE INTO embedding_cache (model, content_hash, vector) VALUES (?, ?, ?)', model, entry.contentHash, toBlob(entry.vector));
      }
    })();
  }

  upsert(model: string, entries: { id: string; path: string; vector: Float32Array }[]): void {
    if (entries.length === 0) return;
    this.db.transaction(() => this.store(model, entries)).immediate();
  }

  replacePaths(model: string, files: { path: string; stamp: string; vectors: { id: string; vector: Float32Array }[] }[]): void {
    if (files.length === 0) return;
    this.db.transaction(() => {
      this.removeNow(files.map((file) => file.path));
      this.store(model, files.flatMap((file) => file.vectors.map((entry) => ({ ...entry, path: file.path }))));
      for (const file of files) {
        this.sql.run('INSERT OR REPLACE INTO completed_paths (path, stamp) VALUES (?, ?)', file.path, file.stamp);
      }
    }).immediate();
  }

  removePaths(paths: string[]): void {
    if (paths.length === 0) return;
    this.db.transaction(() => this.removeNow(paths)).immediate();
  }

  completedPaths(): Map<string, string> {
    const rows = this.sql.all<{ path: string; stamp: string }>('SELECT path, stamp FROM completed_paths');
    return new Map(rows.map((row) => [row.path, row.stamp]));
  }

  clear(): void {
    this.db.transaction(() => {
      const current = this.model();
      if (current !== null) this.recreateVectors(current.dimensions);
      this.sql.run('DELETE FROM items');
      this.sql.run('DELETE FROM completed_paths');
    }).immediate();
  }

  size(): number {
    return this.sql.value<number>('SELECT count(*) FROM items') ?? 0;
  }

  nearest(vector: Float32Array, limit: number): VectorHit[] {
    const current = this.model();
    const k = Math.min(Math.floor(limit), MAX_KNN);
    if (current === null || k <= 0) return [];
    if (vector.length !== current.dimensions) {
      throw internalError(`A ${vector.length}-dimensional query for a ${current.dimensions}-dimensional index (${current.model}).`);
    }
    return this.sql.all<VectorHit>(
      `SELECT items.id AS id, knn.distance AS distance
         FROM (SELECT item_id, distance FROM ${VECTORS_TABLE} WHERE embedding MATCH ? AND k = ?) AS knn
         JOIN items ON items.item_id = knn.item_id
        ORDER BY knn.distance, items.id`,
      toBlob(vector),
      k,
    );
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Stores vectors (inside the caller's transaction), checking model and lengths. */
  private store(model: string, entries: { id: string; path: string; vector: Float32Array }[]): void {
    if (entries.length === 0) return;
    const dimensions = this.modelFor(model, entries[0]!.vector.length).dimensions;
    for (const entry of entries) {
      if (entry.vector.length !== dimensions) {
        throw internalError(`A ${entry.vector.length}-dimensional vector for ${entry.id} in a ${dimensions}-dimensional index.`);
      }
      const itemId = this.sql.value<number>(
        'INSERT INTO items (id, path) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET path = excluded.path RETURNING item_id',
        entry.id,
        entry.path,
      )!;
      // vec0 only takes integer keys bound as BigInt (a JS number binds as REAL), and has
      // no upsert: the old row goes first.
      this.sql.run(`DELETE FROM ${VECTORS_TABLE} WHERE item_id = ?`, BigInt(itemId));
      this.sql.run(`INSERT INTO ${VECTORS_TABLE} (item_id, embedding) VALUES (?, ?)`, BigInt(itemId), toBlob(entry.vector));
    }
  }

  private removeNow(paths: string[]): void {
    const list = jsonList(paths);
    if (this.model() !== null) {
      this.sql.run(
        `DELETE FROM ${VECTORS_TABLE} WHERE item_id IN (SELECT item_id FROM items WHERE path IN (SELECT value FROM json_each(?)))`,
        list,
      );
    }
    this.sql.run('DELETE FROM items WHERE path IN (SELECT value FROM json_each(?))', list);
    this.sql.run('DELETE FROM completed_paths WHERE path IN (SELECT value FROM json_each(?))', list);
  }

  /** The index's model, adopting `model` with `dimensions` when the index has none yet. */
  private modelFor(model: string, dimensions: number): VectorModel {
    const current = this.model();
    if (current === null) {
      this.setModel({ model, dimensions });
      return { model, dimensions };
    }
    if (current.model !== model) {
      throw internalError(`Vectors of "${model}" cannot join an index of "${current.model}"; set the model first (it drops the old vectors).`);
    }
    return current;
  }

  /** Drops every vector (the vec0 table, whose dimension is fixed) and every item. */
  private recreateVectors(dimensions: number): void {
    this.db.exec(`DROP TABLE IF EXISTS ${VECTORS_TABLE}`);
    this.db.exec(`CREATE VIRTUAL TABLE ${VECTORS_TABLE} USING vec0(item_id INTEGER PRIMARY KEY, embedding float[${dimensions}] distance_metric=cosine)`);
    this.sql.run('DELETE FROM items');
  }
}

export function loadVectorExtension(db: Db, store: StoreFile): void {
  try {
    sqliteVec.load(db);
  } catch (error) {
    throw new CairnError('INTERNAL', `The sqlite-vec extension could not be loaded for the ${store.label} at ${store.file}.`, {
      hint: 'Reinstall cairn on a supported platform (linux/macOS x64 or arm64, windows x64), or remove `embed` from cairn.yaml to run without vectors.',
      cause: error,
    });
  }
}

/** Opens (creating when absent) `<indexDir>/vectors.db` with sqlite-vec loaded. */
export function openSqliteVectorIndex(indexDir: string): VectorIndex {
  const store = vectorStoreFile(indexDir);
  return vectorIndexOver(openMigrated(store, 'vectors'), store);
}

/**
 * Opens `<dir>/vectors.db` read-only (a published generation's, checked out on a replica):
 * searched like the writer's, refusing every write (SQLITE_READONLY). INDEX_MISSING when absent.
 */
export function openSqliteVectorReader(dir: string): VectorIndex {
  const store = vectorStoreFile(dir);
  return vectorIndexOver(openDatabase(store, 'read'), store);
}

/** The vector index over an open `vectors.db`, sqlite-vec loaded (the connection closed when it cannot be). */
function vectorIndexOver(db: Db, store: StoreFile): VectorIndex {
  try {
    loadVectorExtension(db, store);
  } catch (error) {
    db.close();
    throw error;
  }
  return withErrorMapping<VectorIndex>(new SqliteVectorIndex(db), (error) => mapSqliteError(error, store));
}
