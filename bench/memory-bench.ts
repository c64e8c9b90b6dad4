// Episode memory on a real index, in-process (as a server would run it):
//
//   etv       ETV of 1,000 definitions: cold (no cached verdict: every file read, every
//             text hashed and byte-compared) and warm (every verdict served from the cache
//             after one stat per file). Each cold run starts from an empty ETV cache.
//   hydrate   a query naming 10 definitions (as path::Qualified.name), with a warm ETV
//             cache: "repeat" is the next episode of a conversation that was shown those 10
//             (ETV hits, texts from the vault); "fresh" is a new conversation (texts read
//             from disk, gate C served from the cache). `--max-entities 10` leaves no room
//             for the pipeline's tier; "with pipeline" lets the retrieval pipeline rank too
//             (40 entities), which costs one `retrieve` per hydration.
//
//   npm run bench:build
//   node dist-bench/bench/memory-bench.js <repo> <index-dir> [queries=20] [runs=7]
//
// The curated index is copied to a temporary directory and read from there (the bench never
// writes into <index-dir>); the memory store, raw log and sessions live there too.

import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import Sqlite from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig } from '../src/config/defaults.js';
import type { SymbolRecord } from '../src/core/entities.js';
import { extractEntities } from '../src/indexer/extract-entities.js';
import { readEntities } from '../src/memory/disk/entity-text.js';
import { diskFileProbe } from '../src/memory/disk/file-probe.js';
import { checkEtv } from '../src/memory/etv/check.js';
import { hydrate } from '../src/memory/hydrate/hydrate.js';
import { SILENT_LOG, type MemoryPorts } from '../src/memory/ports.js';
import { sha256Text } from '../src/memory/vault.js';
import { createO200kCounter } from '../src/tokenizer/tokens.js';
import { ReadMemo } from '../src/retrieval/pipeline/memo-reader.js';
import type { RetrievalPorts } from '../src/retrieval/pipeline/retrieve.js';
import { openSqliteCuratedReader, openSqliteMemoryStore, openSqliteRawLog, openSqliteSessionStore } from '../src/store/sqlite/index.js';

const [repo, indexDir, queriesArg = '20', runsArg = '7'] = process.argv.slice(2);
if (!repo || !indexDir) {
  console.error('usage: memory-bench.js <repo> <index-dir> [queries=20] [runs=7]');
  process.exit(2);
}
const QUERIES = Number(queriesArg);
const RUNS = Number(runsArg);

const work = mkdtempSync(join(tmpdir(), 'cairn-memory-bench-'));
const copy = join(work, 'index');
mkdirSync(copy);
copyFileSync(join(indexDir, 'index.db'), join(copy, 'index.db'));
const reader = openSqliteCuratedReader(copy);
const memoryDir = join(work, 'memory');
const store = openSqliteMemoryStore(memoryDir);
const retrieval: RetrievalPorts = {
  reader,
  rawLog: openSqliteRawLog(memoryDir),
  sessions: openSqliteSessionStore(memoryDir),
  root: repo,
  llm: null,
  readMemo: new ReadMemo(),
};
const ports: MemoryPorts = {
  store,
  reader,
  files: diskFileProbe(repo),
  extract: extractEntities,
  counter: createO200kCounter(),
  settings: defaultConfig().memory,
  log: SILENT_LOG,
  retrieval,
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function timed<T>(work: () => T): { ms: number; value: T } {
  const started = performance.now();
  const value = work();
  return { ms: performance.now() - started, value };
}

async function timedAsync<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

function line(label: string, values: number[]): string {
  return `${label.padEnd(44)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms   (n=${values.length})`;
}

/** Definitions spread over the repository: every k-th AST-extracted function or method by key, non-test files. */
function spreadDefinitions(count: number): SymbolRecord[] {
  const tests = new Set(reader.files().filter((file) => file.isTest).map((file) => file.path));
  const all = reader.allSymbols().filter((s) => s.method === 'ast' && (s.kind === 'function' || s.kind === 'method') && !tests.has(s.path) && s.endLine - s.startLine < 80);
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, at) => at % step === 0).slice(0, count);
}

