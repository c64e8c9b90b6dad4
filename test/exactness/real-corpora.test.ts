// Code exactly as it is in the file (issue 21), on real code in every language cairn parses:
// real source files (test/support/real-corpora.ts) copied into a repository, indexed by the
// real indexer (`cairn index`), retrieved for tasks about their own definitions at several
// budgets — through the CLI in each of its formats, in-process, and through MCP's
// get_context (a package and an episode's hydration) — and every item that shows code is
// checked against its file line by line (test/support/verbatim.ts): each line byte for byte
// at its line number, only whole-line gap marks between.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepo } from '../../src/app/repo.js';
import { openServed } from '../../src/app/serve.js';
import { openRawLog, openReader, openSessions } from '../../src/app/stores.js';
import type { RenderFormat } from '../../src/core/context-package.js';
import type { SymbolRecord } from '../../src/core/entities.js';
import { createMcpServer } from '../../src/faces/mcp/server.js';
import { silentLogging } from '../../src/logging/logger.js';
import { redactShown } from '../../src/core/redact.js';
import { detectLanguage } from '../../src/indexer/classify/language.js';
import { parseJson, parseMarkdown, parsePrompt } from '../../src/render/index.js';
import { createO200kCounter } from '../../src/tokenizer/tokens.js';
import { retrieve, type RetrievalPorts } from '../../src/retrieval/pipeline/retrieve.js';
import { runCli } from '../support/cli.js';
import { copyRealCorpora } from '../support/real-corpora.js';
import { tempDir, type TempDir } from '../support/temp-repo.js';
import { verbatimProblem } from '../support/verbatim.js';

/** An item as any face shows it: where it says it is from, and its text. */
interface Shown {
  path: string;
  detail: string;
  startLine: number;
  endLine: number;
  text: string;
}

interface Task {
  corpus: string;
  text: string;
}

/** In-process budgets; the CLI runs at 8,000. */
const BUDGETS = [2500, 20000];
const FORMATS: readonly RenderFormat[] = ['markdown', 'prompt', 'json'];

let repo: TempDir;
let corpora: Map<string, string[]>;
let tasks: Task[];
const checked = new Map<string, Map<string, number>>();
const problems: string[] = [];
const files = new Map<string, string>();

/** The file as an agent may be shown it: its own lines, a value shaped like a credential as "[redacted]" (issue 22), a name in code kept. */
function fileText(path: string): string {
  if (!files.has(path)) {
    const text = readFileSync(join(repo.path, path), 'utf8');
    files.set(path, redactShown(text, detectLanguage(path, text.slice(0, 512))).text);
  }
  return files.get(path)!;
}

function check(items: readonly Shown[], where: string): void {
  for (const item of items) {
    if (item.detail === 'path') continue;
    const problem = verbatimProblem(fileText(item.path), item.startLine, item.endLine, item.text);
    if (problem !== null) problems.push(`${where} · ${item.path} ${item.startLine}-${item.endLine} (${item.detail}): ${problem}`);
    const corpus = item.path.slice(0, item.path.indexOf('/'));
    const details = checked.get(corpus) ?? new Map<string, number>();
    details.set(item.detail, (details.get(item.detail) ?? 0) + 1);
    checked.set(corpus, details);
  }
}

function itemsOf(rendered: string, format: RenderFormat): Shown[] {
  if (format === 'json') return parseJson(rendered).items.map((item) => ({ ...item, startLine: item.lines[0], endLine: item.lines[1] }));
  return format === 'markdown' ? parseMarkdown(rendered) : parsePrompt(rendered);
}

