// Run by memory-crash.test.ts as a child process: records episodes into the memory store
// at argv[2] (an index directory) as fast as it can, printing "committed N" after each
// transaction returns, until it is killed. Uses the compiled store (dist/), as cairn does.

import { createHash } from 'node:crypto';
import { openSqliteMemoryStore } from '../../dist/store/sqlite/memory-store.js';

const store = openSqliteMemoryStore(process.argv[2]);
const BLOCKS = 150;

// Continues the conversation where an earlier (killed) writer left it.
for (let n = store.nextSequence('c'); ; n++) {
  const artifacts = new Map();
  const blocks = [];
  for (let i = 0; i < BLOCKS; i++) {
    const text = `def f_${n}_${i}():\n    return ${n * 1000 + i}\n`;
    const hash = createHash('sha256').update(text).digest('hex');
    artifacts.set(hash, text);
    blocks.push({
      position: i, entityKey: `m${i}.py::f_${i}`, artifactHash: hash, reason: 'ast_resolved', method: 'ast', triggeredBy: 'named',
      tokenCount: 20, hydratedAt: new Date().toISOString(), status: 'new', body: 'text', path: `m${i}.py`, language: 'python',
      startLine: 1, endLine: 2, previousHash: null, previousEpisode: null, movedTo: null,
    });
  }
  store.recordEpisode({
    episode: {
      id: `e${n}`, conversationId: 'c', sequence: n, query: `episode ${n}`, format: 'markdown', maxTokens: 8000, maxEntities: BLOCKS,
      usedTokens: 3000, tokenizer: 'o200k_base', blockCount: BLOCKS, cutCount: 0, notes: [], createdAt: Date.now(),
    },
    blocks,
    cut: [],
    artifacts,
  });
  store.addVersion({ entityKey: 'm0.py::f_0', artifactHash: blocks[0].artifactHash, episodeId: `e${n}`, reason: 'hydrated', at: Date.now() });
  process.stdout.write(`committed ${n}\n`);
}
