// Regression of issue 21 through `cairn serve` over loopback HTTP: POST /refine with
// missing_files added the file as a bare path; asked for, a file comes as code.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/http-api.js';
import { RECEIPTS, shopWithReceipts } from '../support/requested-file.js';
import type { TempDir } from '../support/temp-repo.js';

describe('POST /refine with missing_files', () => {
  let repo: TempDir;
  let api: Api;
  beforeAll(async () => {
    repo = shopWithReceipts();
    api = await startApi([{ name: 'shop', path: repo.path }]);
  });
  afterAll(async () => {
    await api.close();
    repo.remove();
  });

  it('regression: POST /refine added a requested file as a bare path; it comes as its code', async () => {
    const run = await api.post('/retrieve', { task: 'Wrong total in `shop/cart.py`: `Cart.total` applies the discount after tax', task_id: 'http-requested', max_tokens: 5000 });
    expect(run.status).toBe(200);
    const refined = await api.post('/refine', { task_id: 'http-requested', missing_files: [RECEIPTS] });
    expect(refined.status).toBe(200);
    const items = (refined.json['package'] as { items: { path: string; detail: string; text: string }[] }).items;
    const item = items.find((entry) => entry.path === RECEIPTS);
    expect(item?.detail).toBe('full');
    // The file's own lines; the break after the last is the code block's (core/source-lines.ts).
    expect(item!.text).toBe(readFileSync(join(repo.path, RECEIPTS), 'utf8').replace(/\r?\n$/, ''));
  });
});
