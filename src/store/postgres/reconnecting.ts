// A store that outlives its connection. A server restarted (or a network cut) breaks every
// open connection; the call that meets the broken one fails with STORE_UNAVAILABLE (a
// request in flight gets a clear 503), the store drops that connection, and the next call
// opens a new one. Every port method is one statement or one transaction of its own, so a
// call is never half on one connection and half on the next.

import { isCairnError } from '../../core/errors.js';

/** `open()` now (a database unreachable at start fails here), and again after a lost connection. */
export function reconnecting<T extends { close(): void }>(open: () => T): T {
  let current: T | null = open();
  let last: T = current;
  let closed = false;
  const live = (): T => {
    if (closed) return last; // a call after close meets the closed store's own refusal
    if (current === null) last = current = open();
    return current;
  };
  return new Proxy({} as T, {
    get(_target, property) {
      if (property === 'close') {
        return () => {
          closed = true;
          current?.close();
          current = null;
        };
      }
      const store = live();
      const value: unknown = Reflect.get(store, property);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          return (value as (...a: unknown[]) => unknown).apply(store, args);
        } catch (error) {
          if (isCairnError(error) && error.code === 'STORE_UNAVAILABLE' && current === store) {
            current = null;
            try {
              store.close();
            } catch {
              // already broken: closing it is only tidiness
            }
          }
          throw error;
        }
      };
    },
  });
}
