// The page's entry: renders the app over the server's first paint and takes over same-page
// links. Styles come with it (esbuild writes them to app.css).

import { render } from 'hono/jsx/dom';
import { App } from './app.js';
import { interceptLinks } from './router.js';
import './style.css';

const root = document.createElement('div');
root.id = 'root';
document.body.replaceChildren(root);
interceptLinks(root);
render(<App />, root);
