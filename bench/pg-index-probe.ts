// Design (a) of issue 25, the other half: the curated index as PostgreSQL tables (sympy's
// files, symbols, references, imports and co-change copied from a SQLite index; symbols and
// files full-text indexed as tsvector over pre-split identifiers, GIN), read through the
// synchronous client over loopback. Times each kind of read a retrieval makes (p50/p99,
// random keys) against the same read from the SQLite reader in the same process, the
// symbol search (ts_rank over the tsvector vs FTS5 bm25), and a two-hop recursive CTE;
// then multiplies the per-kind p50 by the reads per retrieval that bench/pg-reads.ts
// counted. Prints JSON.
//
//   npm run bench:build
//   node dist-bench/bench/pg-index-probe.js <index-dir> <repo> <postgres-url> <reads.json> <tasks.txt>

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ftsText } from '../src/core/tokens.js';
import { connectPg, type PgConnection } from '../src/store/postgres/connection.js';
import { openSqliteCuratedReader } from '../src/store/sqlite/open-curated.js';

const [indexDir, repo, url, readsFile, tasksFile] = process.argv.slice(2);
if (!indexDir || !repo || !url || !readsFile || !tasksFile) {
  console.error('usage: pg-index-probe.js <index-dir> <repo> <postgres-url> <reads.json> <tasks.txt>');
  process.exit(2);
}
const SCHEMA = 'bench_curated';
const SAMPLES = 400;

