// The web page in headless Chromium against the real `cairn serve` on a fixture repository
// over loopback: each view loads, a retrieval shows its items, the budget bar and the graph,
// links lead where they say, a shared URL reloads to the same view, and the page asks for
// nothing outside the server. Screenshots go to a temporary folder, and to docs/ when
// CAIRN_SCREENSHOTS=docs (how the README's pictures are made).

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, skipWithoutChromium, type Session } from '../support/browser.js';
import { packagePaths, screenshot, startBench, TASK, viewUrl, type Bench } from './page-fixture.js';
import { LABEL_CHAR_WIDTH } from '../../src/faces/web/client/graph-layout.js';

describe.skipIf(skipWithoutChromium)('the web page', () => {
  let bench: Bench;
  let browser: Session;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    bench = await startBench();
    browser = await openBrowser();
    page = await browser.newPage();
    // A step that waits fails within the test's own time, with the step's message.
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await bench?.close();
  });

  it('renders the package of a shared URL on first load: items with provenance, code with the file\'s line numbers, the budget bar', async () => {
    await page.goto(viewUrl(bench.server, { repo: 'shop', task: TASK, budget: '8000' }));
    const paths = await packagePaths(page);
    expect(paths).toContain('shop/payments/gateway.py');
    const gateway = page.locator('[data-item-id="shop/payments/gateway.py"]');
    await expect.poll(() => gateway.locator('[data-field=stage]').textContent()).toBe('scope');
    expect(await gateway.locator('[data-field=tier]').textContent()).toBe('0');
    expect(Number(await gateway.locator('[data-field=tokens]').textContent())).toBeGreaterThan(0);
    expect(await gateway.locator('[data-field=reason]').textContent()).toContain('PaymentError');
    expect(await gateway.locator('.code .tk-keyword').count()).toBeGreaterThan(0);
    // Every item shown as code is numbered with the file's own lines, from its first to its last.
    const spans = await page.locator('[data-testid=items] article').evaluateAll((articles) =>
      articles
        .filter((article) => /^(full|excerpt)/.test(article.querySelector('[data-field=detail]')!.textContent!))
        .map((article) => ({ label: article.querySelector('.lines')!.textContent, numbers: article.querySelector('.code pre.ln')!.textContent!.split('\n') })),
    );
    expect(spans.length).toBeGreaterThan(3);
    for (const { label, numbers } of spans) expect(`lines ${numbers[0]}–${numbers[numbers.length - 1]}`).toBe(label);
    expect(spans.some(({ numbers }) => numbers[0] !== '1')).toBe(true);

    expect(await page.getByTestId('match').textContent()).toMatch(/^Match: strong — the task matches this repository/);
    const figure = async (name: string): Promise<number> => Number(await page.locator(`[data-testid=budget] [data-figure=${name}]`).textContent());
    expect(await figure('window')).toBe(8000);
    expect(await figure('reserved')).toBe(0);
    const used = await figure('used');
    expect(used).toBeGreaterThan(0);
    expect(used + (await figure('left'))).toBe(8000);
    expect(await page.locator('table caption', { hasText: 'Considered and not shown' }).count()).toBe(1);
    await expect.poll(() => new URL(page.url()).searchParams.get('task_id')).toMatch(/^task-/);
    await screenshot(page, 'task');
  });

  it('follows the link to the graph: the package\'s files as nodes, seeds marked, edges drawn; a node shows its provenance and opens its item', async () => {
    const paths = new Set(await packagePaths(page));
    await page.getByRole('link', { name: 'graph of its files' }).click();
    const graph = page.locator('[data-testid=graph]');
    await graph.locator('.node').first().waitFor();
    expect(await graph.locator('.node').count()).toBe(paths.size);
    expect(await graph.locator('.node[data-seed=true]').count()).toBeGreaterThan(0);
    expect(await graph.locator('line.edge[data-relation=imports]').count()).toBeGreaterThan(0);
    // The layout keeps each label's width clear by an estimate per character: the drawn labels stay within it.
    const labels = await graph.locator('.node text').evaluateAll((texts) => texts.map((text) => ({ characters: text.textContent!.length, width: (text as unknown as { getBBox(): { width: number } }).getBBox().width })));
    for (const { characters, width } of labels) expect(width).toBeLessThanOrEqual(characters * LABEL_CHAR_WIDTH);
    await graph.locator('.node[data-path="shop/cart.py"]').click();
    await expect.poll(() => page.locator('.provenance h2').textContent()).toBe('shop/cart.py');
    expect(new URL(page.url()).searchParams.get('node')).toBe('shop/cart.py');
    await screenshot(page, 'graph');
    const itemLink = page.locator('.provenance li a').first();
    const itemId = new URL((await itemLink.getAttribute('href'))!, bench.server.url).searchParams.get('item');
    expect(itemId).toMatch(/^shop\/cart\.py/);
    await itemLink.click();
    await page.locator('.item.focused').waitFor();
    expect(await page.locator('.item.focused').getAttribute('data-item-id')).toBe(itemId);
    expect(new URL(page.url()).searchParams.get('view')).toBe('task');
  });

  it('reloads a shared URL to the same view and package', async () => {
    const before = await packagePaths(page);
    await page.reload();
    expect(await packagePaths(page)).toEqual(before);
    await page.goBack();
    await page.locator('[data-testid=graph] .node').first().waitFor();
  });

  it('lists the repositories with their index, and searches with the ranking signals and filters', async () => {
    await page.goto(viewUrl(bench.server, { view: 'repos', repo: 'shop', q: 'payment error charge', lang: 'python' }));
    expect(await page.locator('[data-testid=repo-state]').textContent()).toBe('ready');
    expect(await page.locator('.chips li', { hasText: 'python' }).count()).toBe(1);
    const rows = page.locator('table.data tbody tr');
    await rows.first().waitFor();
    const found = await rows.locator('td:nth-child(2)').allTextContents();
    expect(found[0]).toBe('shop/payments/gateway.py');
    expect(found.every((path) => path.endsWith('.py'))).toBe(true);
    expect(await rows.first().locator('td:last-child').textContent()).toMatch(/bm25-\w+ #1/);
    await screenshot(page, 'repositories');
  });

  it('shows a task\'s decisions as a table to filter and sort', async () => {
    await page.goto(viewUrl(bench.server, { view: 'decisions', repo: 'shop' }));
    await page.getByRole('link', { name: TASK }).first().click();
    const rows = page.locator('table.data').first().locator('tbody tr');
    await rows.first().waitFor();
    const all = await rows.count();
    expect(all).toBeGreaterThan(5);
    await page.getByLabel('Verdict').selectOption('excluded');
    await expect.poll(() => rows.count()).toBeLessThan(all);
    expect(new Set(await rows.locator('td:nth-child(5)').allTextContents())).toEqual(new Set(['dropped']));
    await page.getByLabel('Verdict').selectOption('');
    await page.getByRole('button', { name: 'score' }).click();
    const scores = (await rows.locator('td:nth-child(8)').allTextContents()).map(Number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await screenshot(page, 'decisions');
  });

  it('shows a long table\'s first 100 rows, and the rest on request', async () => {
    for (let run = 0; run < 3; run += 1) {
      const answer = await fetch(`${bench.server.url}/retrieve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ repo: 'shop', task: TASK, task_id: 'task-long-table', max_tokens: 8000 }) });
      expect(answer.status).toBe(200);
    }
    await page.goto(viewUrl(bench.server, { view: 'decisions', repo: 'shop', task_id: 'task-long-table' }));
    const table = page.locator('table.data').first();
    await table.locator('tbody tr').first().waitFor();
    const total = Number(/\((\d+)\)$/.exec((await table.locator('caption').textContent())!)![1]);
    expect(total).toBeGreaterThan(100);
    expect(await table.locator('tbody tr').count()).toBe(100);
    await page.getByRole('button', { name: `Show all ${total} rows` }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(total);
  });

  it('puts conversations on a timeline; an entity shows its gates, the diff since it was shown, and approval', async () => {
    const hydrate = (query: string): Promise<Response> =>
      fetch(`${bench.server.url}/hydrate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ repo: 'shop', query, conversation_id: 'conv-1' }) });
    expect((await hydrate('Fix the rounding in `Cart.total`')).status).toBe(200);
    bench.repo.write('shop/cart.py', (await import('node:fs')).readFileSync(`${bench.repo.path}/shop/cart.py`, 'utf8').replace('round(discounted * (1 + TAX_RATE), 2)', 'round(discounted * (1 + TAX_RATE), 3)'));
    await page.goto(viewUrl(bench.server, { view: 'episodes', repo: 'shop', entity: 'shop/cart.py::Cart.total' }));
    await page.getByTestId('entity-state').waitFor();
    expect(await page.getByTestId('entity-state').textContent()).toMatch(/^PROPOSED/);
    await page.locator('pre.diff').waitFor();
    expect(await page.locator('pre.diff .add').allTextContents()).toContain('+        return round(discounted * (1 + TAX_RATE), 3)\n');
    expect((await hydrate('And `Cart.total` again')).status).toBe(200);
    await page.reload();
    // The conversations arrive by their own request after the page loads: wait for them.
    await expect.poll(() => page.locator('[data-testid=timeline] li').count()).toBe(2);
    await page.locator('[data-testid=timeline] a').nth(1).click();
    const blocks = page.locator('#episode-title ~ div table tbody tr, section[aria-labelledby=episode-title] tbody tr');
    await blocks.first().waitFor();
    expect(await page.locator('section[aria-labelledby=episode-title] tbody').textContent()).toContain('changed since');
    await page.locator('section[aria-labelledby=episode-title]').getByRole('link', { name: 'shop/cart.py::Cart.total' }).click();
    await page.getByTestId('entity-state').waitFor();
    expect(new URL(page.url()).searchParams.get('episode')).toMatch(/^ep-/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByTestId('entity-state').textContent()).toMatch(/^AUTHORITATIVE/);
    await screenshot(page, 'episodes');
  });

  it('lists remembered failures and renders a diagnosis of a handoff bundle', async () => {
    await page.goto(viewUrl(bench.server, { view: 'diagnostics', repo: 'shop' }));
    await page.locator('table.data tbody tr').first().waitFor();
    expect(await page.locator('table.data tbody').textContent()).toContain('reject zero quantities in the importer');
    await page.getByLabel('Handoff bundle (JSON)').fill(JSON.stringify({ error_message: 'ValueError: quantity must be positive', stack_trace: '', recent_changes: [], root_cause: 'unknown' }));
    await page.getByLabel('Run folder (in the repository)').fill('runs/42');
    await page.getByLabel('Phase').fill('build');
    await page.getByLabel('Attempt').fill('2');
    await page.getByRole('button', { name: 'Diagnose' }).click();
    const report = page.getByTestId('diagnosis');
    await report.waitFor();
    expect(await report.textContent()).toMatch(/Escalate, (high|medium) priority/);
    expect(await report.locator('li.fired').count()).toBeGreaterThan(0);
    await screenshot(page, 'diagnostics');
  });

  it('made no request outside the server, and no script error', () => {
    const origin = new URL(bench.server.url).origin;
    const outside = browser.requests.map((request) => request.url()).filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'));
    expect(outside).toEqual([]);
    expect(browser.requests.length).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  });
});
