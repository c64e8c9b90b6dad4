// In-process latency of `retrieve` on one repository's existing index (the index is not
// refreshed): one task per line of TASKS_FILE (all of them REPS times), deterministic
// judgement, 16k window with 4k reserved, one retrieval session for all runs — as a server
// holds it: its fitting thread loads the tokenizer once, so the first run may wait for it
// (that shows in p95 and max, not in p50). Run by hand:
//
//   npm run bench:build
//   node dist-bench/bench/retrieve-latency.js <repo> <index-dir> <tasks.txt> [reps]

import { readFileSync } from 'node:fs';
import { openRepo } from '../src/app.js';
import { openRetrieval } from '../src/app-retrieval.js';
import { retrieve } from '../src/retrieval/pipeline/retrieve.js';

const [repo, indexDir, tasksFile, repsArg = '1'] = process.argv.slice(2);
if (!repo || !indexDir || !tasksFile) {
  console.error('usage: retrieve-latency.js <repo> <index-dir> <tasks.txt> [reps]');
  process.exit(2);
}
const tasks = readFileSync(tasksFile, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean);
const session = await openRetrieval(await openRepo({ repo, indexDir, env: {} }), { refresh: false, llm: null, env: {} });
const ms: number[] = [];
try {
  for (let rep = 0; rep < Math.max(1, Number(repsArg)); rep++) {
    for (const task of tasks) {
      const started = performance.now();
      await retrieve(session.ports, { task, stages: ['scope', 'precision'], budget: { contextWindow: 16000, reservedTokens: 4000 }, format: 'markdown' });
      ms.push(performance.now() - started);
    }
  }
} finally {
  session.close();
}
ms.sort((a, b) => a - b);
const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(0);
console.log(`${ms.length} runs: retrieve p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (min ${ms[0]!.toFixed(0)} ms, max ${ms[ms.length - 1]!.toFixed(0)} ms)`);
