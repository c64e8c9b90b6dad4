// Regression of issue 21 through `cairn mcp` (the SDK's Client spawning the binary over
// stdio): `get_context` with `task_id` and `missing` added the file as a bare path; asked
// for, a file comes as code (whole when it fits).

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CAIRN_BIN } from '../support/cli.js';
import { RECEIPTS, shopWithReceipts } from '../support/requested-file.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

describe('get_context with missing (MCP over stdio)', () => {
  it('regression: get_context with missing added the file as a bare path; it comes as its code', async () => {
    const repo = shopWithReceipts();
    cleanups.push(() => repo.remove());
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CAIRN_BIN, 'mcp', '--repo', repo.path],
      env: { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CI: '1' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'cairn-test', version: '1.0.0' });
    await client.connect(transport);
    cleanups.push(() => client.close());
    const first = (await client.callTool({ name: 'get_context', arguments: { task: 'Wrong total in `shop/cart.py`: `Cart.total` applies the discount after tax', max_tokens: 6000 } })) as CallToolResult;
    expect(first.isError ?? false, text(first)).toBe(false);
    const { task_id } = first.structuredContent as { task_id: string };
    const refined = (await client.callTool({ name: 'get_context', arguments: { task_id, missing: [RECEIPTS] } })) as CallToolResult;
    expect(refined.isError ?? false, text(refined)).toBe(false);
    const item = (refined.structuredContent as { items: { path: string; detail: string }[] }).items.find((entry) => entry.path === RECEIPTS);
    expect(item?.detail).toBe('full');
    expect(text(refined)).toContain(readFileSync(join(repo.path, RECEIPTS), 'utf8').trimEnd());
  });
});
