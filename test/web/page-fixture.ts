// The web page's test bench: the shop fixture as a git repository, with a file whose name
// and code are HTML that must never become HTML, a failing run's folder, and a remembered
// failure; `cairn serve` (the real binary) over it on loopback; headless Chromium.

import { mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { runCli } from '../support/cli.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { fixtureRepo, gitInit, type TempDir } from '../support/temp-repo.js';
import { SHOP_BUNDLE } from '../support/shop-handoff.js';

/** A file name and code written to be HTML: the page must show them as text. */
export const HOSTILE_FILE = '<img src=x onerror=alert(1)>.py';
export const HOSTILE_CODE = [
  '"""<script>alert(2)</script> the module doc"""',
  '',
  'def render_badge(label):',
  '    """Returns <img src=x onerror=alert(3)> as markup."""',
  "    return '<b onmouseover=alert(4)>' + label + '</b>'",
  '',
].join('\n');
export const HOSTILE_TASK = 'render_badge returns <img src=x onerror=alert(5)> markup: fix the badge';

export const TASK = 'Charging an empty cart crashes with PaymentError';

export interface Bench {
  repo: TempDir;
  server: ServeProcess;
  close(): Promise<void>;
}

export async function startBench(serveArgs: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Bench> {
  const repo = fixtureRepo('shop');
  repo.write(HOSTILE_FILE, HOSTILE_CODE);
  repo.write('runs/42/build.attempt-1.log', `collecting\nFAILED tests/test_cart.py\n${'ValueError: quantity must be positive in add_item of shop/cart.py\n'.repeat(5)}`);
  repo.write('runs/42/build.attempt-2.log', 'collecting\n');
  repo.write('handoff.json', JSON.stringify(SHOP_BUNDLE));
  gitInit(repo.path).commit('the shop');
  const recorded = await runCli(['failures', 'record', '--repo', repo.path, '--bundle', `${repo.path}/handoff.json`, '--resolution', 'reject zero quantities in the importer'], { killAfterMs: 60_000 });
  expect(recorded.code, recorded.stderr).toBe(0);
  const server = await startServe(['--repo', `shop=${repo.path}`, ...serveArgs], env);
  return {
    repo,
    server,
    async close() {
      await server.stop();
      repo.remove();
    },
  };
}

export function viewUrl(server: ServeProcess, query: Record<string, string>): string {
  return `${server.url}/ui?${new URLSearchParams(query).toString()}`;
}

/** Waits for the Task view's package (items and budget bar) and returns the items' paths. */
export async function packagePaths(page: Page): Promise<string[]> {
  await page.locator('[data-testid=items] article').first().waitFor({ timeout: 60_000 });
  return page.locator('[data-testid=items] article .path').allTextContents();
}

/** axe-core's source, injected into pages of a context that bypasses the page's CSP. */
export function axeSource(): string {
  return readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
}

/** axe-core's serious and critical findings on the page as it is now. */
export async function seriousFindings(page: Page): Promise<string[]> {
  await page.evaluate(axeSource());
  const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join('; ')})`);
}

const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));
let shotDir: string | null = null;

/** Saves `docs/page-<name>.png` when CAIRN_SCREENSHOTS=docs (how the README's pictures are made), else in a temporary folder. */
export async function screenshot(page: Page, name: string): Promise<void> {
  shotDir ??= process.env['CAIRN_SCREENSHOTS'] === 'docs' ? DOCS : mkdtempSync(join(tmpdir(), 'cairn-shots-'));
  mkdirSync(shotDir, { recursive: true });
  const path = join(shotDir, `page-${name}.png`);
  await page.screenshot({ path });
  expect(statSync(path).size).toBeGreaterThan(5_000);
}
