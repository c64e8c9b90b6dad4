// Design (b) of issue 25, measured: the index as immutable generations published through
// PostgreSQL and opened locally by each replica.
//
//   publish      snapshot <index-dir>/index.db (VACUUM INTO), take the repository's
//                index-run lock, upload, publish; times each step.
//   first-query  what a fresh replica does on its first request, in a fresh process, with
//                an empty cache folder: catalog lookup, download and hash check, opening the
//                SQLite reader, a first search, a first retrieve (the repository's files read
//                from <repo-root>, as a replica with a working copy would). Times are ms
//                since the process started (Node's own start-up included).
//
//   npm run bench:build
//   node dist-bench/bench/pg-generations.js publish <url> <index-dir> <repository>
//   node dist-bench/bench/pg-generations.js first-query <url> <repository> <cache-dir> <repo-root> <task>
//   node dist-bench/bench/pg-generations.js search <index-dir> <tasks.txt> [reps=5]
//                `cairn search` (all kinds, limit 20) over the tasks, p50/p99 wall: run on the
//                indexer's own index and on a checked-out generation

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openRepo } from '../src/app.js';
import { openRetrieval } from '../src/app-retrieval.js';
import { retrieve } from '../src/retrieval/pipeline/retrieve.js';
import { readFileSync } from 'node:fs';
import { searchIndex } from '../src/search/text-search.js';
import { openPgIndexGenerations } from '../src/store/postgres/index-generations.js';
import { snapshotSqliteIndex } from '../src/store/sqlite/index-snapshot.js';
import { openSqliteCuratedReader } from '../src/store/sqlite/open-curated.js';

const [command, url, ...rest] = process.argv.slice(2);
const since = (): number => Math.round(performance.now());

if (command === 'publish' && url && rest.length === 2) {
  const [indexDir, repository] = rest as [string, string];
  const work = mkdtempSync(join(indexDir, '..', 'snapshot-'));
  try {
    let t = performance.now();
    const snapshot = join(work, 'index.db');
    snapshotSqliteIndex(indexDir, snapshot);
    const snapshotMs = performance.now() - t;
    const generations = openPgIndexGenerations(url);
    t = performance.now();
    const lock = generations.tryLock(repository);
    if (lock === null) throw new Error(`${repository} is being indexed elsewhere`);
    const info = generations.publish(lock, [{ name: 'index.db', path: snapshot }], { gitHead: null });
    const publishMs = performance.now() - t;
    lock.release();
    generations.close();
    const bytes = statSync(snapshot).size;
    console.log(JSON.stringify({ repository, generation: info.generation, bytes, snapshotMs, publishMs, uploadMBps: bytes / 1e6 / (publishMs / 1000) }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
} else if (command === 'first-query' && url && rest.length === 4) {
  const [repository, cacheDir, repoRoot, task] = rest as [string, string, string, string];
  const marks: Record<string, number> = { started: since() };
  const generations = openPgIndexGenerations(url);
  marks.catalogOpened = since();
  const checkout = generations.checkout(repository, cacheDir);
  if (checkout === null) throw new Error(`nothing published for ${repository}`);
  marks.downloadedAndVerified = since();
  generations.close();
  const reader = openSqliteCuratedReader(checkout.dir);
  marks.readerOpened = since();
  const hits = reader.search({ terms: ['solveset', 'exponential'], target: 'symbol', limit: 20 });
  marks.firstSearch = since();
  reader.close();
  const session = await openRetrieval(await openRepo({ repo: repoRoot, indexDir: checkout.dir, env: {} }), { refresh: false, llm: null, env: {} });
  const result = await retrieve(session.ports, { task, stages: ['scope', 'precision'], budget: { contextWindow: 16000, reservedTokens: 4000 }, format: 'markdown' });
  marks.firstRetrieve = since();
  session.close();
  console.log(JSON.stringify({ repository, generation: checkout.info.generation, bytes: checkout.info.files[0]?.bytes, hits: hits.length, packageFiles: JSON.stringify(result).length > 0, marks }));
} else if (command === 'search' && url && rest.length >= 1) {
  const [indexDir, tasksFile, reps = '5'] = [url, ...rest] as [string, string, string?];
  const tasks = readFileSync(tasksFile, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  const reader = openSqliteCuratedReader(indexDir);
  for (const task of tasks.slice(0, 5)) searchIndex(reader, { query: task, limit: 20 });
  const times: number[] = [];
  for (let rep = 0; rep < Number(reps); rep++) {
    for (const task of tasks) {
      const started = performance.now();
      searchIndex(reader, { query: task, limit: 20 });
      times.push(performance.now() - started);
    }
  }
  reader.close();
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ indexDir, runs: times.length, p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] }));
} else {
  console.error('usage: pg-generations.js publish <url> <index-dir> <repository> | first-query <url> <repository> <cache-dir> <repo-root> <task>');
  process.exit(2);
}
