import { describe, expect, it } from 'vitest';
import { aggregate, type TaskResult } from './aggregate.js';
import type { TaskEvaluator } from './evaluator.js';
import { jsonReport } from './json-report.js';
import { rankerMetrics } from './ranker-evaluator.js';
import { renderReport } from './report.js';
import type { EvalRun } from './run-eval.js';

const ranker = (name: string): TaskEvaluator => ({ name, metrics: rankerMetrics([1, 5]), evaluate: () => ({ metrics: {} }) });
const coverage: TaskEvaluator = {
  name: 'package',
  metrics: [
    { name: 'coverage@8k', label: 'cov@8k', aggregate: 'mean' },
    { name: 'coverage@32k', label: 'cov@32k', aggregate: 'mean' },
  ],
  evaluate: () => ({ metrics: {} }),
};

function result(id: string, category: string, cairn: Record<string, number>, base: Record<string, number>, cov: Record<string, number>): TaskResult {
  return {
    id, category, gold_files: ['a.py'], gold_functions: [], index_ms: 1500,
    scores: { cairn: { metrics: cairn }, 'bm25-file': { metrics: base }, package: { metrics: cov } },
  };
}

function run(): EvalRun {
  const evaluators = [ranker('cairn'), ranker('bm25-file'), coverage];
  const results = [
    result('t1', 'Bug', { 'file.acc@1': 1, 'file.acc@5': 1, 'file.mrr': 1, 'latency.ms': 4 }, { 'file.acc@1': 0, 'file.acc@5': 1, 'file.mrr': 0.5, 'latency.ms': 2 }, { 'coverage@8k': 0.5, 'coverage@32k': 1 }),
    result('t2', 'Feature', { 'file.acc@1': 0, 'file.acc@5': 1, 'file.mrr': 0.5, 'latency.ms': 6 }, { 'file.acc@1': 0, 'file.acc@5': 0, 'file.mrr': 0, 'latency.ms': 2 }, { 'coverage@8k': 0, 'coverage@32k': 1 }),
  ];
  return {
    evaluators, results, ...aggregate(results, evaluators),
    skipped: [{ id: 't3', reason: 'no tree at /x/t3' }],
    failed: [{ id: 't4', stage: 'index', message: 'index busy', error: new Error('index busy') }],
    evaluatedTasks: [], seconds: 1.5,
  };
}

describe('renderReport', () => {
  const text = renderReport(run(), { ranker: 'cairn', baseline: 'bm25-file' });
  it('compares the ranker with the baseline per metric, with their ratio', () => {
    expect(text).toMatch(/^cairn eval: cairn vs bm25-file — 2 tasks evaluated, 1 skipped, 1 failed in 1\.5s \(indexing 3\.0s\)$/m);
    expect(text).toMatch(/^metric +cairn +bm25-file +ratio$/m);
    expect(text).toMatch(/^Acc@1 +0\.500 +0\.000 +—$/m);
    expect(text).toMatch(/^Acc@5 +1\.000 +0\.500 +2\.00×$/m);
    expect(text).toMatch(/^MRR +0\.750 +0\.250 +3\.00×$/m);
    expect(text).toMatch(/^rank ms p50 +5\.0 +2\.0 +2\.50×$/m);
    expect(text).toMatch(/^fn Acc@5 +— +— +—$/m); // no task had gold functions
  });

  it('shows per-category rows for both rankers, and extra evaluators as their own columns', () => {
    expect(text).toMatch(/^Bug +1 +cairn +1\.000 +1\.000 +1\.000/m);
    expect(text).toMatch(/^ +bm25-file +0\.000 +1\.000 +0\.500/m);
    expect(text).toMatch(/^category +n +evaluator +cov@8k +cov@32k$/m);
    expect(text).toMatch(/^all +2 +package +0\.250 +1\.000$/m);
  });

  it('lists skipped and failed tasks with their reasons', () => {
    expect(text).toContain('skipped 1:\n  t3: no tree at /x/t3');
    expect(text).toContain('failed 1:\n  t4 (index): index busy');
  });
});

describe('jsonReport', () => {
  it('keeps every task\'s metrics per evaluator and drops error objects', () => {
    const json = jsonReport(run(), { ranker: 'cairn', baseline: 'bm25-file' }, { dataset: 'd.jsonl' });
    expect(json).toMatchObject({ ranker: 'cairn', dataset: 'd.jsonl', summary: { tasks: 2, skipped: 1, failed: 1, indexSeconds: 3 } });
    expect((json['tasks'] as { results: Record<string, { metrics: object }> }[])[1]!.results['package']!.metrics).toEqual({
      'coverage@8k': 0,
      'coverage@32k': 1,
    });
    expect(json['failed']).toEqual([{ id: 't4', stage: 'index', message: 'index busy' }]);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});
