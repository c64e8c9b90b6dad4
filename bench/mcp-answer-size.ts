// The size of MCP get_context answers as a client receives them, run by hand, never by `npm test`:
//
//   npm run bench:build && node dist-bench/bench/mcp-answer-size.js --repo REPO --index-dir DIR \
//     [--cairn PATH/bin/cairn.js] [--max-tokens 3000,8000] [--task TEXT]...
//
// Spawns `cairn mcp` through the SDK's StdioClientTransport (as an agent's client does),
// calls get_context for each task at each max_tokens, and prints, per answer, the bytes and
// o200k tokens of the text block, of `structuredContent` as JSON, and of both together —
// the three ways a client may hand an answer to the model. --cairn points at another build
// (e.g. a copy of an older checkout) to compare.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';
import { createO200kCounter } from '../src/retrieval/budget/tokens.js';

interface Options {
  cairn: string;
  repo: string;
  indexDir: string;
  maxTokens: number[];
  tasks: string[];
}

const DEFAULT_TASKS = [
  'session cookie is not set when SESSION_COOKIE_DOMAIN is configured',
  'url_for raises BuildError for a blueprint endpoint when the app has a SERVER_NAME',
  'send_file should guess the mimetype from the download_name when a file object is given',
];

function parseOptions(argv: string[]): Options {
  const options: Options = { cairn: fileURLToPath(new URL('../../bin/cairn.js', import.meta.url)), repo: '', indexDir: '', maxTokens: [3000, 8000], tasks: [] };
  for (let at = 0; at < argv.length; at += 2) {
    const [flag, value] = [argv[at], argv[at + 1] ?? ''];
    if (flag === '--cairn') options.cairn = value;
    else if (flag === '--repo') options.repo = value;
    else if (flag === '--index-dir') options.indexDir = value;
    else if (flag === '--max-tokens') options.maxTokens = value.split(',').map(Number);
    else if (flag === '--task') options.tasks.push(value);
    else throw new Error(`unknown option ${flag}`);
  }
  if (options.repo === '' || options.indexDir === '') throw new Error('--repo and --index-dir are required');
  if (options.tasks.length === 0) options.tasks = DEFAULT_TASKS;
  return options;
}

interface Size {
  bytes: number;
  tokens: number;
}

const counter = createO200kCounter();

function sizeOf(text: string): Size {
  return { bytes: Buffer.byteLength(text, 'utf8'), tokens: counter.count(text) };
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

function row(label: string, text: Size, structured: Size): string {
  const both = { bytes: text.bytes + structured.bytes, tokens: text.tokens + structured.tokens };
  const cell = (size: Size): string => `${String(size.bytes).padStart(7)} B ${String(size.tokens).padStart(6)} tok`;
  return `${label.padEnd(12)} text ${cell(text)} · structured ${cell(structured)} · both ${cell(both)}`;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.cairn, 'mcp', '--repo', options.repo, '--index-dir', options.indexDir, '--no-watch', '--max-tokens', String(Math.max(...options.maxTokens))],
    env: { ...(process.env as Record<string, string>), CI: '1' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'mcp-answer-size', version: '1' });
  await client.connect(transport);
  console.log(`cairn: ${options.cairn}\nrepo: ${options.repo}`);
  try {
    for (const cap of options.maxTokens) {
      const totals = { text: { bytes: 0, tokens: 0 }, structured: { bytes: 0, tokens: 0 } };
      for (const [number, task] of options.tasks.entries()) {
        const result = (await client.callTool({ name: 'get_context', arguments: { task, max_tokens: cap } })) as CallToolResult;
        if (result.isError) throw new Error(`get_context failed: ${textOf(result)}`);
        const text = sizeOf(textOf(result));
        const structured = sizeOf(JSON.stringify(result.structuredContent ?? {}));
        for (const [key, size] of [['text', text], ['structured', structured]] as const) {
          totals[key].bytes += size.bytes;
          totals[key].tokens += size.tokens;
        }
        const items = ((result.structuredContent as { items?: unknown[] } | undefined)?.items ?? []).length;
        const capped = /did not fit under/.test(textOf(result)) ? ' (cut to fit the cap)' : '';
        console.log(`${row(`${cap} #${number + 1}`, text, structured)} · ${items} items${capped}`);
      }
      const mean = (size: Size): Size => ({ bytes: Math.round(size.bytes / options.tasks.length), tokens: Math.round(size.tokens / options.tasks.length) });
      console.log(row(`${cap} mean`, mean(totals.text), mean(totals.structured)));
    }
  } finally {
    await client.close();
  }
}

await main();