/** Tasks about a corpus's own definitions: its longest function (excerpts), and two others by name; a traceback for Python. */
function tasksFor(corpus: string, paths: readonly string[], symbols: readonly SymbolRecord[]): Task[] {
  if (symbols.length === 0) return paths.map((path) => ({ corpus, text: `${path} fails when the download folder already exists` }));
  const functions = symbols.filter((symbol) => symbol.kind === 'function' || symbol.kind === 'method').sort((a, b) => b.endLine - b.startLine - (a.endLine - a.startLine) || a.key.localeCompare(b.key));
  const longest = functions[0] ?? symbols[0];
  if (longest === undefined) return [];
  const others = symbols.filter((symbol) => symbol !== longest && symbol.name.length > 3).slice(0, 2);
  const found: Task[] = [{ corpus, text: `${longest.name} returns the wrong result when its input is empty; fix ${longest.qualifiedName}` }];
  if (others.length > 0) found.push({ corpus, text: `Rename ${others.map((symbol) => `\`${symbol.qualifiedName}\``).join(' and ')}: both should also accept None` });
  if (corpus === 'python') {
    const line = Math.floor((longest.startLine + longest.endLine) / 2);
    found.push({ corpus, text: `Traceback (most recent call last):\n  File "${longest.path}", line ${line}, in ${longest.name}\nValueError: unexpected state` });
  }
  return found;
}

beforeAll(async () => {
  repo = tempDir('cairn-real-corpora-');
  const copied = copyRealCorpora(repo.path);
  expect(copied.missing, 'every real corpus is present (.ci/run installs the Debian packages)').toEqual([]);
  corpora = copied.files;
  const indexed = await runCli(['index', repo.path]);
  expect(indexed.code, indexed.stderr).toBe(0);
  const context = await openRepo({ repo: repo.path, env: {} });
  const reader = openReader(context);
  tasks = [...corpora].flatMap(([corpus, paths]) => tasksFor(corpus, paths, paths.flatMap((path) => reader.symbolsOfFile(path))));
  reader.close();
}, 120_000);

afterAll(() => {
  repo?.remove();
});

describe('every item is the file\'s own lines, in real code of every language (issue 21)', () => {
  it('through the CLI, in each of its formats', async () => {
    // Each task in one format, the formats taken in turn: every format meets every kind of
    // corpus. Two at a time once the first has made the run's stores (two first runs at
    // once race to create them: a defect of its own, not this test's subject).
    for (let index = 0; index < tasks.length; index += index === 0 ? 1 : 2) {
      await Promise.all(
        tasks.slice(index, index === 0 ? 1 : index + 2).map(async (task, offset) => {
          const format = FORMATS[(index + offset) % FORMATS.length]!;
          const args = ['retrieve', task.text, '--repo', repo.path, '--no-refresh', '--context-window', '8000', '--reserved-tokens', '0', '--format', format];
          const result = await runCli(args);
          expect(result.code, result.stderr).toBe(0);
          check(itemsOf(result.stdout, format), `cli ${format} · ${task.corpus}`);
        }),
      );
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('in-process at several budgets, never over budget', async () => {
    const context = await openRepo({ repo: repo.path, env: {} });
    const ports: RetrievalPorts = { reader: openReader(context), rawLog: openRawLog(context), sessions: openSessions(context), root: context.root, llm: null };
    const counter = createO200kCounter();
    try {
      for (const task of tasks) {
        for (const budget of BUDGETS) {
          const result = await retrieve(ports, { task: task.text, stages: ['scope', 'precision'], budget: { contextWindow: budget, reservedTokens: 0 }, format: 'json' });
          expect(counter.count(result.rendered)).toBeLessThanOrEqual(budget);
          check(itemsOf(result.rendered, 'json'), `in-process ${budget} · ${task.corpus}`);
        }
      }
    } finally {
      ports.reader.close();
      ports.rawLog.close();
      ports.sessions.close();
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('through MCP get_context: the package, and an episode\'s hydration', async () => {
    const context = await openRepo({ repo: repo.path, env: {} });
    const set = await openServed([{ name: 'default', context }], { logger: silentLogging().logger, env: {}, watch: false });
    const server = createMcpServer({ repo: Promise.resolve(set.repos[0]!), counter: createO200kCounter(), maxTokens: 20000, logger: silentLogging().logger, version: 'test' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'exactness', version: '1' });
    await client.connect(clientSide);
    try {
      for (const task of tasks.filter((_, index) => index % 2 === 0)) {
        const answer = (await client.callTool({ name: 'get_context', arguments: { task: task.text, max_tokens: 12000 } })) as CallToolResult;
        expect(answer.isError ?? false).toBe(false);
        check(mcpItems(answer), `mcp get_context · ${task.corpus}`);
        const episode = (await client.callTool({ name: 'get_context', arguments: { task: task.text, max_tokens: 8000, conversation_id: `exact-${task.corpus}` } })) as CallToolResult;
        expect(episode.isError ?? false).toBe(false);
        check(hydrationItems(episode), `mcp hydration · ${task.corpus}`);
      }
    } finally {
      await client.close();
      await set.close();
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('checked items of every corpus, at every detail', () => {
    const summary = [...checked].map(([corpus, details]) => `${corpus}: ${[...details].map(([detail, n]) => `${n} ${detail}`).join(', ')}`);
    console.log(`exactness: ${[...checked.values()].reduce((sum, details) => sum + [...details.values()].reduce((a, b) => a + b, 0), 0)} items checked\n  ${summary.join('\n  ')}`);
    for (const corpus of corpora.keys()) expect(checked.get(corpus)?.size ?? 0, `${corpus} has code items`).toBeGreaterThan(0);
    const total = (detail: string) => [...checked.values()].reduce((sum, details) => sum + (details.get(detail) ?? 0), 0);
    for (const detail of ['full', 'excerpt', 'signature']) expect(total(detail), `${detail} items checked`).toBeGreaterThan(5);
  });
});

/** Items an MCP answer shows with their code: the markdown text block, and structured items that carry text. */
function mcpItems(answer: CallToolResult): Shown[] {
  // The code is in the text block only (the structured part is item metadata), after the match line.
  const block = answer.content.find((part) => part.type === 'text');
  const shown = block?.type === 'text' ? parseMarkdown(block.text) : [];
  expect(shown.length).toBeGreaterThan(0);
  return shown;
}

/**
 * Blocks of a hydration that show an entity's code as it is on disk now (not a diff, not a
 * path alone): the code of each "## key" block of the text, its lines from the structured part.
 */
function hydrationItems(answer: CallToolResult): Shown[] {
  const items = (answer.structuredContent as { items?: { path: string; entity_key: string; lines: [number, number]; status: string }[] } | undefined)?.items ?? [];
  const byKey = new Map(items.map((item) => [item.entity_key, item]));
  const block = answer.content.find((part) => part.type === 'text');
  const lines = block?.type === 'text' ? block.text.split('\n') : [];
  const shown: Shown[] = [];
  for (let at = 0; at < lines.length; at++) {
    const item = lines[at]!.startsWith('## ') ? byKey.get(lines[at]!.slice(3)) : undefined;
    if (item === undefined || item.status === 'deleted') continue;
    let open = at + 1;
    while (open < lines.length && !/^`{3,}/.test(lines[open]!) && !lines[open]!.startsWith('## ')) open += 1;
    const fence = /^(`{3,})(\S*)$/.exec(lines[open] ?? '');
    if (fence === null || fence[2] === 'diff') continue;
    let close = open + 1;
    while (close < lines.length && lines[close] !== fence[1]) close += 1;
    shown.push({ path: item.path, detail: 'full', startLine: item.lines[0], endLine: item.lines[1], text: lines.slice(open + 1, close).join('\n') });
    at = close;
  }
  return shown;
}