function copyTables(pg: PgConnection, lite: Database.Database): void {
  pg.script(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}; SET search_path TO ${SCHEMA}`);
  pg.script(`CREATE TABLE files (path text PRIMARY KEY, language text, lines int, tsv tsvector);
    CREATE TABLE symbols (key text PRIMARY KEY, path text, name text, qualified_name text, kind text, signature text, doc text,
      start_line int, end_line int, tsv tsvector);
    CREATE TABLE refs (from_path text, from_key text, to_key text, kind text, to_path text, count int, confidence real);
    CREATE TABLE imports (id bigint PRIMARY KEY, from_path text, specifier text, names text, line int, kind text);
    CREATE TABLE import_targets (import_id bigint, ord int, from_path text, to_path text);
    CREATE TABLE cochange (a text, b text, count int);`);
  const texts = new Map<string, string[]>();
  const lines = (path: string): string[] => {
    let cached = texts.get(path);
    if (cached === undefined) {
      cached = readFileSync(join(repo!, path), 'utf8').split('\n');
      texts.set(path, cached);
    }
    return cached;
  };
  const batch = (table: string, columns: string, rows: unknown[][], tsv?: string): void => {
    const names = columns.split(',').map((c) => c.trim().split(' ')[0]);
    for (let at = 0; at < rows.length; at += 2000) {
      const field = (i: number): string => (i < names.length ? `c${i}` : ['t_a', 't_b', 't_c', 't_d'][i - names.length]!);
      const json = JSON.stringify(rows.slice(at, at + 2000).map((r) => Object.fromEntries(r.map((v, i) => [field(i), v]))));
      const defs = columns.split(',').map((c, i) => `c${i} ${c.trim().split(' ')[1]}`).join(', ');
      const select = names.map((_, i) => `c${i}`).join(', ');
      pg.run(`INSERT INTO ${table} (${names.join(', ')}${tsv ? ', tsv' : ''}) SELECT ${select}${tsv ? `, ${tsv}` : ''} FROM json_to_recordset($1::json) AS r(${defs}${tsv ? ', t_a text, t_b text, t_c text, t_d text' : ''})`, [json]);
    }
  };
  const weighted = "setweight(to_tsvector('simple', coalesce(t_a, '')), 'A') || setweight(to_tsvector('simple', coalesce(t_b, '')), 'B') || setweight(to_tsvector('simple', coalesce(t_c, '')), 'C') || setweight(to_tsvector('simple', coalesce(t_d, '')), 'D')";
  const fileRows = lite.prepare('SELECT path, language, lines FROM files').raw().all() as [string, string, number][];
  batch('files', 'path text, language text, lines int', fileRows.map(([p, l, n]) => [p, l, n, ftsText(p), null, null, ftsText(lines(p).join('\n'))]), weighted);
  const symbolRows = lite.prepare('SELECT key, path, name, qualified_name, kind, signature, doc, start_line, end_line FROM symbols').raw().all() as unknown[][];
  batch('symbols', 'key text, path text, name text, qualified_name text, kind text, signature text, doc text, start_line int, end_line int',
    symbolRows.map((r) => [...r, ftsText(String(r[2])), ftsText(String(r[3])), ftsText(`${r[5] ?? ''} ${r[1]}`), ftsText(`${r[6] ?? ''} ${lines(String(r[1])).slice(Number(r[7]) - 1, Number(r[8])).join('\n')}`)]), weighted);
  for (const [table, columns] of [
    ['refs', 'from_path text, from_key text, to_key text, kind text, to_path text, count int, confidence real'],
    ['imports', 'id bigint, from_path text, specifier text, names text, line int, kind text'],
    ['import_targets', 'import_id bigint, ord int, from_path text, to_path text'],
    ['cochange', 'a text, b text, count int'],
  ] as const) {
    batch(table, columns, lite.prepare(`SELECT ${columns.split(',').map((c) => c.trim().split(' ')[0]).join(', ')} FROM ${table}`).raw().all() as unknown[][]);
  }
  pg.script(`CREATE INDEX ON symbols (path); CREATE INDEX ON symbols USING gin (tsv); CREATE INDEX ON files USING gin (tsv);
    CREATE INDEX ON refs (from_key); CREATE INDEX ON refs (to_key); CREATE INDEX ON refs (from_path); CREATE INDEX ON refs (to_path);
    CREATE INDEX ON imports (from_path); CREATE INDEX ON import_targets (to_path); CREATE INDEX ON import_targets (import_id);
    CREATE INDEX ON cochange (a); CREATE INDEX ON cochange (b); ANALYZE;`);
}

function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)]!, p99: sorted[Math.floor(sorted.length * 0.99)]! };
}

function timeEach<T>(inputs: T[], read: (input: T) => unknown): { p50: number; p99: number } {
  for (const input of inputs.slice(0, 20)) read(input);
  return percentiles(inputs.map((input) => {
    const started = performance.now();
    read(input);
    return performance.now() - started;
  }));
}

function pick<T>(items: T[], n: number): T[] {
  return Array.from({ length: n }, (_, i) => items[(i * 7919) % items.length]!);
}

const lite = new Database(join(indexDir, 'index.db'), { readonly: true });
const pg = connectPg(url, { schema: SCHEMA });
const copyStarted = performance.now();
copyTables(pg, lite);
const copySeconds = (performance.now() - copyStarted) / 1000;
const reader = openSqliteCuratedReader(indexDir);
const paths = pick(lite.prepare('SELECT path FROM files').pluck().all() as string[], SAMPLES);
const keys = pick(lite.prepare('SELECT key FROM symbols').pluck().all() as string[], SAMPLES);

const kinds: Record<string, { sqlite: (x: string) => unknown; pg: (x: string) => unknown; inputs: string[] }> = {
  file: { inputs: paths, sqlite: (p) => reader.file(p), pg: (p) => pg.one('SELECT path, language, lines FROM files WHERE path = $1', [p]) },
  symbol: { inputs: keys, sqlite: (k) => reader.symbol(k), pg: (k) => pg.one('SELECT key, path, name, qualified_name, kind, signature, doc, start_line, end_line FROM symbols WHERE key = $1', [k]) },
  symbolsOfFile: { inputs: paths, sqlite: (p) => reader.symbolsOfFile(p), pg: (p) => pg.query('SELECT key, path, name, qualified_name, kind, signature, doc, start_line, end_line FROM symbols WHERE path = $1 ORDER BY start_line', [p]) },
  referencesFrom: { inputs: keys, sqlite: (k) => reader.referencesFrom(k), pg: (k) => pg.query('SELECT from_key, to_key, kind, count, confidence FROM refs WHERE from_key = $1', [k]) },
  referencesTo: { inputs: keys, sqlite: (k) => reader.referencesTo(k), pg: (k) => pg.query('SELECT from_key, to_key, kind, count, confidence FROM refs WHERE to_key = $1', [k]) },
  importsOf: { inputs: paths, sqlite: (p) => reader.importsOf(p), pg: (p) => pg.query('SELECT i.id, i.specifier, i.names, i.line, i.kind, t.to_path FROM imports i LEFT JOIN import_targets t ON t.import_id = i.id WHERE i.from_path = $1', [p]) },
  importedBy: { inputs: paths, sqlite: (p) => reader.importedBy(p), pg: (p) => pg.query('SELECT i.id, i.from_path, i.specifier, i.line FROM import_targets t JOIN imports i ON i.id = t.import_id WHERE t.to_path = $1', [p]) },
  fileReferencesFrom: { inputs: paths, sqlite: (p) => reader.fileReferencesFrom(p), pg: (p) => pg.query('SELECT to_path, sum(count) FROM refs WHERE from_path = $1 AND to_path <> $1 GROUP BY to_path', [p]) },
  coChangeNeighbours: { inputs: paths, sqlite: (p) => reader.coChangeNeighbours(p), pg: (p) => pg.query('SELECT b, count FROM cochange WHERE a = $1 UNION ALL SELECT a, count FROM cochange WHERE b = $1 ORDER BY 2 DESC', [p]) },
};

const perKind: Record<string, { sqlite: { p50: number; p99: number }; pg: { p50: number; p99: number } }> = {};
for (const [name, kind] of Object.entries(kinds)) perKind[name] = { sqlite: timeEach(kind.inputs, kind.sqlite), pg: timeEach(kind.inputs, kind.pg) };

const tasks = readFileSync(tasksFile, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
const termsOf = (task: string): string[] => [...new Set(ftsText(task).split(' ').filter((t) => t.length > 2))].slice(0, 12);
const searchSqlite = timeEach(tasks, (task) => reader.search({ terms: termsOf(task), target: 'symbol', limit: 260 }));
const searchPg = timeEach(tasks, (task) =>
  pg.query(`SELECT key, ts_rank(tsv, q, 1) AS score FROM symbols, to_tsquery('simple', $1) q WHERE tsv @@ q ORDER BY score DESC LIMIT 260`, [
    termsOf(task).map((t) => `'${t.replace(/'/g, "''")}'`).join(' | '),
  ]),
);
const twoHops = timeEach(keys.slice(0, 100), (k) =>
  pg.query(`WITH RECURSIVE walk(key, depth) AS (SELECT $1::text, 0 UNION SELECT r.to_key, w.depth + 1 FROM walk w JOIN refs r ON r.from_key = w.key WHERE w.depth < 2)
    SELECT key, min(depth) FROM walk GROUP BY key`, [k]),
);

