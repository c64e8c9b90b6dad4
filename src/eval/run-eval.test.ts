import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Ranker } from '../search/rank/types.js';
import type { EvalTask } from './dataset.js';
import { datasetWorkspace } from './dataset-workspace.js';
import type { TaskEvaluator } from './evaluator.js';
import { rankerEvaluator } from './ranker-evaluator.js';
import { runEvaluation, type EvalEvent } from './run-eval.js';
import { realIndexPorts, writeFiles } from '../../test/support/eval-ports.js';

/** Ranks the indexed files alphabetically and their symbols by key: fixed, known answers. */
const alphabetical: Ranker = {
  name: 'alphabetical',
  rank(reader, request) {
    const files = reader.filePaths().sort().slice(0, request.limit);
    const symbols = reader.allSymbols().slice(0, request.limit);
    return {
      files: files.map((path, i) => ({ path, score: -i, signals: [] })),
      symbols: symbols.map((s, i) => ({ key: s.key, path: s.path, score: -i, signals: [] })),
      analysis: null,
    };
  },
};

/** The same files in reverse order. */
const reversed: Ranker = {
  name: 'reversed',
  async rank(reader, request) {
    const result = await alphabetical.rank(reader, { ...request, limit: 1000 });
    return { ...result, files: [...result.files].reverse().slice(0, request.limit), symbols: [] };
  },
};

function task(id: string, category: string, gold: string[], goldFunctions: string[] = []): EvalTask {
  return { id, repo: 'acme/x', base_commit: 'c0ffee', category, query: 'anything', gold_files: gold, gold_functions: goldFunctions };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-run-eval-'));
  writeFiles(join(dir, 'repos', 'one'), {
    'a.py': 'def alpha():\n    return 1\n',
    'b.py': 'def beta():\n    return 2\n',
    'c.py': 'def gamma():\n    return 3\n',
  });
  writeFiles(join(dir, 'repos', 'two'), { 'a.py': 'def alpha():\n    return 1\n', 'z.py': 'def zeta():\n    return 26\n' });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('runEvaluation', () => {
  it('indexes each tree, ranks with every evaluator, and aggregates overall and per category', async () => {
    const tasks = [
      task('one', 'Bug', ['b.py'], ['b.py:beta', 'c.py:gamma']),
      task('two', 'Feature', ['a.py']),
      task('gone', 'Bug', ['x.py']),
    ];
    const ks = [1, 3];
    const events: EvalEvent[] = [];
    const run = await runEvaluation({
      tasks,
      workspace: datasetWorkspace(join(dir, 'repos'), join(dir, 'indexes')),
      ports: realIndexPorts(),
      evaluators: [rankerEvaluator(alphabetical, { ks, depth: 10 }), rankerEvaluator(reversed, { ks, depth: 10 })],
      onEvent: (event) => events.push(event),
    });
    expect(run.skipped).toEqual([{ id: 'gone', reason: `no tree at ${join(dir, 'repos', 'gone')}` }]);
    expect(run.failed).toEqual([]);
    expect(run.results.map((result) => result.id)).toEqual(['one', 'two']);
    const one = run.results[0]!.scores;
    expect(one['alphabetical']!.detail).toMatchObject({
      ranked_files: ['a.py', 'b.py', 'c.py'],
      gold_file_ranks: { 'b.py': 2 },
      gold_function_ranks: { 'b.py::beta': 2, 'c.py::gamma': 3 },
    });
    expect(one['reversed']!.detail).toMatchObject({ ranked_files: ['c.py', 'b.py', 'a.py'], gold_function_ranks: { 'b.py::beta': null } });
    // alphabetical: task one has b.py 2nd, task two has a.py 1st.
    expect(run.summary.values['alphabetical']).toMatchObject({ 'file.acc@1': 0.5, 'file.acc@3': 1, 'file.mrr': 0.75, 'function.acc@5': 1 });
    // reversed: b.py 2nd of 3, a.py 2nd of 2.
    expect(run.summary.values['reversed']).toMatchObject({ 'file.acc@1': 0, 'file.mrr': 0.5, 'function.acc@5': 0 });
    // Only task one has gold functions.
    expect(run.summary.n['alphabetical']).toMatchObject({ 'function.acc@5': 1, 'file.mrr': 2 });
    expect(run.perCategory['Bug']!.values['alphabetical']).toMatchObject({ 'file.acc@1': 0, 'file.mrr': 0.5 });
    expect(run.perCategory['Feature']!.values['alphabetical']).toMatchObject({ 'file.acc@1': 1, 'file.mrr': 1 });
    expect(run.summary.values['alphabetical']!['latency.ms.p50']).toBeGreaterThanOrEqual(0);
    expect(events.filter((event) => event.type === 'task').map((event) => event.type === 'task' && event.position)).toEqual([1, 2, 3]);
    expect(events.some((event) => event.type === 'index')).toBe(true);
  });

  it('keeps the index at <index-root>/<id>, or in the tree without one', async () => {
    const tasks = [task('one', 'Bug', ['b.py'])];
    const evaluators = [rankerEvaluator(alphabetical, { ks: [1], depth: 5 })];
    await runEvaluation({ tasks, workspace: datasetWorkspace(join(dir, 'repos'), join(dir, 'idx')), ports: realIndexPorts(), evaluators });
    expect(existsSync(join(dir, 'idx', 'one', 'index.db'))).toBe(true);
    expect(existsSync(join(dir, 'repos', 'one', '.cairn'))).toBe(false);
    await runEvaluation({ tasks, workspace: datasetWorkspace(join(dir, 'repos')), ports: realIndexPorts(), evaluators });
    expect(existsSync(join(dir, 'repos', 'one', '.cairn', 'index.db'))).toBe(true);
  });

  it('runs extra evaluators on the same index, and lists a failing one without stopping', async () => {
    const fileCount: TaskEvaluator = {
      name: 'file-count',
      metrics: [{ name: 'files', label: 'files', aggregate: 'mean' }],
      evaluate: (_task, context) => ({ metrics: { files: context.reader.filePaths().length } }),
    };
    const picky: TaskEvaluator = {
      name: 'picky',
      metrics: [],
      evaluate(evaluated) {
        if (evaluated.id === 'one') throw new Error('cannot evaluate one');
        return { metrics: {} };
      },
    };
    const run = await runEvaluation({
      tasks: [task('one', 'Bug', ['b.py']), task('two', 'Bug', ['a.py'])],
      workspace: datasetWorkspace(join(dir, 'repos'), join(dir, 'idx')),
      ports: realIndexPorts(),
      evaluators: [fileCount, picky],
    });
    expect(run.failed.map(({ id, stage, message }) => ({ id, stage, message }))).toEqual([
      { id: 'one', stage: 'evaluate', message: 'cannot evaluate one' },
    ]);
    expect(run.results.map((result) => result.id)).toEqual(['two']);
    expect(run.summary.values['file-count']).toEqual({ files: 2 });
  });
});
