// Two lines of work numbered a curated-index migration 5 at the same time: issue 21's
// `005_signature_end_line` (main) and issue 26's file metadata (the enrich branch, now
// `006_file_meta`). An index built on the enrich branch before they were merged says
// version 5 but holds file metadata and no signature end lines. Such an index is taken back
// to version 4 (its file-metadata tables dropped: they are derived data) so that 5 and 6
// both apply; its files are re-extracted anyway, as their extraction version is older.

import type { Db } from './connection.js';
import { schemaVersion } from './migrations.js';
import { tablesOf } from './schema-tables.js';

const FILE_META_TABLES = ['file_meta_vocab', 'file_meta_fts', 'file_meta'];

/** Runs before the index's migrations; a no-op for every index but the enrich branch's version 5. */
export function renumberBranchIndex(db: Db): void {
  if (schemaVersion(db) !== 5 || !tablesOf(db).has('file_meta')) return;
  const columns = db.prepare("SELECT name FROM pragma_table_info('symbols')").pluck().all() as string[];
  if (columns.includes('signature_end_line')) return;
  db.transaction(() => {
    for (const table of FILE_META_TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
    db.pragma('user_version = 4');
  }).immediate();
}
