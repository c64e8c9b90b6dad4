// The header every view shares — the skip link, the brand, the views as real links, the
// repository — drawn alike by the server's shell (Hono's JSX) and the client (hono/jsx/dom):
// each build compiles this file with its own JSX runtime, as it does views.ts.

import { VIEWS, viewHref, type ViewId } from './views.js';

export function TopBar({ view, params, repo }: { view: ViewId; params: URLSearchParams; repo?: string | null }) {
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">cairn</span>
        <nav aria-label="Views">
          <ul>
            {VIEWS.map((entry) => (
              <li>
                <a href={viewHref(entry.id, params)} aria-current={entry.id === view ? 'page' : undefined}>
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {repo ? <span class="repo-name">{repo}</span> : null}
      </header>
    </>
  );
}
