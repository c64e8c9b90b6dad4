// What a view shows while its data loads or when the API refused: the error's own message
// and hint, as text; a missing or wrong token opens the token prompt.

import { ApiError } from '../api.js';
import type { Async } from '../use-async.js';
import type { Child } from 'hono/jsx';

export function Pending<T>({ result, children, idle }: { result: Async<T>; children: (value: T) => Child; idle?: Child }) {
  if (result.state === 'idle') return <>{idle ?? null}</>;
  if (result.state === 'loading') return <p class="muted" role="status">Loading…</p>;
  if (result.state === 'failed') return <ErrorNote error={result.error} />;
  return <>{children(result.value)}</>;
}

export function ErrorNote({ error }: { error: Error }) {
  const api = error instanceof ApiError ? error : null;
  if (api && api.status === 401) window.dispatchEvent(new CustomEvent('cairn:token-needed'));
  return (
    <div class="error" role="alert">
      <p>
        <strong>{api ? `${api.code}: ` : ''}</strong>
        {error.message}
      </p>
      {api?.hint ? <p class="muted">{api.hint}</p> : null}
    </div>
  );
}