/** Puts the texts on disk now into the vault, as hydrations would have. */
function vaulted(symbols: readonly SymbolRecord[]): { entityKey: string; artifactHash: string }[] {
  const read = readEntities(ports, symbols.map((s) => s.key));
  const artifacts = new Map<string, string>();
  const requests = symbols.map((s) => {
    const text = read.get(s.key)!.text!;
    const hash = sha256Text(text);
    artifacts.set(hash, text);
    return { entityKey: s.key, artifactHash: hash };
  });
  store.putArtifacts(artifacts);
  return requests;
}

async function benchEtv(): Promise<void> {
  const symbols = spreadDefinitions(1000);
  const requests = vaulted(symbols);
  const files = new Set(symbols.map((s) => s.path)).size;
  const cold: number[] = [];
  const warm: number[] = [];
  let stale = 0;
  for (let run = 0; run < RUNS; run++) {
    // Through a connection of its own: the store has no "forget the cache" operation, by design.
    const db = new Sqlite(join(memoryDir, 'memory.db'));
    db.prepare('DELETE FROM etv_cache').run();
    db.close();
    const first = timed(() => checkEtv(ports, requests));
    cold.push(first.ms);
    stale = first.value.statuses.filter((status) => status.isStale).length;
    if (first.value.hits !== 0) throw new Error('a cold run found cached verdicts');
    for (let again = 0; again < 3; again++) {
      const next = timed(() => checkEtv(ports, requests));
      if (next.value.hits !== requests.length) throw new Error(`a warm run missed the cache (${next.value.hits} hits)`);
      warm.push(next.ms);
    }
  }
  console.log(`ETV of ${requests.length} definitions in ${files} files (${stale} stale):`);
  console.log(line('  cold (empty cache: read, hash, compare)', cold));
  console.log(line('  warm (cache hits: one stat per file)', warm));
}

function queries(): string[] {
  const symbols = spreadDefinitions(QUERIES * 10 + 7).slice(7); // other definitions than the ETV set's first ones
  const out: string[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const named = symbols.slice(q * 10, q * 10 + 10).map((s) => `\`${s.key}\``);
    out.push(`Look at ${named.join(', ')} and tell me what changes`);
  }
  return out;
}

async function benchHydrate(): Promise<void> {
  const list = queries();
  const repeat: number[] = [];
  const fresh: number[] = [];
  const piped: number[] = [];
  let shown = 0;
  // Warm-up: every query once (fills the vault and the ETV cache, JIT, tokenizer).
  for (const [q, query] of list.entries()) await hydrate(ports, { query, conversationId: `warm-${q}`, maxEntities: 10, maxTokens: 16_000 });
  for (let run = 0; run < RUNS; run++) {
    for (const [q, query] of list.entries()) {
      const again = await timedAsync(() => hydrate(ports, { query, conversationId: `warm-${q}`, maxEntities: 10, maxTokens: 16_000 }));
      repeat.push(again.ms);
      shown += again.value.hydration.blocks.length;
      fresh.push((await timedAsync(() => hydrate(ports, { query, conversationId: `fresh-${run}-${q}`, maxEntities: 10, maxTokens: 16_000 }))).ms);
    }
  }
  for (const [q, query] of list.entries()) {
    piped.push((await timedAsync(() => hydrate(ports, { query, conversationId: `piped-${q}`, maxEntities: 40, maxTokens: 16_000 }))).ms);
  }
  console.log(`hydration, queries naming 10 definitions (${(shown / repeat.length).toFixed(1)} blocks on average), warm ETV cache:`);
  console.log(line('  repeat (next episode, same 10)', repeat));
  console.log(line('  fresh conversation', fresh));
  console.log(line('  with the pipeline tier (40 entities)', piped));
}

try {
  await benchEtv();
  await benchHydrate();
  const counters = store.counters();
  console.log(`ETV cache over the whole bench: ${counters.etvHits} hits, ${counters.etvMisses} misses`);
} finally {
  store.close();
  retrieval.rawLog.close();
  retrieval.sessions.close();
  reader.close();
  rmSync(work, { recursive: true, force: true });
}