const reads = JSON.parse(readFileSync(readsFile, 'utf8')) as { freshMemo: { byMethod: Record<string, { callsPerRun: number }> } };
let estimatePg = 0;
let estimateSqlite = 0;
let unmodelled = 0;
for (const [method, { callsPerRun }] of Object.entries(reads.freshMemo.byMethod)) {
  const kind = method === 'search' ? { sqlite: searchSqlite, pg: searchPg } : perKind[method];
  if (kind === undefined) {
    unmodelled += callsPerRun;
    // Reads not probed one by one cost at least a round trip: counted at the cheapest probed kind's p50.
    estimatePg += callsPerRun * perKind.file!.pg.p50;
    estimateSqlite += callsPerRun * perKind.file!.sqlite.p50;
    continue;
  }
  estimatePg += callsPerRun * kind.pg.p50;
  estimateSqlite += callsPerRun * kind.sqlite.p50;
}
console.log(JSON.stringify({
  copySeconds, perKindMs: perKind, searchMs: { sqlite: searchSqlite, pg: searchPg }, twoHopCteMs: twoHops,
  perRetrievalReadMs: { sqlite: estimateSqlite, pg: estimatePg, readsNotProbedSeparately: unmodelled },
}, null, 2));
reader.close();
pg.close();
lite.close();
