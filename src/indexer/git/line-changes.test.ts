// The line-range history the historical section shows, on repositories the test builds:
// the hunks are git's own `-U0` hunks, only those inside the range (as it stood in each
// commit, though the definition moved since), only of the commits asked, and nothing when
// the file on disk is not the file at HEAD.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitLineHistory } from './line-changes.js';
import { TestRepo } from './test-repo.fixture.js';

const V1 = ['def price(total):', '    return total', '', '', 'def discount(total, rate):', '    return round(total * (1 - rate), 2)', ''].join('\n');
const V2 = V1.replace('round(total * (1 - rate), 2)', 'total - rate');
// price changed: discount's lines are untouched.
const V3 = V2.replace('    return total\n', '    return total + 0\n');
// Three lines inserted at the top: discount moves down.
const V4 = `"""Prices."""\nimport math\n\n${V3}`;
const DISCOUNT_AT_V4 = { path: 'shop/pricing.py', startLine: 8, endLine: 9 };

let root: string;
let repo: TestRepo;
let shas: string[];

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cairn-line-changes-'));
  repo = TestRepo.init(root);
  shas = [
    repo.commit(1_700_000_000, 'Add pricing', { 'shop/pricing.py': V1 }),
    repo.commit(1_700_100_000, 'Simplify discount', { 'shop/pricing.py': V2 }),
    repo.commit(1_700_200_000, 'Touch price', { 'shop/pricing.py': V3 }),
    repo.commit(1_700_300_000, 'Add a module docstring', { 'shop/pricing.py': V4 }),
  ];
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('gitLineHistory', () => {
  it("gives a commit's hunks inside the range as git prints them, the range mapped back to where it stood", async () => {
    const changes = await gitLineHistory(root).changesIn({ ...DISCOUNT_AT_V4, commits: [...shas].reverse() });
    // The docstring commit and the price commit did not change discount's lines.
    expect(changes.map((change) => change.sha)).toEqual([shas[1], shas[0]]);
    const simplify = changes[0]!;
    const printed = repo.git(0, 'log', '--no-walk', '-p', '-U0', '--format=', shas[1]!, '--', 'shop/pricing.py');
    expect(simplify.hunks).toEqual(['@@ -6 +6 @@ def discount(total, rate):\n-    return round(total * (1 - rate), 2)\n+    return total - rate']);
    expect(printed).toContain(`${simplify.hunks[0]}\n`);
    expect(simplify).toMatchObject({ changedLines: 2, withinRange: true });
    // The commit that added the file: its one hunk is the whole file, beyond the range.
    expect(changes[1]).toMatchObject({ withinRange: false, changedLines: 2 });
  });

  it('reads only the commits asked for', async () => {
    expect((await gitLineHistory(root).changesIn({ ...DISCOUNT_AT_V4, commits: [shas[3]!, shas[1]!] })).map((change) => change.sha)).toEqual([shas[1]]);
    expect(await gitLineHistory(root).changesIn({ ...DISCOUNT_AT_V4, commits: [] })).toEqual([]);
  });

  it('says nothing of a commit from before the definition existed', async () => {
    const helper = 'def helper():\n    return 1\n';
    const added = repo.commit(1_700_400_000, 'Add a helper', { 'shop/pricing.py': `${helper}\n\n${V4}` });
    // helper() is at lines 1-2 now; the first commit changed the file but not (yet) those lines.
    const changes = await gitLineHistory(root).changesIn({ path: 'shop/pricing.py', startLine: 1, endLine: 2, commits: [added, shas[0]!] });
    expect(changes.map((change) => change.sha)).toEqual([added]);
  });

  it('reads nothing when the file on disk is not the file at HEAD (its line numbers would be wrong)', async () => {
    writeFileSync(path.join(root, 'shop/pricing.py'), `# edited\n${V4}`);
    expect(await gitLineHistory(root).changesIn({ ...DISCOUNT_AT_V4, commits: shas })).toEqual([]);
  });

  it('checks the file against HEAD once for definitions asked together, and again for the next package', async () => {
    const history = gitLineHistory(root);
    const PRICE_AT_V4 = { path: 'shop/pricing.py', startLine: 4, endLine: 5 };
    const [discount, price] = await Promise.all([history.changesIn({ ...DISCOUNT_AT_V4, commits: shas }), history.changesIn({ ...PRICE_AT_V4, commits: shas })]);
    expect(discount.map((change) => change.sha)).toEqual([shas[0], shas[1]]);
    expect(price.map((change) => change.sha)).toEqual([shas[0], shas[2]]);
    // The same reader after the file was edited: the check is not remembered past its package.
    writeFileSync(path.join(root, 'shop/pricing.py'), `# edited\n${V4}`);
    expect(await history.changesIn({ ...DISCOUNT_AT_V4, commits: shas })).toEqual([]);
  });

  it('reads nothing outside a git repository, or for a range beyond the file', async () => {
    const plain = mkdtempSync(path.join(tmpdir(), 'cairn-line-changes-plain-'));
    try {
      writeFileSync(path.join(plain, 'a.py'), 'x = 1\n');
      expect(await gitLineHistory(plain).changesIn({ path: 'a.py', startLine: 1, endLine: 1, commits: shas })).toEqual([]);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
    expect(await gitLineHistory(root).changesIn({ ...DISCOUNT_AT_V4, startLine: 80, endLine: 90, commits: shas })).toEqual([]);
  });

  it('works from a folder below the top of the work tree', async () => {
    const changes = await gitLineHistory(path.join(root, 'shop')).changesIn({ ...DISCOUNT_AT_V4, path: 'pricing.py', commits: [...shas].reverse() });
    expect(changes.map((change) => change.sha)).toEqual([shas[1], shas[0]]);
    expect(changes[0]!.hunks[0]).toContain('+    return total - rate');
  });
});
