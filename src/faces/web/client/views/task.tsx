// The Task view: a task, a budget and the stages; the package as a list — each item with
// where it is from, how much of it is shown, what it cost, which stage and tier brought it
// and why, its signals — and its code; the package's match strength (whether anything in
// the repository matches the task, and the evidence) and the budget bar; and, apart, what
// was left out and why. `/ui?repo=…&task=…&budget=8000` runs it on first load.

import { useEffect } from 'hono/jsx/dom';
import { leftOut, type ItemRow } from '../package-model.js';
import { navigate, withParams } from '../router.js';
import { BudgetBar } from '../parts/budget-bar.js';
import { CodeBlock } from '../parts/code.js';
import { Pending } from '../parts/status.js';
import { SortableTable } from '../parts/table.js';
import { DEFAULT_BUDGET, queryKey, queryOf, retrieval, type Retrieval } from '../retrieval.js';
import { useAsync } from '../use-async.js';
import { signalsText } from '../format.js';
import { viewHref } from '../../views.js';

const STAGES = ['scope', 'precision'];

export function TaskView({ params }: { params: URLSearchParams }) {
  const query = queryOf(params);
  const [result] = useAsync(query ? queryKey(query) : null, () => retrieval(query!));
  useEffect(() => {
    // Keep the task id in the URL, so Decisions and a shared link name this task's runs.
    if (result.state === 'done' && params.get('task_id') !== result.value.taskId) navigate(withParams(params, { task_id: result.value.taskId }), { replace: true });
  }, [result]);
  return (
    <>
      <TaskForm params={params} />
      <Pending result={result} idle={<p class="muted">Write a task and run it: the package appears here, each item with why it is in.</p>}>
        {(value) => <PackageView value={value} params={params} />}
      </Pending>
    </>
  );
}

function TaskForm({ params }: { params: URLSearchParams }) {
  const chosen = new Set((params.get('stages') ?? STAGES.join(',')).split(','));
  return (
    <form
      class="task-form"
      method="get"
      action="/ui"
      onSubmit={(event: Event) => {
        event.preventDefault();
        const form = new FormData(event.target as HTMLFormElement);
        const stages = STAGES.filter((stage) => form.getAll('stage').includes(stage));
        navigate(
          withParams(params, {
            view: 'task',
            task: String(form.get('task') ?? ''),
            budget: String(form.get('budget') ?? ''),
            reserved: String(form.get('reserved') ?? ''),
            stages: stages.length === STAGES.length ? null : stages.join(','),
            item: null,
          }),
        );
      }}
    >
      <input type="hidden" name="view" value="task" />
      <input type="hidden" name="repo" value={params.get('repo') ?? ''} />
      <label class="wide">
        Task
        <textarea name="task" rows={3} required placeholder="Charging an empty cart crashes with PaymentError" value={params.get('task') ?? ''}></textarea>
      </label>
      <label>
        Budget (tokens)
        <input name="budget" type="number" min="100" step="100" value={params.get('budget') ?? String(DEFAULT_BUDGET)} />
      </label>
      <label>
        Reserved of it
        <input name="reserved" type="number" min="0" step="100" value={params.get('reserved') ?? ''} placeholder="none: the budget is the package's" />
      </label>
      <fieldset>
        <legend>Stages</legend>
        {STAGES.map((stage) => (
          <label class="inline">
            <input type="checkbox" name="stage" value={stage} checked={chosen.has(stage)} />
            {stage}
          </label>
        ))}
      </fieldset>
      <button type="submit">Retrieve</button>
    </form>
  );
}

