import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { NotFoundError } from '../../core/errors.js';
import type { CuratedReader } from '../../store/curated.js';
import type { RawLog } from '../../store/raw-log.js';
import type { SessionStore } from '../../store/session.js';
import { openSqliteRawLog, openSqliteSessionStore } from '../../store/sqlite/index.js';
import { diskSources } from '../source/source-texts.js';
import { deterministicJudge } from '../judge/judge.js';
import { emptyContext, type Decision, type KnowledgeBase, type Stage } from '../stages/stage.js';
import type { TaskQuery } from '../task/task-query.js';
import { runLog } from '../../runlog/run-log.js';
import { decisionsIn } from './explain.js';
import { runStages } from './runner.js';
import { sessionWriter } from './session-writer.js';

const decision = (id: string): Decision => ({
  subject: 'file',
  id,
  tier: 0,
  tierName: 'seed',
  verdict: 'included',
  label: 'test',
  reason: 'test',
  score: 1,
  signals: {},
  judge: 'rule',
});

// The stages under test never read the task or the index: the runner only passes them on.
const task = {} as TaskQuery;

describe('runStages', () => {
  let dir: TempDir;
  let rawLog: RawLog;
  let sessions: SessionStore;
  let kb: KnowledgeBase;
  beforeEach(() => {
    dir = tempDir();
    rawLog = openSqliteRawLog(dir.path);
    sessions = openSqliteSessionStore(dir.path);
    kb = { reader: {} as CuratedReader, sources: diskSources(dir.path), enrichment: null };
  });
  afterEach(() => {
    rawLog.close();
    sessions.close();
    dir.remove();
  });

  function run(stages: Stage[]) {
    const session = sessionWriter(sessions, 'task-1');
    session.start({ text: 'x' }, stages.map((stage) => stage.name), null);
    const budget = { contextWindow: 1000, reservedTokens: 100, available: 900 };
    return runStages(emptyContext('task-1', 'run-1', budget), { stages, kb, task, judge: deterministicJudge, log: runLog(rawLog, 'task-1', 'run-1'), session });
  }

  it('runs stages in order, threads the budget, and logs and persists each stage as it finishes', async () => {
    const seenBySecond: unknown[] = [];
    const first: Stage = {
      name: 'first',
      run: async (context) => ({
        ...context,
        budget: { ...context.budget, available: 1 }, // a stage cannot change the budget
        files: [{ path: 'a.py', tier: 0, relation: 'r', via: null, reason: 'r', score: 1, signals: {} }],
        notes: ['note from first'],
        decisions: [decision('a.py')],
      }),
    };
    const second: Stage = {
      name: 'second',
      run: async (context) => {
        const record = sessions.get('task-1')!;
        seenBySecond.push(record.stageProgress, (record.stageOutputs['first'] as { files: unknown[] }).files.length, context.budget.available, context.files.length);
        return { ...context, decisions: [...context.decisions, decision('b.py'), decision('c.py')] };
      },
    };
    const result = await run([first, second]);
    expect(seenBySecond).toEqual([{ first: 'done', second: 'running' }, 1, 900, 1]);
    expect(result.budget.available).toBe(900);
    // A stage's decisions are one entry; the second stage's list holds only its own.
    const logged = rawLog.read({ taskId: 'task-1' }).map((record) => {
      const payload = record.payload as { message?: string };
      return [record.kind, record.stage, record.kind === 'decisions' ? decisionsIn([record]).map((d) => (d.payload as { id: string }).id) : payload.message];
    });
    expect(logged).toEqual([
      ['decisions', 'first', ['a.py']],
      ['info', 'first', 'note from first'],
      ['decisions', 'second', ['b.py', 'c.py']],
    ]);
    expect(sessions.get('task-1')!.stageProgress).toEqual({ first: 'done', second: 'done' });
    expect(sessions.get('task-1')!.stageOutputs['second']).toMatchObject({ decisions: 3 });
  });

  it('marks a failing stage failed in the session, logs the failure with its code, and rethrows', async () => {
    const failing: Stage = {
      name: 'broken',
      run: async () => {
        throw new NotFoundError('no such thing');
      },
    };
    const never: Stage = { name: 'after', run: async (context) => context };
    await expect(run([failing, never])).rejects.toBeInstanceOf(NotFoundError);
    expect(sessions.get('task-1')!.stageProgress).toEqual({ broken: 'failed', after: 'pending' });
    expect(rawLog.read({ kinds: ['run'] }).map((record) => [record.stage, record.payload])).toEqual([
      ['broken', { event: 'stage-failed', code: 'NOT_FOUND', message: 'no such thing' }],
    ]);
  });
});
