// The Decisions view: a task's runs, stage by stage, every file and symbol considered —
// kept or dropped, why, at which tier, with its score and signals — as a table to filter
// (run, stage, verdict, text) and sort. Without a task id it lists the repository's recent
// tasks to choose from.

import { api, segment } from '../api.js';
import { signalsText, when } from '../format.js';
import { decisionRows, type BudgetRecord, type DecisionRow, type RunExplanation } from '../package-model.js';
import { navigate, withParams } from '../router.js';
import { Pending } from '../parts/status.js';
import { SortableTable } from '../parts/table.js';
import { useAsync } from '../use-async.js';
import { viewHref } from '../../views.js';

interface TaskEntry {
  task_id: string;
  task: string;
  runs: { run_id: string; mode: string | null; started_at: number; finished: { items: number; used: number; available: number; ms: number } | null; failed: { code: string; message: string } | null }[];
}

export function DecisionsView({ params }: { params: URLSearchParams }) {
  const repo = params.get('repo')!;
  const taskId = params.get('task_id');
  return taskId ? <Explained params={params} repo={repo} taskId={taskId} /> : <RecentTasks params={params} repo={repo} />;
}

export function RecentTasks({ params, repo }: { params: URLSearchParams; repo: string }) {
  const [tasks] = useAsync(`tasks:${repo}`, () => api.get<{ tasks: TaskEntry[] }>(`/repos/${segment(repo)}/tasks?limit=50`));
  return (
    <Pending result={tasks}>
      {({ tasks: list }) =>
        list.length === 0 ? (
          <p class="muted">
            {'No task was run on this repository yet: '}
            <a href={viewHref('task', params)}>run one</a>.
          </p>
        ) : (
          <ul class="task-list">
            {list.map((task) => {
              const last = task.runs[task.runs.length - 1];
              return (
                <li>
                  <a href={viewHref('decisions', params, { task_id: task.task_id, run: undefined })}>{task.task || task.task_id}</a>
                  <span class="muted">{` — ${task.runs.length} run${task.runs.length === 1 ? '' : 's'}, last ${when(last?.started_at)}${last?.finished ? `, ${last.finished.items} items, ${last.finished.used} tokens` : ''}${last?.failed ? `, failed: ${last.failed.message}` : ''}`}</span>
                </li>
              );
            })}
          </ul>
        )
      }
    </Pending>
  );
}

function Explained({ params, repo, taskId }: { params: URLSearchParams; repo: string; taskId: string }) {
  const [explained] = useAsync(`explain:${repo}:${taskId}`, () => api.get<{ taskId: string; runs: RunExplanation[] }>(`/repos/${segment(repo)}/tasks/${segment(taskId)}/explain`));
  return (
    <Pending result={explained}>
      {({ runs }) => <DecisionTable runs={runs} params={params} taskId={taskId} />}
    </Pending>
  );
}

