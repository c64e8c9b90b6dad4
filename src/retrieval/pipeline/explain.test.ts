import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { renderExplanation } from './explain-text.js';
import { explainTask } from './explain.js';
import { EMPTY_REFINEMENT } from './refinement.js';
import { refine } from './refine.js';
import { retrieve, type RetrieveResult } from './retrieve.js';

describe('explainTask', () => {
  let repo: IndexedRepo;
  let first: RetrieveResult;
  let second: RetrieveResult;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
    first = await retrieve(repo.ports, {
      task: 'Wrong total in `shop/cart.py`',
      stages: ['scope', 'precision'],
      budget: { contextWindow: 1000, reservedTokens: 400 },
      format: 'prompt',
    });
    second = await refine(repo.ports, { taskId: first.taskId, request: { ...EMPTY_REFINEMENT, missingFiles: ['README.md'] } });
  });
  afterAll(() => repo.close());

  it('gives every run of the task, with its decisions by stage and tier, and the budget', () => {
    const explanation = explainTask(repo.ports.rawLog, first.taskId);
    expect(explanation.runs.map((run) => run.runId)).toEqual([first.runId, second.runId]);
    const [run] = explanation.runs;
    expect(run!.started).toMatchObject({ mode: 'retrieve', stages: ['scope', 'precision'], format: 'prompt', model: null });
    expect(run!.finished).toMatchObject({ used: first.package.budget.used, items: first.package.items.length });
    const scope = run!.stages.find((stage) => stage.stage === 'scope')!;
    expect(scope.files[0]).toMatchObject({ tier: 0, tierName: 'seed' });
    expect(scope.files[0]!.included.map((decision) => decision.id)).toContain('shop/cart.py');
    const precision = run!.stages.find((stage) => stage.stage === 'precision')!;
    expect(precision.symbols.map((group) => group.label)).toContain('primary');
    expect(run!.budget).toMatchObject({ available: 600, used: first.package.budget.used, format: 'prompt' });
    expect(run!.budget!.evicted.length + run!.budget!.demoted.length).toBeGreaterThan(0);
    expect(run!.analysis).toMatchObject({ event: 'analysis' });
    expect(run!.notes).toContainEqual({ stage: 'scope', event: 'tier-skipped', message: 'enrichment not found, tier 4 skipped' });
    expect(explanation.runs[1]!.started).toMatchObject({ mode: 'refine', refinement: { missingFiles: ['README.md'] } });
    expect(explainTask(repo.ports.rawLog, first.taskId, second.runId).runs).toHaveLength(1);
  });

  it('prints kept and dropped decisions, what the budget did, and how the run ended', () => {
    const text = renderExplanation(explainTask(repo.ports.rawLog, first.taskId));
    expect(text).toContain(`task ${first.taskId} — 2 runs`);
    expect(text).toMatch(/scope · files · tier 0 seed: \d+ kept, 0 dropped/);
    expect(text).toMatch(/\n {4}\+ shop\/cart\.py {2}\d\.\d\d {2}seed: named in the task/);
    expect(text).toMatch(/\n {4}- \S+ {2}\d\.\d\d {2}/);
    expect(text).toContain('budget: ');
    expect(text).toMatch(/(demoted|evicted) \S+ \(tier \d/);
    expect(text).toContain('finished in ');
    expect(text).toContain('deterministic judgement');
  });

  it('says when a task or run is unknown, and counts entries it cannot read', () => {
    expect(() => explainTask(repo.ports.rawLog, 'no-such-task')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => explainTask(repo.ports.rawLog, first.taskId, 'run-x')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    repo.ports.rawLog.append({ taskId: first.taskId, runId: second.runId, kind: 'decision', stage: 'scope', payload: { shape: 'from another version' } });
    expect(explainTask(repo.ports.rawLog, first.taskId, second.runId).runs[0]!.unreadable).toBe(1);
    repo.ports.rawLog.append({ taskId: first.taskId, runId: second.runId, kind: 'decisions', stage: 'scope', payload: { decisions: [{ shape: 'odd' }, { shape: 'odder' }] } });
    repo.ports.rawLog.append({ taskId: first.taskId, runId: second.runId, kind: 'decisions', stage: 'scope', payload: 'not a list' });
    expect(explainTask(repo.ports.rawLog, first.taskId, second.runId).runs[0]!.unreadable).toBe(4);
  });
});
