// The URL is the page's state: every view reads its parameters from `location.search`, and
// moving between views (a link, a form) pushes a new URL instead of loading a new page. Back
// and forward work, and a reload or a shared link shows the same view.

import { useEffect, useState } from 'hono/jsx/dom';

export { withParams } from '../views.js';

type Listener = () => void;
const listeners = new Set<Listener>();

export function navigate(href: string, options: { replace?: boolean } = {}): void {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin || url.pathname !== '/ui') {
    location.assign(url.href);
    return;
  }
  if (options.replace) history.replaceState(null, '', url.pathname + url.search + url.hash);
  else history.pushState(null, '', url.pathname + url.search + url.hash);
  for (const listener of listeners) listener();
}

/** The query of the current URL, re-read whenever it changes. */
export function useParams(): URLSearchParams {
  const [search, setSearch] = useState(location.search);
  useEffect(() => {
    const update = (): void => setSearch(location.search);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return new URLSearchParams(search);
}

/** Same-page links (`/ui?...`) move without a reload; others (and modified clicks) behave as links do. */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || url.pathname !== '/ui') return;
    if (url.search === location.search && url.hash) return; // an anchor on this view: let the browser scroll
    event.preventDefault();
    navigate(url.href);
  });
}
