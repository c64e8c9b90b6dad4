// A request a view depends on: loading, its answer, or its error — started again when its
// key changes; an answer to a superseded request is dropped.

import { useEffect, useState } from 'hono/jsx/dom';

export type Async<T> = { state: 'idle' } | { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; error: Error };

export function useAsync<T>(key: string | null, load: () => Promise<T>): [Async<T>, () => void] {
  const [result, setResult] = useState<Async<T>>(key === null ? { state: 'idle' } : { state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) {
      setResult({ state: 'idle' });
      return;
    }
    let current = true;
    setResult({ state: 'loading' });
    load().then(
      (value) => current && setResult({ state: 'done', value }),
      (error: unknown) => current && setResult({ state: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  return [result, () => setRound((value) => value + 1)];
}