function PackageView({ value, params }: { value: Retrieval; params: URLSearchParams }) {
  const focus = params.get('item');
  useEffect(() => {
    if (!focus) return;
    const target = [...document.querySelectorAll<HTMLElement>('[data-item-id]')].find((element) => element.dataset['itemId'] === focus);
    target?.scrollIntoView({ block: 'start' });
    target?.focus();
  }, [focus, value]);
  const shown = new Set(value.rows.map((row) => row.id));
  const out = leftOut(value.run, shown);
  return (
    <>
      <p class="run-line">
        {`task ${value.taskId} · run ${value.runId} · ${value.rows.length} items · `}
        <a href={viewHref('decisions', params, { task_id: value.taskId, run: value.runId })}>every decision of this run</a>
        {' · '}
        <a href={viewHref('graph', params, { task_id: value.taskId })}>graph of its files</a>
      </p>
      {value.pkg.match ? <MatchNote match={value.pkg.match} evidence={value.pkg.matchEvidence ?? null} /> : null}
      <BudgetBar budget={value.pkg.budget} />
      {value.notes.length > 0 ? (
        <ul class="notes" aria-label="Notes">
          {value.notes.map((note) => (
            <li>{note}</li>
          ))}
        </ul>
      ) : null}
      <h2>{`The package (${value.rows.length} items)`}</h2>
      <ol class="items" data-testid="items">
        {value.rows.map((row, index) => (
          <li>
            <Item row={row} index={index} focused={row.id === focus} />
          </li>
        ))}
      </ol>
      <h2>{`Left out (${out.length})`}</h2>
      <SortableTable
        caption="Considered and not shown, and why"
        rows={out}
        columns={[
          { key: 'id', label: 'file or symbol', value: (row) => row.id },
          { key: 'stage', label: 'stage', value: (row) => row.stage },
          { key: 'what', label: 'what happened', value: (row) => row.what },
          { key: 'why', label: 'why', value: (row) => row.why },
          { key: 'tier', label: 'tier', value: (row) => row.tier, numeric: true },
          { key: 'score', label: 'score', value: (row) => row.score, numeric: true },
        ]}
      />
    </>
  );
}

/** The package's first word: whether anything in the repository matches the task, and why it says so. */
function MatchNote({ match, evidence }: { match: string; evidence: { summary: string; closest: { key: string; why: string }[] } | null }) {
  return (
    <section class="match-note" aria-label="Match" data-testid="match">
      <p>
        <strong class={`match-${match}`}>{`Match: ${match}`}</strong>
        {evidence ? ` — ${evidence.summary}` : ''}
      </p>
      {evidence && evidence.closest.length > 0 ? (
        <ul aria-label="Closest candidates">
          {evidence.closest.map((candidate) => (
            <li>
              <code>{candidate.key}</code>
              {` — ${candidate.why}`}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Item({ row, index, focused }: { row: ItemRow; index: number; focused: boolean }) {
  const { item } = row;
  const title = item.symbol === null ? item.path : `${item.path} · ${item.symbol}`;
  return (
    <article class={focused ? 'item focused' : 'item'} data-item-id={row.id} tabindex={-1} aria-labelledby={`item-${index}`}>
      <h3 id={`item-${index}`}>
        <span class="path">{item.path}</span>
        {item.symbol !== null ? <span class="symbol">{item.symbol}</span> : null}
        <span class="lines">{`lines ${item.lines[0]}–${item.lines[1]}`}</span>
      </h3>
      <dl class="facts">
        <div>
          <dt>detail</dt>
          <dd data-field="detail">{row.demotedFrom ? `${item.detail} (demoted from ${row.demotedFrom})` : item.detail}</dd>
        </div>
        <div>
          <dt>tokens</dt>
          <dd data-field="tokens">{row.tokens === null ? '—' : String(row.tokens)}</dd>
        </div>
        <div>
          <dt>stage</dt>
          <dd data-field="stage">{row.stage ?? '—'}</dd>
        </div>
        <div>
          <dt>tier</dt>
          <dd data-field="tier">{row.tier === null ? '—' : String(row.tier)}</dd>
        </div>
        {row.score !== null ? (
          <div>
            <dt>score</dt>
            <dd>{String(Math.round(row.score * 1000) / 1000)}</dd>
          </div>
        ) : null}
      </dl>
      <p class="reason" data-field="reason">
        {item.reason}
      </p>
      {Object.keys(row.signals).length > 0 ? <p class="signals muted">{`signals: ${signalsText(row.signals)}`}</p> : null}
      <CodeBlock path={item.path} text={item.text} firstLine={item.lines[0]} detail={item.detail} label={`Code of ${title}`} />
    </article>
  );
}
