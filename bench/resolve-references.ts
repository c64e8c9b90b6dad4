// Reference resolution alone, over an existing index: every file's raw references
// resolved against the in-memory symbol table, as the link phase of a whole-index run
// does. Not run by `npm test`. Build and run:
//
//   npm run bench:build && node dist-bench/bench/resolve-references.js <index dir> [repeats=5]
//
// Prints each repeat's time (the first is the cold one an index run pays) and the edge
// count, which must not change when the resolver does.

import { inMemorySymbolTable, resolveReferences } from '../src/indexer/resolve/index.js';
import { openSqliteIndexWriter } from '../src/store/sqlite/index.js';

const [indexDir, repeatsArg] = process.argv.slice(2);
if (!indexDir) {
  console.error('usage: resolve-references.js <index dir> [repeats=5]');
  process.exit(2);
}
const writer = openSqliteIndexWriter(indexDir);
try {
  const table = inMemorySymbolTable(writer.allSymbols(), writer.allImports());
  const raws = writer.rawReferencesOf(writer.filePaths());
  const runs: string[] = [];
  for (let repeat = 0; repeat < Number(repeatsArg ?? 5); repeat++) {
    const started = performance.now();
    const edges = resolveReferences(raws, table);
    runs.push(`${(performance.now() - started).toFixed(0)} ms (${edges.length} edges)`);
  }
  console.log(`${raws.length} raw references: ${runs.join(', ')}`);
} finally {
  writer.close();
}
