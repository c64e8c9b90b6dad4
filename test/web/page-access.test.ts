// The page for everyone, in headless Chromium against the real `cairn serve`: every view,
// at 1280×800 and in a narrow (390 px) window, has no serious or critical axe-core finding
// and never scrolls sideways; and the page works from the keyboard alone — skip link,
// navigation, the task form, a graph node.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, skipWithoutChromium, type Session } from '../support/browser.js';
import { packagePaths, screenshot, seriousFindings, startBench, TASK, viewUrl, type Bench } from './page-fixture.js';

const WINDOWS = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'narrow', width: 390, height: 844 },
];

/** Each view with what makes it show its content, not an empty state. */
const VIEWS: { view: string; extra: Record<string, string>; ready: string }[] = [
  { view: 'repos', extra: { q: 'payment error charge' }, ready: 'table.data tbody tr' },
  { view: 'task', extra: {}, ready: '[data-testid=items] article' },
  { view: 'graph', extra: { node: 'shop/cart.py' }, ready: '.provenance h2' },
  { view: 'decisions', extra: {}, ready: 'table.data tbody tr' },
  { view: 'episodes', extra: { entity: 'shop/cart.py::Cart.total' }, ready: '[data-testid=entity-state]' },
  { view: 'diagnostics', extra: {}, ready: 'table.data tbody tr' },
];

/** Presses Tab until the focused element matches `selector` (at most `limit` times). */
async function tabTo(page: Page, selector: string, limit = 40): Promise<void> {
  for (let pressed = 0; pressed < limit; pressed += 1) {
    await page.keyboard.press('Tab');
    if ((await page.locator(`${selector}:focus`).count()) > 0) return;
  }
  throw new Error(`${limit} presses of Tab never reached ${selector}`);
}

describe.skipIf(skipWithoutChromium)('the web page for everyone', () => {
  let bench: Bench;
  let browser: Session;
  let page: Page;
  let taskId: string;

  beforeAll(async () => {
    bench = await startBench();
    const retrieved = await fetch(`${bench.server.url}/retrieve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ repo: 'shop', task: TASK, max_tokens: 8000 }) });
    taskId = ((await retrieved.json()) as { task_id: string }).task_id;
    const hydrated = await fetch(`${bench.server.url}/hydrate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ repo: 'shop', query: 'Fix the rounding in `Cart.total`', conversation_id: 'conv-1' }) });
    expect(hydrated.status).toBe(200);
    // axe-core is injected into the page: this session lets it past the page's policy.
    browser = await openBrowser({ bypassCSP: true });
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await bench?.close();
  });

  for (const window of WINDOWS) {
    it(`every view at ${window.width}×${window.height}: no serious or critical axe finding, no sideways scrolling`, async () => {
      await page.setViewportSize({ width: window.width, height: window.height });
      const found: Record<string, string[]> = {};
      for (const { view, extra, ready } of VIEWS) {
        await page.goto(viewUrl(bench.server, { view, repo: 'shop', task: TASK, budget: '8000', task_id: taskId, ...extra }));
        await page.locator(ready).first().waitFor();
        const findings = await seriousFindings(page);
        const [scrollWidth, innerWidth] = (await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')) as [number, number];
        if (scrollWidth > innerWidth) findings.push(`the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
        if (findings.length > 0) found[view] = findings;
        if (window.name === 'narrow' && view === 'task') await screenshot(page, 'task-narrow');
      }
      expect(found).toEqual({});
    });
  }

  it('works from the keyboard: skip link, the views\' navigation, the task form, a graph node', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(viewUrl(bench.server, { view: 'task', repo: 'shop' }));
    await page.locator('textarea[name=task]').waitFor();
    await page.keyboard.press('Tab');
    expect((await page.locator(':focus').textContent())?.trim()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.locator(':focus').getAttribute('id')).toBe('main');

    await tabTo(page, 'textarea[name=task]');
    await page.keyboard.type(TASK);
    await tabTo(page, 'button[type=submit]');
    await page.keyboard.press('Enter');
    expect(await packagePaths(page)).toContain('shop/payments/gateway.py');
    expect(new URL(page.url()).searchParams.get('task')).toBe(TASK);

    await page.locator('a.skip').focus();
    await tabTo(page, 'nav a[href*="view=graph"]');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=graph] .node').first().waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('graph');
    expect(await page.locator(':focus').getAttribute('id')).toBe('main');
    await tabTo(page, '[data-testid=graph] .node');
    const path = await page.locator(':focus').getAttribute('data-path');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.provenance h2').textContent()).toBe(path);
  });
});
