// Run by concurrency.test.ts as a child process (the compiled stores in dist/, as cairn
// runs them): one write to the shared state of schema argv[3] on the server argv[2].
// "hold" variants write inside a transaction, print "held" once the rows are written but
// not committed, and commit only after argv[5] ms — so that the test can start a rival
// writer exactly inside that window (for "session", argv[5] is the field it writes). Each
// run prints "ok" or "error <CODE> <message>" last.

import { openPgMemoryStore } from '../../dist/store/postgres/memory-store.js';
import { openPgSessionStore } from '../../dist/store/postgres/session-store.js';
import { openPgRawLog } from '../../dist/store/postgres/raw-log.js';
import { connectPg } from '../../dist/store/postgres/connection.js';
import { migrate } from '../../dist/store/postgres/migrations.js';

const [url, schema, action, holdMs = '0'] = process.argv.slice(2);
const H = 'a'.repeat(64);

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function hold(store, write) {
  return store.transaction(() => {
    write();
    process.stdout.write('held\n');
    sleep(Number(holdMs));
  });
}

function episode(id) {
  return {
    episode: {
      id, conversationId: 'c', sequence: 1, query: id, format: 'markdown', maxTokens: 100, maxEntities: 1, usedTokens: 1,
      tokenizer: 'o200k_base', blockCount: 0, cutCount: 0, notes: [], createdAt: 1,
    },
    blocks: [],
    cut: [],
    artifacts: new Map([[H, 'text']]),
  };
}

const actions = {
  migrate: () => {
    // argv[5]: the wall-clock ms at which every racing process starts at once.
    const db = connectPg(url, { schema });
    while (Date.now() < Number(holdMs)) { /* the start line */ }
    process.stdout.write(`applied ${JSON.stringify(migrate(db, 'repository'))}\n`);
    db.close();
  },
  'episode-hold': () => { const s = openPgMemoryStore(url, schema); hold(s, () => s.recordEpisode(episode('first'))); },
  episode: () => openPgMemoryStore(url, schema).recordEpisode(episode('second')),
  'tombstone-hold': () => {
    const s = openPgMemoryStore(url, schema);
    hold(s, () => s.transition({ entityKey: 'a.py', version: 1, from: 'PROPOSED', to: 'TOMBSTONED', episodeId: null, reason: 'deleted', at: 2 }));
  },
  promote: () => {
    const s = openPgMemoryStore(url, schema);
    const passed = { passed: true, reason: 'ok' };
    const evaluation = s.recordEvaluation({ entityKey: 'a.py', version: 1, artifactHash: H, episodeId: null, structural: passed, authority: passed, fresh: passed, decision: 'promoted', at: 3 });
    s.transition({ entityKey: 'a.py', version: 1, from: 'PROPOSED', to: 'AUTHORITATIVE', episodeId: null, reason: 'gates', at: 3, evaluationId: evaluation.id });
  },
  'version-hold': () => {
    const s = openPgMemoryStore(url, schema);
    hold(s, () => s.addVersion({ entityKey: 'a.py', artifactHash: 'b'.repeat(64), episodeId: null, reason: 'first writer', at: 4 }));
  },
  version: () => openPgMemoryStore(url, schema).addVersion({ entityKey: 'a.py', artifactHash: 'c'.repeat(64), episodeId: null, reason: 'second writer', at: 4 }),
  session: () => {
    // argv[5] names the field this writer owns; it rewrites it 50 times while rivals rewrite theirs.
    const s = openPgSessionStore(url, schema);
    for (let i = 0; i < 50; i++) s.patch('t', { [holdMs]: { writer: holdMs, round: i } });
  },
  append: () => {
    const log = openPgRawLog(url, schema);
    for (let i = 0; i < 200; i++) log.appendAll([{ taskId: 't', runId: `${process.pid}`, kind: 'decision', stage: null, payload: i }]);
  },
};

try {
  actions[action]();
  process.stdout.write('ok\n');
} catch (error) {
  process.stdout.write(`error ${error?.code ?? error?.name ?? 'unknown'} ${error?.message ?? ''}\n`);
}
