// get_context carries the code once (regression: every answer carried the package's code
// twice, as the text block and again inside structuredContent, ~10 KB + 11 KB at
// max_tokens 3000 on flask). Through the SDK's own Client, linked in memory to the server
// over an indexed copy of the shop fixture: the code is in the markdown text, the
// structured part has each item's metadata and matches the tool's outputSchema (the client
// checks it against the schema tools/list gave), and the two together stay within max_tokens.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepo } from '../../src/app/repo.js';
import { openServed } from '../../src/app/serve.js';
import { type ServeSet } from '../../src/serve/live.js';
import { silentLogging } from '../../src/logging/logger.js';
import { createO200kCounter } from '../../src/tokenizer/tokens.js';
import { linkedMcpClient } from '../support/mcp-client.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const counter = createO200kCounter();
const TASK = 'Wrong total in `shop/cart.py`: `Cart.total` applies the discount after tax';

let repo: TempDir;
let set: ServeSet;
let client: Client;

beforeAll(async () => {
  repo = fixtureRepo('shop');
  const lines = Array.from({ length: 400 }, (_, i) => `    total_${i} = add(total_${i - 1}, ${i})  # running sum`);
  repo.write('shop/ledger.py', `def reconcile(total_0):\n${lines.join('\n')}\n    return total_399\n`);
  set = await openServed([{ name: 'default', context: await openRepo({ repo: repo.path, env: {} }) }], { logger: silentLogging().logger, env: {}, watch: false });
  client = await linkedMcpClient(set.repos[0]!, { maxTokens: 8000, name: 'carried-once' });
  // tools/list first: the client then checks every structuredContent against its tool's outputSchema.
  await client.listTools();
}, 60_000);

afterAll(async () => {
  await client?.close();
  await set?.close();
  repo?.remove();
});

async function getContext(args: Record<string, unknown>): Promise<CallToolResult> {
  const result = (await client.callTool({ name: 'get_context', arguments: args })) as CallToolResult;
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  return result;
}

function textOf(result: CallToolResult): string {
  expect(result.content).toHaveLength(1);
  return result.content[0]?.type === 'text' ? result.content[0].text : '';
}

/** Tokens of each part and of both, as the three kinds of client hand them to the model. */
function sizes(result: CallToolResult): { text: number; structured: number; both: number } {
  const text = counter.count(textOf(result));
  const structured = counter.count(JSON.stringify(result.structuredContent));
  return { text, structured, both: text + structured };
}

describe('get_context carries the code once', () => {
  it('a package: the code in the markdown text, item metadata only in the structured part', async () => {
    const result = await getContext({ task: TASK, max_tokens: 3000 });
    const structured = result.structuredContent as { task_id: string; match: string; code_shown_in: string; items: Record<string, unknown>[] };
    expect(structured.match).toBe('strong');
    expect(textOf(result)).toContain('def total(self)');
    // The match line first (issue 21), then the package's header.
    expect(textOf(result)).toMatch(/^match: strong — .*\n(?:.*\n)*?# cairn context · task /);
    expect(JSON.stringify(structured)).not.toContain('def total');
    expect(structured.items.length).toBeGreaterThan(0);
    for (const item of structured.items) expect(Object.keys(item).sort()).toEqual(['detail', 'lines', 'path', 'reason', 'symbol', 'tokens']);
    expect(structured.items.some((item) => item['path'] === 'shop/cart.py')).toBe(true);
    expect(structured.code_shown_in).toContain('text content');
    expect(sizes(result).both).toBeLessThanOrEqual(3000);
  });

  it('a refinement and an episode of a conversation answer the same way', async () => {
    const first = await getContext({ task: TASK, max_tokens: 2000 });
    const refined = await getContext({ task_id: (first.structuredContent as { task_id: string }).task_id, missing: ['web/src/format.ts'] });
    expect(textOf(refined)).toContain('export function formatPrice');
    expect(JSON.stringify(refined.structuredContent)).not.toContain('export function formatPrice');

    const episode = await getContext({ task: 'The total is wrong: look at `Cart.total`', conversation_id: 'once-1', max_tokens: 2000 });
    const items = (episode.structuredContent as { items: Record<string, unknown>[] }).items;
    expect(textOf(episode)).toContain('def total(self)');
    expect(JSON.stringify(episode.structuredContent)).not.toContain('def total');
    expect(items.find((item) => item['entity_key'] === 'shop/cart.py::Cart.total')).toMatchObject({ status: 'new', lines: [expect.any(Number), expect.any(Number)] });
    for (const item of items) expect(item).not.toHaveProperty('text');
    expect(sizes(episode).both).toBeLessThanOrEqual(2000);
  });

  it('stays within max_tokens read any way (text alone, structured alone, both), however small the cap', async () => {
    for (const cap of [1000, 1500, 3000, 8000]) {
      for (const args of [{ task: 'reconcile the running totals in the ledger: total_17 is off by one' }, { task: TASK }, { task: TASK, conversation_id: `cap-${cap}` }]) {
        const size = sizes(await getContext({ ...args, max_tokens: cap }));
        expect(size.both, `${cap} ${JSON.stringify(args)}`).toBeLessThanOrEqual(cap);
        expect(size.text).toBeGreaterThan(size.structured);
      }
    }
  });
});
