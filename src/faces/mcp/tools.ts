// cairn's MCP tools: few, with small definitions (the whole tools/list answer is counted
// by tools.test.ts and kept under 1,500 o200k tokens), each a thin call of one operation
// (operations/) whose answer is capped (cap.ts). get_context and diagnose_failure, the
// largest, have modules of their own.

import { z } from 'zod';
import { UsageError } from '../../core/errors.js';
import type { RepoHandle } from '../../operations/handle.js';
import type { TokenCounter } from '../../tokenizer/tokens.js';
import { explainRun } from '../../operations/explain.js';
import { searchCode, type SearchAnswer, type SearchInput } from '../../operations/search.js';
import { reposNamed, searchRepositories, type AcrossAnswer, type SearchableRepositories } from '../../operations/search-across.js';
import { readCode, referencesOf } from '../../operations/targets.js';
import { fitAnswer, fitPrefix, nothingFits, type Answer } from './cap.js';
import { GET_CONTEXT } from './context-tool.js';
import { DIAGNOSE_FAILURE } from './diagnose-tool.js';

export interface ToolContext {
  /** Runs `work` on the repository's current index (built first when there is none). */
  withIndex<T>(work: (repo: RepoHandle) => Promise<T> | T): Promise<T>;
  counter: TokenCounter;
  /** The server's cap (mcp.maxTokens or --max-tokens); a call may ask for less. */
  maxTokens: number;
  /** This repository and the others of its PostgreSQL store, by name (a usage error on the embedded store). */
  repositories(): Promise<SearchableRepositories>;
}

export interface Tool {
  name: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodObject;
  readOnly: boolean;
  run(args: never, context: ToolContext): Promise<Answer>;
}

const target = z.string().min(1).describe('A symbol (name, Class.method or path::Class.method) or a file path');

const searchInput = z
  .object({
    query: z.string().min(1).describe('Identifiers, a path, error text or a description'),
    kind: z.enum(['symbol', 'file']).default('symbol'),
    limit: z.number().int().min(1).max(50).default(10),
    path: z.string().optional().describe('Only paths matching this glob, e.g. src/**/*.ts'),
    repos: z.string().optional().describe('Repositories of the shared store to search instead: a,b or *'),
  })
  .strict();

async function runSearch(args: z.infer<typeof searchInput>, context: ToolContext): Promise<Answer> {
  const input: SearchInput = { query: args.query, limit: args.limit, kind: args.kind, mode: 'hybrid', paths: args.path ? [args.path] : undefined };
  const asked = args.repos === undefined ? undefined : reposArgument(args.repos);
  const answer: SearchAnswer | AcrossAnswer = asked === undefined ? await context.withIndex((view) => searchCode(view, input)) : await searchRepositories(await context.repositories(), asked, input);
  const structured = { results: answer.results, ...('repositories' in answer ? { repositories: answer.repositories } : {}), ...(answer.note ? { note: answer.note } : {}) };
  const text = (value: Record<string, unknown>): string => searchText(value['results'] as typeof answer.results, value['omitted']);
  return fitAnswer(context.counter, { structured, text: text(structured) }, context.maxTokens, {
    field: 'results',
    note: (left) => `${left} more results: lower limit or narrow path`,
    text,
  });
}

function reposArgument(value: string): '*' | string[] {
  const asked = reposNamed(value);
  if (asked === null) throw new UsageError(`search_code: repos takes names separated by commas (a,b), or * for every repository of the store; got "${value.slice(0, 80)}"`);
  return asked;
}

function searchText(rows: { repository?: string; path: string; symbol?: string; line?: number; score: number }[], omitted: unknown): string {
  if (rows.length === 0) return 'no results';
  const lines = rows.map((row, rank) => `${rank + 1}. ${row.repository ? `${row.repository}  ` : ''}${row.path}${row.line ? `:${row.line}` : ''}${row.symbol ? `  ${row.symbol}` : ''}`);
  return [...lines, ...(omitted ? [`(${String(omitted)})`] : [])].join('\n');
}

const readInput = z
  .object({
    target,
    start_line: z.number().int().min(1).optional(),
    end_line: z.number().int().min(1).optional(),
  })
  .strict();

/** Where read_symbol's structured part says the code is: carried once, in the text block. */
export const READ_CODE_SHOWN_IN = 'the text content, after its first line (path:first-last and the symbol)';

