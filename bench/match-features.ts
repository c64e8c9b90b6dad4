// The match assessment's evidence for tasks asked of their own repository and of others,
// one JSON line per (task, index) pair, for choosing the thresholds in src/retrieval/tuning.ts
// (`match`) offline. Each run is a real retrieval (8k tokens); the evidence is read back from
// its raw log, as `cairn explain` would show it.
//
//   npm run bench:build
//   node dist-bench/bench/match-features.js --tasks DIR --indexes DIR --trees name=path,... \
//        --pairs flask:flask,hono;hono:hono,flask ... [--limit N] > features.jsonl
//
// DIR/<name>.jsonl are task sets (`cairn eval --from-git --write-dataset`); indexes are at
// <indexes>/<name> for the trees given.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { retrieve } from '../src/retrieval/pipeline/retrieve.js';
import { withTuning } from '../src/retrieval/tuning.js';
import { openSqliteCuratedReader, openSqliteRawLog, openSqliteSessionStore } from '../src/store/sqlite/index.js';

function option(name: string, fallback?: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

interface Task {
  id: string;
  query: string;
}

async function main(): Promise<void> {
  const trees = new Map(option('trees').split(',').map((entry) => entry.split('=') as [string, string]));
  const pairs = option('pairs').split(';').map((entry) => {
    const [tasks, indexes] = entry.split(':') as [string, string];
    return { tasks, indexes: indexes.split(',') };
  });
  const limit = Number(option('limit', '1000'));
  const budget = Number(option('budget', '8000'));
  const tuning = withTuning({ match: { topCandidates: 5 } });
  const logs = mkdtempSync(join(tmpdir(), 'cairn-match-features-'));
  const rawLog = openSqliteRawLog(logs);
  const sessions = openSqliteSessionStore(logs);
  try {
    for (const pair of pairs) {
      const tasks = readFileSync(join(option('tasks'), `${pair.tasks}.jsonl`), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Task).slice(0, limit);
      for (const index of pair.indexes) {
        const reader = openSqliteCuratedReader(join(option('indexes'), index));
        try {
          for (const task of tasks) {
            const result = await retrieve({ reader, rawLog, sessions, root: trees.get(index)!, llm: null }, {
              task: task.query,
              stages: ['scope', 'precision'],
              budget: { contextWindow: budget, reservedTokens: 0 },
              format: 'markdown',
              tuning,
            });
            const records = rawLog.read({ taskId: result.taskId, runId: result.runId });
            const payload = (event: string) => records.find((record) => record.kind === 'info' && (record.payload as { event?: string }).event === event)?.payload as Record<string, unknown> | undefined;
            const analysis = payload('analysis') ?? {};
            process.stdout.write(
              `${JSON.stringify({
                tasks: pair.tasks,
                index,
                own: pair.tasks === index,
                id: task.id,
                query: task.query.slice(0, 200),
                match: payload('match'),
                type: analysis['type'],
                mentionedFiles: analysis['mentionedFiles'],
                mentionedSymbols: (analysis['mentionedSymbols'] as unknown[] | undefined)?.slice(0, 8),
                frames: analysis['frames'],
                items: result.package.items.length,
                used: result.package.budget.used,
              })}\n`,
            );
          }
        } finally {
          reader.close();
        }
      }
    }
  } finally {
    rawLog.close();
    sessions.close();
    rmSync(logs, { recursive: true, force: true });
  }
}

await main();
