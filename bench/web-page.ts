// The web page's speed in headless Chromium (Debian's, as the tests use it), run by hand,
// never by `npm test`:
//
//   npm run bench:build && node dist-bench/bench/web-page.js --repo NAME=PATH --index-dir DIR \
//     [--cairn PATH/bin/cairn.js] [--budget 16000] [--runs 10] [--task TEXT]
//
// Starts `cairn serve --no-watch` over an indexed repository and measures, per run:
// - page load: from navigation start to the Repositories view drawn (its /repos answer
//   shown), and to the load event — cold (a fresh browser profile, nothing cached) and warm
//   (a reload in the same tab: the assets come from the cache, as they are immutable);
// - a package's render: `/ui?repo=…&task=…&budget=N` on first load, from the end of the
//   last API answer the Task view waits for (`…/explain`) to the package drawn (items,
//   budget bar, the left-out table) and to the next frame after it; beside it the server's
//   time for /retrieve and /explain, and the package's size (tokens used, items, code lines).
// Times come from the page's own clock (performance.now(), Resource Timing), so the
// browser's start-up and the DevTools protocol's round trips are not in them.

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { openBrowser, type Session } from '../test/support/browser.js';

interface Options {
  cairn: string;
  repo: string;
  indexDir: string;
  budget: number;
  runs: number;
  task: string;
}

const DEFAULT_TASK = 'url_for raises BuildError for a blueprint endpoint when the app has a SERVER_NAME';

function parseOptions(argv: string[]): Options {
  const options: Options = { cairn: fileURLToPath(new URL('../../bin/cairn.js', import.meta.url)), repo: '', indexDir: '', budget: 16_000, runs: 10, task: DEFAULT_TASK };
  for (let at = 0; at < argv.length; at += 2) {
    const [flag, value] = [argv[at], argv[at + 1] ?? ''];
    if (flag === '--cairn') options.cairn = value;
    else if (flag === '--repo') options.repo = value;
    else if (flag === '--index-dir') options.indexDir = value;
    else if (flag === '--budget') options.budget = Number(value);
    else if (flag === '--runs') options.runs = Number(value);
    else if (flag === '--task') options.task = value;
    else throw new Error(`unknown option ${flag}`);
  }
  if (!/^[^=]+=.+/.test(options.repo) || options.indexDir === '') throw new Error('--repo NAME=PATH and --index-dir DIR are required');
  return options;
}

function startServer(options: Options): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [options.cairn, 'serve', '--port', '0', '--no-watch', '--repo', options.repo, '--index-dir', options.indexDir], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CAIRN_LOG: 'warn' } });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /^(http:\/\/\S+)$/m.exec(out)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`cairn serve exited (${code}) before printing its URL`)));
  });
}

/** Runs in every page before its own scripts: notes when each watched thing first appears, and the frame after it. */
const MARKS = `
window.__marks = {};
const watched = {
  repos: () => document.querySelector('.repo-list li .repo, .repo-list li') !== null,
  package: () => document.querySelector('[data-testid=items] article') !== null && document.querySelector('[data-testid=budget]') !== null && [...document.querySelectorAll('h2')].some((h) => h.textContent.startsWith('Left out')),
};
new MutationObserver(() => {
  for (const [name, seen] of Object.entries(watched)) {
    if (window.__marks[name] === undefined && seen()) {
      window.__marks[name] = performance.now();
      requestAnimationFrame(() => setTimeout(() => (window.__marks[name + 'Frame'] = performance.now()), 0));
    }
  }
}).observe(document, { subtree: true, childList: true });
`;

async function marks(page: Page, name: string): Promise<Record<string, number>> {
  // A function, not a string: the page's policy forbids eval.
  await page.waitForFunction((wanted) => (globalThis as unknown as { __marks?: Record<string, number> }).__marks?.[`${wanted}Frame`] !== undefined, name, { timeout: 120_000, polling: 50 });
  return (await page.evaluate('window.__marks')) as Record<string, number>;
}