/** The code in the text block under a `path:first-last symbol` line, cut by lines to the cap; the structured part holds the rest. */
async function runRead(args: z.infer<typeof readInput>, context: ToolContext): Promise<Answer> {
  const { code, ...meta } = await context.withIndex((view) => readCode(view, { target: args.target, startLine: args.start_line, endLine: args.end_line }));
  const lines = code.split('\n');
  const [first, last] = meta.lines;
  const head = `${meta.path}:${first}-${last}${meta.symbol ? ` ${meta.symbol}` : ''}${meta.stale ? ' (changed since indexed)' : ''}`;
  const notShown = (kept: number): string => `lines ${first + kept}-${last} not shown: call read_symbol with start_line ${first + kept}`;
  const build = (kept: number): Answer => {
    const omitted = kept < lines.length ? notShown(kept) : null;
    return {
      structured: { ...meta, code_shown_in: READ_CODE_SHOWN_IN, ...(omitted ? { omitted } : {}) },
      text: `${head}\n${lines.slice(0, kept).join('\n')}${omitted ? `\n(${omitted})` : ''}`,
    };
  };
  return fitPrefix(context.counter, context.maxTokens, lines.length, build) ?? nothingFits(notShown(0));
}

const referencesInput = z
  .object({
    target,
    depth: z.number().int().min(1).max(3).default(2).describe('Hops to follow (1-3)'),
  })
  .strict();

async function runReferences(args: z.infer<typeof referencesInput>, context: ToolContext): Promise<Answer> {
  const impact = await context.withIndex((view) => referencesOf(view, { target: args.target, depth: args.depth }));
  const row = (entry: (typeof impact.dependents)[number]): { id: string; distance: number; via: string } => ({
    id: entry.id,
    distance: entry.distance,
    via: entry.chain.map((step) => `${step.relation === 'importedBy' ? 'imported by' : 'used by'} ${step.id}`).join(' ← '),
  });
  const structured = { target: impact.target.id, dependents: impact.dependents.map(row), tests: impact.tests.map((entry) => entry.id) };
  const text = (value: Record<string, unknown>): string => {
    const dependents = value['dependents'] as ReturnType<typeof row>[];
    const tests = value['tests'] as string[];
    const lines = [`${dependents.length} dependents of ${String(value['target'])} within ${args.depth} hops`, ...dependents.map((entry) => `  ${entry.distance} ${entry.id}`)];
    if (tests.length) lines.push(`tests: ${tests.join(', ')}`);
    if (value['omitted']) lines.push(`(${String(value['omitted'])})`);
    return lines.join('\n');
  };
  return fitAnswer(context.counter, { structured, text: text(structured) }, context.maxTokens, {
    field: 'dependents',
    note: (left) => `${left} more dependents: lower depth`,
    text,
  });
}

const explainInput = z
  .object({
    task_id: z.string().min(1),
    item: z.string().optional().describe('A path or symbol; omit for the whole answer'),
  })
  .strict();

async function runExplain(args: z.infer<typeof explainInput>, context: ToolContext): Promise<Answer> {
  const explanation = await context.withIndex((view) => explainRun(view, { taskId: args.task_id, item: args.item }));
  const structured = { ...explanation } as Record<string, unknown>;
  const field = 'decisions' in explanation ? 'decisions' : 'shown';
  return fitAnswer(context.counter, { structured, text: JSON.stringify(structured) }, context.maxTokens, {
    field,
    note: (left) => `${left} more entries: see GET /tasks/${args.task_id}/explain or cairn explain --task-id ${args.task_id}`,
    text: (value) => JSON.stringify(value),
  });
}

const loose = <T extends z.ZodRawShape>(shape: T): z.ZodObject => z.object(shape).loose();

export const TOOLS: Tool[] = [
  GET_CONTEXT,
  {
    name: 'search_code',
    description: 'Ranked search of the code by identifiers, paths, error text or a description: paths with symbols and lines (read_symbol shows the code).',
    input: searchInput,
    output: loose({ results: z.array(z.object({ path: z.string() }).loose()) }),
    readOnly: true,
    run: runSearch as Tool['run'],
  },
  {
    name: 'read_symbol',
    description: "Current code of a function, class or method, or of a file's line range (a path with start_line and end_line).",
    input: readInput,
    output: loose({ path: z.string(), lines: z.array(z.number()), code_shown_in: z.string() }),
    readOnly: true,
    run: runRead as Tool['run'],
  },
  {
    name: 'find_references',
    description: 'What depends on a file or symbol: importers and callers up to depth hops, each with its chain; tests apart. Use before changing a signature.',
    input: referencesInput,
    output: loose({ target: z.string(), dependents: z.array(z.object({ id: z.string() }).loose()) }),
    readOnly: true,
    run: runReferences as Tool['run'],
  },
  {
    name: 'explain',
    description: "Why an item was in or out of a get_context answer: each stage's decision and what the token budget did.",
    input: explainInput,
    output: loose({ task_id: z.string() }),
    readOnly: true,
    run: runExplain as Tool['run'],
  },
  DIAGNOSE_FAILURE,
];
