// Regression of issue 21 through the real binary: `cairn refine --missing-files` added the
// file as a bare path; asked for, a file comes as code (whole when it fits).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJson } from '../../src/render/index.js';
import { runCli } from '../support/cli.js';
import { RECEIPTS, shopWithReceipts } from '../support/requested-file.js';
import type { TempDir } from '../support/temp-repo.js';

const repos: TempDir[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

describe('cairn refine --missing-files', () => {
  it('regression: refine --missing-files added the file as a bare path; it comes as its code', async () => {
    const repo = shopWithReceipts();
    repos.push(repo);
    const budget = ['--context-window', '6000', '--reserved-tokens', '1000'];
    const first = await runCli(['retrieve', 'Wrong total in `shop/cart.py`: `Cart.total` applies the discount after tax', '--repo', repo.path, '--task-id', 'cli-requested', ...budget]);
    expect(first.code, first.stderr).toBe(0);
    const refined = await runCli(['refine', '--task-id', 'cli-requested', '--repo', repo.path, '--missing-files', RECEIPTS, '--format', 'json']);
    expect(refined.code, refined.stderr).toBe(0);
    const item = parseJson(refined.stdout).items.find((entry) => entry.path === RECEIPTS);
    expect(item?.detail).toBe('full');
    // The file's own lines; the break after the last is the code block's (core/source-lines.ts).
    expect(item!.text).toBe(readFileSync(join(repo.path, RECEIPTS), 'utf8').replace(/\r?\n$/, ''));
  });
});
