// The page's HTML, rendered on the server with Hono's JSX (which escapes every value): the
// header, the navigation between views as real links, and the element the client bundle
// renders the view into. It holds nothing from any repository — only the query the browser
// sent, escaped — so it is served without the bearer token; the data comes from the API.

import type { WebAssets } from './assets.js';
import { TopBar } from './top-bar.js';
import { pageTitle, viewLabel, viewOf } from './views.js';

export interface ShellOptions {
  params: URLSearchParams;
  assets: WebAssets;
  /** The server wants a bearer token: the page asks for it before its first request. */
  tokenRequired: boolean;
  version: string;
}

export function Shell({ params, assets, tokenRequired, version }: ShellOptions) {
  const view = viewOf(params);
  const repo = params.get('repo');
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{pageTitle(view, repo)}</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href={assets.url('app.css')} />
        <script type="module" src={assets.url('app.js')}></script>
      </head>
      <body data-token={tokenRequired ? 'required' : 'none'} data-version={version}>
        <TopBar view={view} params={params} />
        <main id="main" tabindex={-1}>
          <h1>{viewLabel(view)}</h1>
          <p class="muted" id="boot">
            Loading…
          </p>
          <noscript>This page needs JavaScript: it reads cairn's API from this server and shows what it answers.</noscript>
        </main>
      </body>
    </html>
  );
}