function DecisionTable({ runs, params, taskId }: { runs: RunExplanation[]; params: URLSearchParams; taskId: string }) {
  const run = params.get('run') ?? '';
  const stage = params.get('stage') ?? '';
  const verdict = params.get('verdict') ?? '';
  const text = (params.get('filter') ?? '').toLowerCase();
  const all = runs.flatMap(decisionRows);
  const stages = [...new Set(all.map((row) => row.stage))];
  const rows = all.filter(
    (row) => (run === '' || row.runId === run) && (stage === '' || row.stage === stage) && (verdict === '' || row.verdict === verdict) && (text === '' || `${row.id} ${row.reason} ${row.label}`.toLowerCase().includes(text)),
  );
  const chosenRuns = runs.filter((entry) => run === '' || entry.runId === run);
  const update = (changes: Record<string, string>): void => navigate(withParams(params, changes), { replace: true });
  return (
    <>
      <p class="run-line">
        {`task ${taskId} · ${runs.length} run${runs.length === 1 ? '' : 's'} · `}
        <a href={viewHref('decisions', params, { task_id: undefined, run: undefined })}>other tasks</a>
      </p>
      <form class="filters" aria-label="Filter the decisions" onSubmit={(event: Event) => event.preventDefault()}>
        <label>
          Run
          <select name="run" onChange={(event: Event) => update({ run: (event.target as HTMLSelectElement).value })}>
            <option value="" selected={run === ''}>
              every run
            </option>
            {runs.map((entry) => (
              <option value={entry.runId} selected={run === entry.runId}>{`${entry.runId} (${when(entry.startedAt)})`}</option>
            ))}
          </select>
        </label>
        <label>
          Stage
          <select name="stage" onChange={(event: Event) => update({ stage: (event.target as HTMLSelectElement).value })}>
            <option value="" selected={stage === ''}>
              every stage
            </option>
            {stages.map((name) => (
              <option value={name} selected={stage === name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Verdict
          <select name="verdict" onChange={(event: Event) => update({ verdict: (event.target as HTMLSelectElement).value })}>
            <option value="" selected={verdict === ''}>
              kept and dropped
            </option>
            <option value="included" selected={verdict === 'included'}>
              kept
            </option>
            <option value="excluded" selected={verdict === 'excluded'}>
              dropped
            </option>
          </select>
        </label>
        <label>
          Contains
          <input name="filter" type="search" value={params.get('filter') ?? ''} onChange={(event: Event) => update({ filter: (event.target as HTMLInputElement).value })} />
        </label>
      </form>
      <SortableTable<DecisionRow>
        caption="Decisions"
        rows={rows}
        columns={[
          { key: 'stage', label: 'stage', value: (row) => row.stage },
          { key: 'subject', label: 'kind', value: (row) => row.subject },
          { key: 'id', label: 'considered', value: (row) => row.id },
          { key: 'tier', label: 'tier', value: (row) => (row.tierName ? `${row.tier} ${row.tierName}` : row.tier) },
          { key: 'verdict', label: 'verdict', value: (row) => (row.verdict === 'included' ? 'kept' : 'dropped') },
          { key: 'label', label: 'as', value: (row) => row.label },
          { key: 'reason', label: 'why', value: (row) => row.reason },
          { key: 'score', label: 'score', value: (row) => row.score, numeric: true },
          { key: 'signals', label: 'signals', value: (row) => signalsText(row.signals) },
        ]}
      />
      {chosenRuns.map((entry) => (entry.budget ? <BudgetOutcome runId={entry.runId} budget={entry.budget} /> : null))}
    </>
  );
}

function BudgetOutcome({ runId, budget }: { runId: string; budget: BudgetRecord }) {
  const rows = [
    ...budget.demoted.map((entry) => ({ id: entry.symbolKey ?? entry.path, what: `demoted ${entry.from} → ${entry.to}`, tier: entry.tier, reason: entry.reason })),
    ...budget.evicted.map((entry) => ({ id: entry.symbolKey ?? entry.path, what: `evicted (${entry.detail})`, tier: entry.tier, reason: entry.reason })),
    ...budget.deduplicated.map((entry) => ({ id: entry.symbolKey ?? entry.path, what: `deduplicated (in ${entry.coveredBy})`, tier: entry.tier, reason: entry.reason })),
  ];
  return (
    <section aria-label={`Budget of run ${runId}`}>
      <h2>{`Budget of ${runId}: ${budget.used} of ${budget.available} tokens, ${budget.included.length} placed of ${budget.candidates} candidates`}</h2>
      <SortableTable
        caption="What the budget did"
        rows={rows}
        columns={[
          { key: 'id', label: 'item', value: (row) => row.id },
          { key: 'what', label: 'what', value: (row) => row.what },
          { key: 'tier', label: 'tier', value: (row) => row.tier, numeric: true },
          { key: 'reason', label: 'why', value: (row) => row.reason },
        ]}
      />
    </section>
  );
}
