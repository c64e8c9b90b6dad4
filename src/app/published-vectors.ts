// Composition root, the vectors on the shared store (issue 25): an index run with `embed`
// configured publishes vectors.db (symbol vectors and the embedding cache) beside index.db
// in the same generation (published-index.ts), so a replica answers hybrid searches from
// the checkout with no embedding of the index. The vector index a replica ranks with reads
// the newest checked-out generation's vectors.db, read-only, and moves with the checkout —
// found in the cache folder without a connection, so a query thread reads it too. A
// generation published without vectors reads as an empty index (no model: no vector signal).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CairnError } from '../core/errors.js';
import { newestCheckout } from '../store/postgres/checkout-cache.js';
import type { VectorIndex } from '../store/vector.js';
import { openSqliteVectorReader } from '../store/sqlite/vector-index.js';

/** The file a generation's vectors are published under (its name in the index directory). */
export const VECTORS_FILE = 'vectors.db';

type ReadPart = Pick<VectorIndex, 'model' | 'cached' | 'completedPaths' | 'size' | 'nearest'>;

const NO_VECTORS: ReadPart = {
  model: () => null,
  cached: () => new Map(),
  completedPaths: () => new Map(),
  size: () => 0,
  nearest: () => [],
};

function publishedOnly(): never {
  throw new CairnError('INTERNAL', 'the vectors of a shared store are published with the index generation; a replica never writes them', {
    hint: 'run `cairn index --store URL` on the indexer: it embeds and publishes them',
  });
}

/** The vectors of the newest generation of `repository` checked out under `cacheDir`, following newer checkouts. */
export function openPublishedVectors(cacheDir: string, repository: string): VectorIndex {
  let open: { generation: number; index: VectorIndex | null } | null = null;
  const current = (): ReadPart => {
    const newest = newestCheckout(cacheDir, repository);
    if (newest === null) return NO_VECTORS;
    if (open === null || open.generation !== newest.generation) {
      const file = join(newest.dir, VECTORS_FILE);
      const index = existsSync(file) ? openSqliteVectorReader(newest.dir) : null;
      open?.index?.close();
      open = { generation: newest.generation, index };
    }
    return open.index ?? NO_VECTORS;
  };
  return {
    model: () => current().model(),
    cached: (model, hashes) => current().cached(model, hashes),
    completedPaths: () => current().completedPaths(),
    size: () => current().size(),
    nearest: (vector, limit) => current().nearest(vector, limit),
    setModel: publishedOnly,
    cache: publishedOnly,
    upsert: publishedOnly,
    removePaths: publishedOnly,
    replacePaths: publishedOnly,
    clear: publishedOnly,
    close: () => {
      open?.index?.close();
      open = null;
    },
  };
}

