// The historical section through a real index of a git repository the test builds: a bug
// report about a regression gets the commit that introduced the change, within the budget,
// and nothing when the section is not asked for.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepo } from '../../app/repo.js';
import { drainIndex, openRawLog, openReader, openSessions, runIndex } from '../../app/stores.js';
import { parseMarkdown } from '../../render/parse.js';
import { renderJson, parseJson } from '../../render/json.js';
import { renderPrompt } from '../../render/prompt.js';
import { gitInit, tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { retrieve, type RetrievalPorts } from '../pipeline/retrieve.js';
import { MARKDOWN_HISTORY } from '../../render/markdown.js';
import { gitLineHistory } from '../../indexer/git/line-changes.js';

const PRICING_V1 = '"""Prices and discounts."""\n\n\ndef apply_discount(total, rate):\n    """A coupon lowers the total."""\n    return round(total * (1 - rate), 2)\n';
const PRICING_V2 = '"""Prices and discounts."""\n\n\ndef apply_discount(total, rate):\n    """A coupon lowers the total."""\n    return total - rate\n';
const CART = '"""Carts."""\nfrom shop.pricing import apply_discount\n\n\nclass Cart:\n    def total(self, rate):\n        return apply_discount(100, rate)\n';
const TASK = 'Regression: apply_discount returns a negative total for a 10% coupon since the last release';

let dir: TempDir;
let ports: RetrievalPorts;

beforeAll(async () => {
  dir = tempDir('cairn-history-');
  const git = gitInit(dir.path);
  dir.write('shop/__init__.py', '');
  dir.write('shop/pricing.py', PRICING_V1);
  dir.write('shop/cart.py', CART);
  dir.write('README.md', '# shop\n');
  git.commit('Add the shop with carts and coupon discounts', 1_700_000_000);
  dir.write('README.md', '# shop\n\nA shop.\n');
  git.commit('Describe the shop in the readme', 1_700_100_000);
  dir.write('shop/pricing.py', PRICING_V2);
  git.commit('Simplify apply_discount to subtract the rate', 1_700_200_000);
  const context = await openRepo({ repo: dir.path, env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
  ports = { reader: openReader(context), rawLog: openRawLog(context), sessions: openSessions(context), root: context.root, llm: null };
});

afterAll(() => {
  ports.reader.close();
  ports.rawLog.close();
  ports.sessions.close();
  dir.remove();
});

const request = (history: number | undefined, format: 'markdown' | 'prompt' | 'json' = 'markdown', contextWindow = 4000) => ({
  task: TASK,
  stages: ['scope', 'precision'],
  budget: { contextWindow, reservedTokens: 0 },
  format,
  ...(history === undefined ? {} : { history }),
});

describe('the historical section', () => {
  it('shows the commit that changed the code of a regression, newest first, after the code', async () => {
    const result = await retrieve(ports, request(3));
    const history = result.package.history ?? [];
    expect(history[0]).toMatchObject({ date: '2023-11-17', subject: 'Simplify apply_discount to subtract the rate', files: ['shop/pricing.py'] });
    expect(history.map((entry) => entry.subject)).toContain('Add the shop with carts and coupon discounts');
    // Only commits of the package's files: the readme commit touched none of them.
    expect(history.map((entry) => entry.subject)).not.toContain('Describe the shop in the readme');
    expect(history[0]!.sha).toMatch(/^[0-9a-f]{12}$/);
    expect(result.rendered).toContain(`${MARKDOWN_HISTORY}\n\n- ${history[0]!.sha} 2023-11-17 Simplify apply_discount to subtract the rate (shop/pricing.py)\n`);
    expect(result.rendered.indexOf(MARKDOWN_HISTORY)).toBeGreaterThan(result.rendered.indexOf('def apply_discount'));
    // The items still parse back whole, the section after them.
    expect(parseMarkdown(result.rendered).map((item) => item.path)).toContain('shop/pricing.py');
    expect(result.package.budget.used).toBeLessThanOrEqual(result.package.budget.available);
  });

  it('is absent unless asked for', async () => {
    const result = await retrieve(ports, request(undefined));
    expect(result.package.history).toBeUndefined();
    expect(result.rendered).not.toContain('## History');
    expect((await retrieve(ports, request(0))).rendered).not.toContain('## History');
  });

  it('prints in the prompt and JSON forms too, and keeps a tiny budget', async () => {
    const prompt = await retrieve(ports, request(2, 'prompt'));
    expect(prompt.rendered).toMatch(/\nHISTORY \(recent commits of these files\)\n[0-9a-f]{12} 2023-11-17 Simplify apply_discount/);
    const json = await retrieve(ports, request(2, 'json'));
    expect((parseJson(json.rendered) as unknown as { history: { subject: string }[] }).history[0]!.subject).toBe('Simplify apply_discount to subtract the rate');
    expect(renderPrompt(prompt.package)).toBe(prompt.rendered);
    expect(renderJson(json.package)).toBe(json.rendered);
    const tiny = await retrieve(ports, request(5, 'markdown', 600));
    expect(tiny.package.budget.used).toBeLessThanOrEqual(600);
    // A tenth of 600 tokens holds at most one commit line.
    expect((tiny.package.history ?? []).length).toBeLessThanOrEqual(1);
  });
});

describe('the lines each commit changed in the main definitions', () => {
  const withLines = (): RetrievalPorts => ({ ...ports, lineHistory: gitLineHistory(dir.path) });

  it("shows the regression's change as git's own hunk under its commit, and a change reaching outside the definition by its count", async () => {
    const result = await retrieve(withLines(), request(3));
    const [regression, creation] = result.package.history ?? [];
    const hunk = '@@ -6 +6 @@ def apply_discount(total, rate):\n-    return round(total * (1 - rate), 2)\n+    return total - rate';
    expect(regression!.changes).toEqual([{ symbol: 'apply_discount', path: 'shop/pricing.py', changedLines: 2, diff: hunk }]);
    expect(result.rendered).toContain(
      `- ${regression!.sha} 2023-11-17 Simplify apply_discount to subtract the rate (shop/pricing.py)\n  2 lines changed in apply_discount (shop/pricing.py)\n\`\`\`diff\n${hunk}\n\`\`\`\n`,
    );
    // The commit that added the file: its hunk is the whole file, so only the count.
    expect(creation!.changes).toContainEqual({ symbol: 'apply_discount', path: 'shop/pricing.py', changedLines: 3, diff: null });
    expect(result.rendered).toContain(`coupon discounts (shop/pricing.py, shop/cart.py, shop/__init__.py)\n  3 lines changed in apply_discount (shop/pricing.py)\n`);
    expect(result.package.budget.used).toBeLessThanOrEqual(result.package.budget.available);
  });

  it('prints the hunks in the prompt form and the JSON form too', async () => {
    const prompt = await retrieve(withLines(), request(3, 'prompt'));
    expect(prompt.rendered).toMatch(/\n[0-9a-f]{12} 2023-11-17 Simplify apply_discount to subtract the rate \(shop\/pricing.py\)\n {2}2 lines changed in apply_discount \(shop\/pricing.py\)\n```diff\n@@ -6 \+6 @@/);
    const json = await retrieve(withLines(), request(3, 'json'));
    expect((parseJson(json.rendered) as unknown as { history: { changes?: { diff: string | null }[] }[] }).history[0]!.changes![0]!.diff).toContain('+    return total - rate');
  });

  it('stays within a tiny budget, diffs counted', async () => {
    const tiny = await retrieve(withLines(), request(5, 'markdown', 700));
    expect(tiny.package.budget.used).toBeLessThanOrEqual(700);
  });
});