async function pageLoad(page: Page, url: string, reload: boolean): Promise<{ drawn: number; load: number }> {
  if (reload) await page.reload({ waitUntil: 'load' });
  else await page.goto(url, { waitUntil: 'load' });
  const seen = await marks(page, 'repos');
  const load = (await page.evaluate(`performance.getEntriesByType('navigation')[0].loadEventEnd`)) as number;
  return { drawn: seen['repos']!, load };
}

interface RenderRun {
  render: number;
  renderFrame: number;
  retrieveMs: number;
  explainMs: number;
  firstLoadToPackage: number;
  used: number;
  items: number;
  codeLines: number;
}

async function packageRender(page: Page, url: string): Promise<RenderRun> {
  await page.goto(url, { waitUntil: 'load' });
  const seen = await marks(page, 'package');
  const timing = (await page.evaluate(`performance.getEntriesByType('resource').filter((e) => /\\/(retrieve|explain)/.test(e.name)).map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd }))`)) as { name: string; start: number; end: number }[];
  const retrieve = timing.find((entry) => entry.name.endsWith('/retrieve'))!;
  const explain = timing.find((entry) => entry.name.includes('/explain'))!;
  return {
    render: seen['package']! - explain.end,
    renderFrame: seen['packageFrame']! - explain.end,
    retrieveMs: retrieve.end - retrieve.start,
    explainMs: explain.end - explain.start,
    firstLoadToPackage: seen['package']!,
    used: Number(await page.locator('[data-testid=budget] [data-figure=used]').textContent()),
    items: await page.locator('[data-testid=items] article').count(),
    codeLines: (await page.locator('[data-testid=items] .code pre.ln').allTextContents()).reduce((sum, numbers) => sum + numbers.split('\n').length, 0),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summary(label: string, values: number[]): string {
  return `${label}: median ${median(values).toFixed(1)} ms, min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)} (n=${values.length})`;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const name = options.repo.split('=')[0]!;
  const server = await startServer(options);
  const cold: { drawn: number; load: number }[] = [];
  const warm: { drawn: number; load: number }[] = [];
  const renders: RenderRun[] = [];
  try {
    const reposUrl = `${server.url}/ui?view=repos&repo=${encodeURIComponent(name)}`;
    const taskUrl = `${server.url}/ui?${new URLSearchParams({ repo: name, task: options.task, budget: String(options.budget) }).toString()}`;
    for (let run = 0; run < options.runs; run += 1) {
      const session: Session = await openBrowser();
      try {
        const page = await session.newPage();
        await page.addInitScript(MARKS);
        cold.push(await pageLoad(page, reposUrl, false));
        warm.push(await pageLoad(page, reposUrl, true));
        renders.push(await packageRender(page, taskUrl));
      } finally {
        await session.close();
      }
    }
  } finally {
    server.child.kill('SIGTERM');
  }
  const last = renders[renders.length - 1]!;
  console.log(`repository ${options.repo}, task "${options.task}", budget ${options.budget}: package of ${last.used} tokens used, ${last.items} items, ${last.codeLines} numbered code lines`);
  console.log(summary('page load, cold profile: navigation start → Repositories drawn', cold.map((entry) => entry.drawn)));
  console.log(summary('page load, cold profile: load event', cold.map((entry) => entry.load)));
  console.log(summary('page load, reload (assets cached): → Repositories drawn', warm.map((entry) => entry.drawn)));
  console.log(summary('package render: last API answer → package in the DOM', renders.map((entry) => entry.render)));
  console.log(summary('package render: last API answer → next frame', renders.map((entry) => entry.renderFrame)));
  console.log(summary('server: POST /retrieve', renders.map((entry) => entry.retrieveMs)));
  console.log(summary('server: GET …/explain', renders.map((entry) => entry.explainMs)));
  console.log(summary('first load of /ui?repo=…&task=…&budget=…: navigation start → package drawn', renders.map((entry) => entry.firstLoadToPackage)));
}

await main();
