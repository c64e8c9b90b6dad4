// What the page must never do, in headless Chromium against the real `cairn serve`: turn
// anything from the repository (a file named and written as HTML, a task, a query) into
// HTML or script; answer without the token a server started with --token wants (the page
// asks for it, keeps it for the tab only, never puts it in a URL); or let another site's
// page make the user's browser write (approve) through it.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, skipWithoutChromium, type Session } from '../support/browser.js';
import { HOSTILE_CODE, HOSTILE_FILE, HOSTILE_TASK, packagePaths, startBench, TASK, viewUrl, type Bench } from './page-fixture.js';

const TOKEN = 'c41rn-page-test-8f3a9d27e1b64c05a7d2e9f1';
const ENTITY = 'shop/cart.py::Cart.total';

/** Elements or attributes only HTML from the repository could have made. */
async function injected(page: Page): Promise<string[]> {
  return page.locator('img, b, script:not([src]), [onerror], [onmouseover]').evaluateAll((elements) => elements.map((element) => element.outerHTML));
}

const hydrate = (bench: Bench, query: string): Promise<Response> =>
  fetch(`${bench.server.url}/hydrate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ repo: 'shop', query, conversation_id: 'conv-safety' }) });

describe.skipIf(skipWithoutChromium)('the web page shows the repository as text', () => {
  let bench: Bench;
  let browser: Session;
  let page: Page;
  const dialogs: string[] = [];
  // An HTML sink the page tried would throw here: the policy requires Trusted Types.
  const errors: string[] = [];

  beforeAll(async () => {
    bench = await startBench();
    browser = await openBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await bench?.close();
  });

  it(`a file named ${HOSTILE_FILE}, its code and a task written as HTML are shown as text in the Task view`, async () => {
    await page.goto(viewUrl(bench.server, { repo: 'shop', task: HOSTILE_TASK, budget: '8000' }));
    expect(await packagePaths(page)).toContain(HOSTILE_FILE);
    const item = page.locator('[data-testid=items] article').filter({ has: page.locator('.path', { hasText: HOSTILE_FILE }) });
    expect(await item.locator('.code').textContent()).toContain(HOSTILE_CODE.split('\n')[4]!.trim());
    expect(await page.locator('textarea[name=task]').inputValue()).toBe(HOSTILE_TASK);
    expect(await page.title()).not.toContain('<');
    expect(await injected(page)).toEqual([]);
  });

  it('the graph, the search, the decisions and an entity that memory holds show it as text too', async () => {
    await page.goto(viewUrl(bench.server, { view: 'graph', repo: 'shop', task: HOSTILE_TASK, budget: '8000' }));
    const node = page.locator(`[data-testid=graph] .node[data-path="${HOSTILE_FILE}"]`);
    await node.waitFor();
    expect(await node.locator('text').textContent()).toBe(HOSTILE_FILE);
    await node.click();
    await expect.poll(() => page.locator('.provenance h2').textContent()).toBe(HOSTILE_FILE);
    expect(await injected(page)).toEqual([]);

    await page.goto(viewUrl(bench.server, { view: 'repos', repo: 'shop', q: 'render_badge <img src=x onerror=alert(6)>' }));
    await page.locator('table.data tbody tr').first().waitFor();
    expect(await page.locator('table.data tbody td:nth-child(2)').allTextContents()).toContain(HOSTILE_FILE);
    expect(await injected(page)).toEqual([]);

    await page.goto(viewUrl(bench.server, { view: 'decisions', repo: 'shop' }));
    await page.getByRole('link', { name: HOSTILE_TASK }).first().click();
    await page.locator('table.data tbody tr').first().waitFor();
    expect(await page.locator('table.data tbody').first().textContent()).toContain(HOSTILE_FILE);
    expect(await injected(page)).toEqual([]);

    expect((await hydrate(bench, 'Fix `render_badge`: it returns <img src=x onerror=alert(7)>')).status).toBe(200);
    await page.goto(viewUrl(bench.server, { view: 'episodes', repo: 'shop', entity: `${HOSTILE_FILE}::render_badge` }));
    await page.getByTestId('entity-state').waitFor();
    expect(await page.locator('#entity-title').textContent()).toBe(`${HOSTILE_FILE}::render_badge`);
    await expect.poll(() => page.locator('[data-testid=timeline] .query').allTextContents()).toContain('Fix `render_badge`: it returns <img src=x onerror=alert(7)>');
    expect(await injected(page)).toEqual([]);
  });

  it('the server-rendered shell escapes the query it was sent', async () => {
    const url = viewUrl(bench.server, { repo: '<script>alert(8)</script>', task: '"><img src=x onerror=alert(9)>' });
    const html = await (await fetch(url)).text();
    expect(html).not.toContain('<script>alert(8)');
    expect(html).not.toContain('<img src=x');
    await page.goto(url);
    await page.locator('#root').waitFor({ state: 'attached' });
    expect(await injected(page)).toEqual([]);
  });

  it('another site\'s page cannot make the browser approve through the server (a form post, a no-cors fetch)', async () => {
    expect((await hydrate(bench, 'Fix the rounding in `Cart.total`')).status).toBe(200);
    const target = bench.server.url.replace('127.0.0.1', 'localhost');
    const body = JSON.stringify({ repo: 'shop', entity_key: ENTITY });
    const evil = await serveEvilPage(target, body);
    try {
      const statuses: number[] = [];
      page.on('response', (response) => response.url().endsWith('/memory/approve') && statuses.push(response.status()));
      await page.goto(evil.url);
      await expect.poll(() => statuses.length, { timeout: 15_000 }).toBe(2);
      expect(statuses).toEqual([403, 403]);
    } finally {
      evil.server.close();
    }
    const state = (await (await fetch(`${bench.server.url}/repos/shop/introspect/change/${encodeURIComponent(ENTITY)}`)).json()) as { state: string };
    expect(state.state).toBe('PROPOSED');
  });

  it('no script ran that the repository wrote, and the page put nothing into an HTML sink', () => {
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/** A page on another origin that posts to cairn as a form (text/plain) and as a no-cors fetch. */
async function serveEvilPage(target: string, body: string): Promise<{ url: string; server: Server }> {
  const [name, value] = [body.slice(0, -2), `"}`].map((part) => part.replace(/'/g, '&#39;'));
  const html = `<!doctype html><title>elsewhere</title>
<form id="f" method="POST" action="${target}/memory/approve" enctype="text/plain"><input type="hidden" name='${name}' value='${value}'></form>
<script>
fetch(${JSON.stringify(`${target}/memory/approve`)}, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(body)} })
  .catch(() => {}).finally(() => document.getElementById('f').submit());
</script>`;
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe.skipIf(skipWithoutChromium)('the web page on a server started with --token', () => {
  let bench: Bench;
  let browser: Session;

  beforeAll(async () => {
    bench = await startBench([], { CAIRN_TOKEN: TOKEN });
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await bench?.close();
  });

  it('asks for the token, says when it is refused, keeps it for the tab (a reload) and not for a new tab, and never puts it in a URL', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const url = viewUrl(bench.server, { repo: 'shop', task: TASK, budget: '8000' });
    await page.goto(url);
    const token = page.getByLabel('Token', { exact: true });
    await token.waitFor();
    expect((await fetch(`${bench.server.url}/repos`)).status).toBe(401);

    await token.fill('not-the-token-at-all-0123456789');
    await page.getByRole('button', { name: 'Use token' }).click();
    await page.getByText('The server refused that token.').waitFor();
    await page.getByLabel('Token', { exact: true }).fill(TOKEN);
    await page.getByRole('button', { name: 'Use token' }).click();
    expect(await packagePaths(page)).toContain('shop/payments/gateway.py');

    await page.reload();
    expect(await packagePaths(page)).toContain('shop/payments/gateway.py');
    const other = await browser.newPage();
    await other.goto(url);
    await other.getByLabel('Token', { exact: true }).waitFor();
    await other.close();

    const urls = browser.requests.map((request) => request.url());
    expect(urls.some((seen) => seen.includes(TOKEN))).toBe(false);
    const sent = browser.requests.filter((request) => request.url().endsWith('/retrieve')).map((request) => request.headers()['authorization']);
    expect(sent).toContain(`Bearer ${TOKEN}`);
    expect(await browser.context.cookies()).toEqual([]);
    await page.close();
  });
});
