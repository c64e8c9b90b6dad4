// The page's views and their URLs, shared by the server's shell and the client: every view
// is `/ui?view=<id>&...`, and the parameters that describe the question (repository, task,
// budget, stages, task id) travel from view to view, so a link shared is the view seen.

export const VIEWS = [
  { id: 'repos', label: 'Repositories' },
  { id: 'task', label: 'Task' },
  { id: 'graph', label: 'Graph' },
  { id: 'decisions', label: 'Decisions' },
  { id: 'episodes', label: 'Episodes' },
  { id: 'diagnostics', label: 'Diagnostics' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

/** Parameters every view link carries along. */
const SHARED_PARAMS = ['repo', 'task', 'budget', 'reserved', 'stages', 'task_id'] as const;

function isView(value: string | null): value is ViewId {
  return VIEWS.some((view) => view.id === value);
}

/** The view a query asks for: named, else the task view when a task is given, else the repositories. */
export function viewOf(params: URLSearchParams): ViewId {
  const named = params.get('view');
  if (isView(named)) return named;
  return params.get('task') ? 'task' : 'repos';
}

/** `/ui?view=…` with the shared parameters of `params` and the `extra` ones (an empty value drops a parameter). */
export function viewHref(view: ViewId, params: URLSearchParams, extra: Record<string, string | undefined> = {}): string {
  const shared = new URLSearchParams({ view });
  for (const name of SHARED_PARAMS) {
    const value = params.get(name);
    if (value) shared.set(name, value);
  }
  return withParams(shared, extra);
}

/** A new query from `params` with `changes` applied (an empty value drops a parameter). */
export function withParams(params: URLSearchParams, changes: Record<string, string | null | undefined>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  return `/ui?${next.toString()}`;
}

export function viewLabel(view: ViewId): string {
  return VIEWS.find((entry) => entry.id === view)!.label;
}

/** The document's title: the view, and the repository when one is chosen. */
export function pageTitle(view: ViewId, repo: string | null): string {
  return `cairn — ${viewLabel(view)}${repo ? ` — ${repo}` : ''}`;
}
