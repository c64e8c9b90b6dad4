// cairn's MCP tools: few, with small definitions (the whole tools/list answer is counted
// by tools.test.ts and kept under 1,500 o200k tokens), each a thin call of one operation
// (faces/api/) whose answer is capped (cap.ts). Tools that land with later parts (episode
// memory's conversation id on get_context, diagnostics' diagnose_failure) join this list.

import { z } from 'zod';
import type { IndexView } from '../../app-workspace.js';
import { UsageError } from '../../core/errors.js';
import { renderPackage } from '../../render/index.js';
import { parseJson } from '../../render/json.js';
import type { TokenCounter } from '../../retrieval/budget/tokens.js';
import { MAX_MCP_TOKENS } from '../../config/schema.js';
import { getContext, missingRequest, refineContext, type ContextAnswer } from '../api/context.js';
import { explainRun } from '../api/explain.js';
import { searchCode } from '../api/search.js';
import { readCode, referencesOf } from '../api/targets.js';
import { fitAnswer, type Answer } from './cap.js';

export interface ToolContext {
  /** Runs `work` on the repository's current index (built first when there is none). */
  withIndex<T>(work: (view: IndexView) => Promise<T> | T): Promise<T>;
  counter: TokenCounter;
  /** The server's cap (mcp.maxTokens or --max-tokens); a call may ask for less. */
  maxTokens: number;
}

export interface Tool {
  name: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodObject;
  readOnly: boolean;
  run(args: never, context: ToolContext): Promise<Answer>;
}

const maxTokens = z.number().int().min(1000).max(MAX_MCP_TOKENS).optional().describe(`Answer size cap in tokens (default 8000, max ${MAX_MCP_TOKENS})`);
const target = z.string().min(1).describe('A symbol (name, Class.method or path::Class.method) or a file path');

/** Tokens kept free for the answer's own fields around the package (ids, counts, the note on what was left out). */
const CONTEXT_RESERVE = 400;

function capOf(asked: number | undefined, context: ToolContext): number {
  return Math.min(asked ?? context.maxTokens, context.maxTokens, MAX_MCP_TOKENS);
}

const getContextInput = z
  .object({
    task: z.string().optional().describe('The task as written: issue, bug report with traceback, feature request'),
    max_tokens: maxTokens,
    task_id: z.string().optional().describe('Refine an earlier answer: its task_id'),
    missing: z.array(z.string()).optional().describe('With task_id: files or symbols the answer lacked'),
    error: z.string().optional().describe('With task_id: error output of the last attempt'),
  })
  .strict();

async function runGetContext(args: z.infer<typeof getContextInput>, context: ToolContext): Promise<Answer> {
  const cap = capOf(args.max_tokens, context);
  const refining = args.task_id !== undefined && (args.missing?.length || args.error);
  if (!refining && (args.task === undefined || args.task.trim() === '')) {
    throw new UsageError('get_context: task is missing', { hint: 'pass the task text (or task_id with missing or error to refine an answer)' });
  }
  const answer = await context.withIndex((view) =>
    refining
      ? refineContext(view, { taskId: args.task_id!, request: missingRequest(view, args.missing ?? [], args.error), format: 'json' })
      : getContext(view, { task: args.task!, taskId: args.task_id, budget: { contextWindow: cap, reservedTokens: CONTEXT_RESERVE }, format: 'json' }),
  );
  return fitAnswer(context.counter, contextAnswer(answer), cap, {
    field: 'items',
    note: (left) => `${left} more item${left === 1 ? '' : 's'} did not fit under ${cap} tokens: raise max_tokens, or read_symbol what you need`,
    text: (structured) => JSON.stringify(structured),
  });
}

function contextAnswer(answer: ContextAnswer): Answer {
  const view = parseJson(answer.package.budget.format === 'json' ? answer.rendered : renderPackage(answer.package, 'json'));
  const evicted = answer.package.budget.evicted;
  const structured: Record<string, unknown> = {
    task_id: view.taskId,
    run_id: view.runId,
    items: view.items,
    edges: view.edges,
    notes: view.notes,
    tokens: { used: view.budget.used, available: view.budget.available },
  };
  if (evicted.length > 0) {
    const named = evicted.slice(0, 5).map((entry) => entry.symbolKey ?? entry.path);
    structured['omitted'] = `${evicted.length} candidate${evicted.length === 1 ? '' : 's'} left out for the budget (${named.join(', ')}${evicted.length > 5 ? ', …' : ''}): raise max_tokens, read_symbol one, or call again with task_id and missing`;
  }
  const markdown = renderPackage(answer.package, 'markdown');
  const text = structured['omitted'] ? `${markdown.trimEnd()}\n\n(${String(structured['omitted'])})\n` : markdown;
  return { structured, text };
}

