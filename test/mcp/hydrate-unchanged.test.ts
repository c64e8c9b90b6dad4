// Regression of issue 21 through `cairn mcp` (the SDK's Client spawning the binary over
// stdio): get_context with a conversation id re-sent every block earlier calls showed;
// unchanged ones are listed now, and sent again with resend_unchanged.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CAIRN_BIN } from '../support/cli.js';
import { fixtureRepo } from '../support/temp-repo.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TOTAL = 'shop/cart.py::Cart.total';

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

describe('get_context with conversation_id (MCP over stdio)', () => {
  it('regression: get_context re-sent unchanged blocks earlier calls showed; they are listed, and sent again with resend_unchanged', async () => {
    const repo = fixtureRepo('shop');
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
    const call = async (args: Record<string, unknown>): Promise<CallToolResult> => {
      const result = (await client.callTool({ name: 'get_context', arguments: { conversation_id: 'm1', max_tokens: 3000, ...args } })) as CallToolResult;
      expect(result.isError ?? false, text(result)).toBe(false);
      return result;
    };
    await call({ task: 'The total is wrong: look at `Cart.total`' });
    const listed = await call({ task: 'Charging a card fails with PaymentError' });
    expect(text(listed)).toContain(`unchanged since episode `);
    expect(text(listed)).toContain(`: ${TOTAL}\n`);
    expect(text(listed)).not.toContain('def total(self) -> float:');
    const item = (listed.structuredContent as { items: { entity_key: string; status: string; body?: string }[] }).items.find((entry) => entry.entity_key === TOTAL);
    expect(item).toMatchObject({ status: 'unchanged', body: 'none' });
    const resent = await call({ task: 'Charging a card fails with PaymentError', resend_unchanged: true });
    expect(text(resent)).toContain('def total(self) -> float:');
  });
});
