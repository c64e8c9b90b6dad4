// The Diagnostics view: the remembered failures with their resolutions, and a diagnosis of a
// failing run's handoff bundle (`POST /diagnose`): whether to escalate and why (each trigger),
// and the evidence gathered under the priority's caps, every text shown as text.

import { useState } from 'hono/jsx/dom';
import { api, segment } from '../api.js';
import { when } from '../format.js';
import { ErrorNote, Pending } from '../parts/status.js';
import { SortableTable } from '../parts/table.js';
import { useAsync } from '../use-async.js';

interface Failure {
  id: string;
  recorded_at: number;
  phase_id: string | null;
  error_message: string;
  error_type: string | null;
  root_cause: string;
  resolution: string;
}

interface Diagnosis {
  task_id: string;
  decision: { escalate: boolean; priority: string; triggers: { id: string; fired: boolean; summary: string; reasons: string[] }[]; warnings: string[] };
  retrieval: {
    run_artifacts: { path: string; content: string; size: number }[];
    sot_files: { path: string; content: string; size: number; relevance_score: number }[];
    memory_entries: { id: string; content: string; size: number; similarity: number }[];
  } | null;
  notes: string[];
}

export function DiagnosticsView({ params }: { params: URLSearchParams }) {
  const repo = params.get('repo')!;
  const [failures] = useAsync(`failures:${repo}`, () => api.get<{ total: number; failures: Failure[] }>(`/repos/${segment(repo)}/failures?limit=100`));
  return (
    <>
      <section aria-labelledby="failures-title">
        <h2 id="failures-title">Remembered failures</h2>
        <Pending result={failures}>
          {({ total, failures: list }) =>
            total === 0 ? (
              <p class="muted">None recorded (cairn failures record --bundle FILE --resolution TEXT).</p>
            ) : (
              <SortableTable
                caption={list.length === total ? 'Failures' : `Failures, the latest of ${total}`}
                rows={list}
                columns={[
                  { key: 'at', label: 'recorded', value: (row) => when(row.recorded_at) },
                  { key: 'phase', label: 'phase', value: (row) => row.phase_id },
                  { key: 'error', label: 'error', value: (row) => row.error_message },
                  { key: 'cause', label: 'root cause', value: (row) => row.root_cause },
                  { key: 'resolution', label: 'resolution', value: (row) => row.resolution },
                ]}
              />
            )
          }
        </Pending>
      </section>
      <DiagnoseForm repo={repo} />
    </>
  );
}

function DiagnoseForm({ repo }: { repo: string }) {
  const [state, setState] = useState<{ running: boolean; answer: Diagnosis | null; error: Error | null }>({ running: false, answer: null, error: null });
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    let bundle: unknown;
    try {
      bundle = JSON.parse(String(form.get('bundle') ?? ''));
    } catch {
      setState({ running: false, answer: null, error: new Error('the handoff bundle is not JSON: paste the bundle file\'s content') });
      return;
    }
    setState({ running: true, answer: null, error: null });
    try {
      const answer = await api.post<Diagnosis>('/diagnose', {
        repo,
        bundle,
        run_dir: String(form.get('run_dir') ?? ''),
        phase: String(form.get('phase') ?? ''),
        attempt: Number(form.get('attempt') ?? 1),
        always: form.get('always') === 'on',
      });
      setState({ running: false, answer, error: null });
    } catch (error) {
      setState({ running: false, answer: null, error: error as Error });
    }
  };
  return (
    <section aria-labelledby="diagnose-title">
      <h2 id="diagnose-title">Diagnose a failing run</h2>
      <form class="diagnose-form" onSubmit={(event: Event) => void submit(event)}>
        <label class="wide">
          Handoff bundle (JSON)
          <textarea name="bundle" rows={6} required placeholder='{"error_message": "...", "stack_trace": "...", "recent_changes": "...", "root_cause": "..."}'></textarea>
        </label>
        <label>
          Run folder (in the repository)
          <input name="run_dir" required placeholder="runs/42" />
        </label>
        <label>
          Phase
          <input name="phase" required placeholder="build" />
        </label>
        <label>
          Attempt
          <input name="attempt" type="number" min="1" value="1" />
        </label>
        <label class="inline">
          <input type="checkbox" name="always" />
          gather evidence even when not escalated
        </label>
        <button type="submit" disabled={state.running}>
          {state.running ? 'Diagnosing…' : 'Diagnose'}
        </button>
      </form>
      {state.error ? <ErrorNote error={state.error} /> : null}
      {state.answer ? <Report answer={state.answer} /> : null}
    </section>
  );
}

function Report({ answer }: { answer: Diagnosis }) {
  const { decision, retrieval } = answer;
  return (
    <div class="report" data-testid="diagnosis">
      <p>
        <strong>{decision.escalate ? `Escalate, ${decision.priority} priority` : `No escalation (${decision.priority} priority)`}</strong>
        {` · task ${answer.task_id}`}
      </p>
      <ul class="triggers">
        {decision.triggers.map((trigger) => (
          <li class={trigger.fired ? 'fired' : undefined}>
            <strong>{`${trigger.fired ? 'fired' : 'not fired'}: ${trigger.id}`}</strong>
            {` — ${trigger.summary}`}
          </li>
        ))}
      </ul>
      {decision.warnings.length > 0 ? (
        <ul class="notes">
          {decision.warnings.map((warning) => (
            <li>{warning}</li>
          ))}
        </ul>
      ) : null}
      {retrieval ? (
        <>
          {[
            { title: 'Run artifacts', items: retrieval.run_artifacts.map((item) => ({ name: item.path, content: item.content, note: `${item.size} bytes` })) },
            { title: 'Source of truth', items: retrieval.sot_files.map((item) => ({ name: item.path, content: item.content, note: `relevance ${item.relevance_score}` })) },
            { title: 'Past failures', items: retrieval.memory_entries.map((item) => ({ name: item.id, content: item.content, note: `similarity ${item.similarity}` })) },
          ].map((category) => (
            <details open={category.items.length > 0}>
              <summary>{`${category.title} (${category.items.length})`}</summary>
              {category.items.map((item) => (
                <div class="evidence">
                  <h4>{`${item.name} — ${item.note}`}</h4>
                  <pre tabindex={0}>{item.content}</pre>
                </div>
              ))}
            </details>
          ))}
        </>
      ) : null}
    </div>
  );
}
