// The README says what the faces are, and what it says works (regression: the sections on
// MCP registration, the HTTP API and logs were lost in a merge while the README still sent
// readers to them):
// - every section the README refers to (`see "..."`, `"..." below`, a link to `#anchor`) exists;
// - every MCP registration it gives (the mcpServers / servers JSON, the Codex table, the
//   Claude Code command) starts a real `cairn mcp` that the SDK's own Client, over stdio,
//   lists the tools of and searches the repository through;
// - every `cairn` command it names is one `cairn --help` lists.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CAIRN_BIN, runCli } from '../support/cli.js';
import { fixtureRepo } from '../support/temp-repo.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
const COMMAND = Object.keys(PACKAGE.bin)[0]!;

/** The README without its fenced blocks: headings and references live in the prose. */
function prose(text: string): string {
  return text.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

function headings(text: string): string[] {
  return [...prose(text).matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!.trim());
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Section names the text sends a reader to: `see "X"`, `"X" below` / `above` (a name wrapped over two lines is one name). */
function sectionReferences(text: string): string[] {
  const body = prose(text);
  const named = [...body.matchAll(/\b[Ss]ee "([^"]+)"/g), ...body.matchAll(/"([^"]+)" (?:below|above)\b/g)].map((match) => match[1]!.replace(/\s+/g, ' '));
  return [...new Set(named)];
}

/** A heading answers a reference when it is the reference, or the reference followed by ": ..." (a heading with its command). */
function answers(heading: string, reference: string): boolean {
  return heading === reference || heading.startsWith(`${reference}: `);
}

describe('the README\'s references', () => {
  it('name sections that exist (the MCP, HTTP API and Logs sections among them)', () => {
    const references = sectionReferences(README);
    expect(references).toEqual(expect.arrayContaining(['Logs', 'Use cairn from a coding agent (MCP)', 'The HTTP API', 'The live index']));
    const titles = headings(README);
    const missing = references.filter((reference) => !titles.some((heading) => answers(heading, reference)));
    expect(missing, 'sections referred to but absent').toEqual([]);
  });

  it('link only to anchors of its own headings', () => {
    const anchors = new Set(headings(README).map(anchorOf));
    const links = [...prose(README).matchAll(/\]\(#([^)\s]+)\)/g)].map((match) => decodeURIComponent(match[1]!));
    expect(links.filter((link) => !anchors.has(link))).toEqual([]);
  });

  it('would notice a section gone missing', () => {
    const withoutLogs = README.replace(/\n## Logs\n[\s\S]*?(?=\n## )/, '\n');
    expect(withoutLogs).not.toBe(README);
    const titles = headings(withoutLogs);
    expect(sectionReferences(withoutLogs).filter((reference) => !titles.some((heading) => answers(heading, reference)))).toEqual(['Logs']);
    expect(anchorOf('The HTTP API: `cairn serve`')).toBe('the-http-api-cairn-serve');
  });
});

interface Registration {
  client: string;
  command: string;
  args: string[];
}

function fencedBlocks(language: string): string[] {
  return [...README.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => match[1]!);
}

/** The registrations the README gives: JSON `mcpServers` (Cursor, Claude Desktop) and `servers` (VS Code), the Codex table, the Claude Code command. */
function registrations(): Registration[] {
  const found: Registration[] = [];
  for (const block of fencedBlocks('json')) {
    const parsed = JSON.parse(block) as { mcpServers?: Record<string, { command: string; args?: string[] }>; servers?: Record<string, { command: string; args?: string[] }> };
    for (const [key, servers] of [['mcpServers', parsed.mcpServers], ['servers', parsed.servers]] as const) {
      for (const server of Object.values(servers ?? {})) found.push({ client: key, command: server.command, args: server.args ?? [] });
    }
  }
  for (const block of fencedBlocks('toml').filter((text) => text.includes('[mcp_servers.'))) {
    // The table's values are JSON-compatible TOML (a string, an array of strings).
    const value = (key: string): unknown => JSON.parse(new RegExp(`^${key} = (.+?)\\s*(?:#.*)?$`, 'm').exec(block)![1]!);
    found.push({ client: 'codex', command: value('command') as string, args: value('args') as string[] });
  }
  const claude = /^claude mcp add .* -- (\S+) (.+)$/m.exec(fencedBlocks('sh').join('\n'));
  if (claude) found.push({ client: 'claude', command: claude[1]!, args: claude[2]!.split(' ') });
  return found;
}

describe('the README\'s MCP registrations', () => {
  const repo = fixtureRepo('shop');
  afterAll(() => repo.remove());

  it('are found: the mcpServers and servers JSON, the Codex table, the Claude Code command', () => {
    expect(fencedBlocks('json').some((block) => block.includes('"mcpServers"'))).toBe(true);
    expect(registrations().map((entry) => entry.client).sort()).toEqual(['claude', 'codex', 'mcpServers', 'servers']);
  });

  it.each(registrations().map((entry) => [entry.client, entry] as const))('%s: starts cairn mcp on the repository, which lists its tools and searches it', async (_client, registration) => {
    expect(registration.command).toBe(COMMAND);
    // `cairn` is the package's bin, bin/cairn.js; the editor's folder is the fixture, also the working folder.
    const args = registration.args.map((arg) => arg.replaceAll('${workspaceFolder}', repo.path));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CAIRN_BIN, ...args],
      cwd: repo.path,
      env: { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CI: '1' },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'readme', version: '1' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['get_context', 'search_code', 'read_symbol', 'find_references', 'explain', 'diagnose_failure']);
      const search = (await client.callTool({ name: 'search_code', arguments: { query: 'apply_discount' } })) as CallToolResult;
      expect(search.isError ?? false).toBe(false);
      expect((search.structuredContent as { results: { path: string }[] }).results[0]?.path).toBe('shop/pricing.py');
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('the README\'s commands', () => {
  it('are all commands of cairn --help (and of their parent\'s --help when nested)', async () => {
    const help = await runCli(['--help']);
    const listed = (text: string): string[] => [...(text.split('\nCommands:\n')[1] ?? '').matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((match) => match[1]!);
    const commands = listed(help.stdout);
    expect(commands).toContain('retrieve');
    const named = new Map<string, Set<string>>();
    // In code: inline spans, and the lines of shell blocks.
    const shell = fencedBlocks('sh').join('\n');
    const occurrences = [...README.matchAll(/`cairn ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/g), ...shell.matchAll(/^cairn ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/gm)];
    for (const match of occurrences) {
      const subcommands = named.get(match[1]!) ?? new Set<string>();
      if (match[2]) subcommands.add(match[2]);
      named.set(match[1]!, subcommands);
    }
    expect(named.size).toBeGreaterThan(15);
    expect([...named.keys()].filter((name) => !commands.includes(name))).toEqual([]);
    for (const [name, words] of named) {
      if (words.size === 0) continue;
      const nested = listed((await runCli([name, '--help'])).stdout).filter((entry) => entry !== 'help');
      if (nested.length === 0) continue;
      expect([...words].filter((word) => !nested.includes(word)), `cairn ${name}`).toEqual([]);
    }
  }, 120_000);
});
