// The stage runner: runs the stages in order, hands each the context the previous one
// returned (the budget threaded through unchanged), and after each stage writes its new
// decisions (one entry) and notes to the raw log and its context to the session.

import { describeError, isCairnError } from '../../core/errors.js';
import type { Judge } from '../judge/judge.js';
import type { KnowledgeBase, RetrievalContext, Stage } from '../stages/stage.js';
import type { TaskQuery } from '../task/task-query.js';
import { groupDecisions } from './decision-groups.js';
import type { RunLog } from '../../runlog/run-log.js';
import type { SessionWriter } from './session-writer.js';

export interface StageRun {
  stages: readonly Stage[];
  kb: KnowledgeBase;
  task: TaskQuery;
  judge: Judge;
  log: RunLog;
  session: SessionWriter;
}

export async function runStages(initial: RetrievalContext, run: StageRun): Promise<RetrievalContext> {
  let context = initial;
  for (const stage of run.stages) {
    run.session.progress(stage.name, 'running');
    let next: RetrievalContext;
    try {
      next = await stage.run(context, run.kb, run.task, run.judge);
    } catch (error) {
      run.session.progress(stage.name, 'failed');
      run.log.write('run', stage.name, { event: 'stage-failed', code: isCairnError(error) ? error.code : 'INTERNAL', message: describeError(error) });
      throw error;
    }
    // Stages read the budget; none may change it.
    next = { ...next, budget: context.budget };
    // One entry for the stage's decisions (thousands on a large repository; a row each cost
    // far more in inserts and index upkeep), in runs that share all but the item.
    const decided = next.decisions.slice(context.decisions.length);
    if (decided.length > 0) run.log.write('decisions', stage.name, { groups: groupDecisions(decided) });
    run.log.writeMany('info', stage.name, next.notes.slice(context.notes.length).map((message) => ({ event: 'note', message })));
    run.session.output(stage.name, stageOutput(next));
    run.session.progress(stage.name, 'done');
    context = next;
  }
  return context;
}

/** What the session keeps of a context: the choices, not the decision log (that is in the raw log). */
export function stageOutput(context: RetrievalContext): Record<string, unknown> {
  return {
    budget: context.budget,
    files: context.files,
    symbols: context.symbols,
    notes: context.notes,
    decisions: context.decisions.length,
  };
}