const searchInput = z
  .object({
    query: z.string().min(1).describe('Identifiers, a path, error text or a description'),
    kind: z.enum(['symbol', 'file']).default('symbol'),
    limit: z.number().int().min(1).max(50).default(10),
    path: z.string().optional().describe('Only paths matching this glob, e.g. src/**/*.ts'),
  })
  .strict();

async function runSearch(args: z.infer<typeof searchInput>, context: ToolContext): Promise<Answer> {
  const answer = await context.withIndex((view) =>
    searchCode(view, { query: args.query, limit: args.limit, kind: args.kind, mode: 'hybrid', paths: args.path ? [args.path] : undefined }),
  );
  const structured = { results: answer.results, ...(answer.note ? { note: answer.note } : {}) };
  const text = (value: Record<string, unknown>): string => searchText(value['results'] as typeof answer.results, value['omitted']);
  return fitAnswer(context.counter, { structured, text: text(structured) }, context.maxTokens, {
    field: 'results',
    note: (left) => `${left} more results: lower limit or narrow path`,
    text,
  });
}

function searchText(rows: { path: string; symbol?: string; line?: number; score: number }[], omitted: unknown): string {
  if (rows.length === 0) return 'no results';
  const lines = rows.map((row, rank) => `${rank + 1}. ${row.path}${row.line ? `:${row.line}` : ''}${row.symbol ? `  ${row.symbol}` : ''}`);
  return [...lines, ...(omitted ? [`(${String(omitted)})`] : [])].join('\n');
}

const readInput = z
  .object({
    target,
    start_line: z.number().int().min(1).optional(),
    end_line: z.number().int().min(1).optional(),
  })
  .strict();

async function runRead(args: z.infer<typeof readInput>, context: ToolContext): Promise<Answer> {
  const code = await context.withIndex((view) => readCode(view, { target: args.target, startLine: args.start_line, endLine: args.end_line }));
  const structured: Record<string, unknown> = { ...code };
  const text = (value: Record<string, unknown>): string => {
    const [first, last] = value['lines'] as [number, number];
    const head = `${String(value['path'])}:${first}-${last}${value['symbol'] ? ` ${String(value['symbol'])}` : ''}${value['stale'] ? ' (changed since indexed)' : ''}`;
    return `${head}\n${String(value['code'])}${value['omitted'] ? `\n(${String(value['omitted'])})` : ''}`;
  };
  return fitAnswer(context.counter, { structured, text: text(structured) }, context.maxTokens, {
    field: 'code',
    note: (left, kept) => `lines ${code.lines[0] + kept}-${code.lines[1]} not shown: call read_symbol with start_line ${code.lines[0] + kept}`,
    text,
  });
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
  {
    name: 'get_context',
    description:
      'Start here for a coding task in this repository. Returns the code the task needs (functions to change, their callers, callees and tests), ranked, fitted to a token budget, each item with why it was picked. To get more: call again with task_id and missing.',
    input: getContextInput,
    output: loose({ task_id: z.string(), items: z.array(z.object({ path: z.string(), text: z.string() }).loose()) }),
    readOnly: true,
    run: runGetContext as Tool['run'],
  },
  {
    name: 'search_code',
    description: "Ranked search of this repository's code by identifiers, paths, error text or a description. Returns paths with symbols and lines; read_symbol shows the code.",
    input: searchInput,
    output: loose({ results: z.array(z.object({ path: z.string() }).loose()) }),
    readOnly: true,
    run: runSearch as Tool['run'],
  },
  {
    name: 'read_symbol',
    description: "Current code of a function, class or method, or of a file's line range (a path with start_line and end_line).",
    input: readInput,
    output: loose({ path: z.string(), lines: z.array(z.number()), code: z.string() }),
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
];
