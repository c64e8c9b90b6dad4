// The HTTP API's request and response schemas: the same zod schemas validate every
// request and generate the OpenAPI document (`GET /openapi.json`), so the two cannot
// disagree. Field names are snake_case, as JSON APIs are usually written.

import { z } from '@hono/zod-openapi';
import { MATCH_STRENGTHS } from '../../core/context-package.js';
import { FILE_RELATIONS, MAX_IMPACT_DEPTH } from '../../operations/targets.js';
import { MAX_HISTORY_COMMITS } from '../../operations/context.js';
import { sectionSharesSchema } from '../../operations/section-shares-schema.js';

/** Longest task or query text accepted (the body limit bounds it too). */
const MAX_TEXT = 4 * 1024 * 1024;
const MAX_NAME = 4096;

export const repoField = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .openapi({ description: 'Which served repository (by the name given to --repo NAME=PATH); optional when one is served', example: 'shop' });

const text = (description: string) => z.string().min(1).max(MAX_TEXT).openapi({ description });
const name = (description: string) => z.string().min(1).max(MAX_NAME).openapi({ description });
const names = (description: string) => z.array(z.string().min(1).max(MAX_NAME)).max(200).default([]).openapi({ description });

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'NOT_FOUND' }),
      message: z.string(),
      hint: z.string().optional(),
    }),
  })
  .openapi('Error');

export const searchBody = z
  .object({
    repo: repoField,
    query: text('Identifiers, paths, error text or a whole task description'),
    limit: z.number().int().min(1).max(100).default(10),
    kind: z.enum(['file', 'symbol', 'doc']).default('file').openapi({ description: 'Rank files, symbols, or (BM25) doc sections' }),
    mode: z.enum(['hybrid', 'bm25']).default('hybrid'),
    filters: z
      .object({
        paths: names('Globs over repository-relative paths (a folder takes everything below it)'),
        languages: names('Languages or extensions: python, ts, rs, ...'),
        include_tests: z.boolean().default(true),
      })
      .strict()
      .optional(),
    signals: z.boolean().default(false).openapi({ description: "Hybrid rows carry each ranking signal's rank and part in the score" }),
    repos: z
      .union([z.literal('*'), z.array(z.string().min(1).max(200)).min(1).max(100)])
      .optional()
      .openapi({ description: 'Search several repositories at once: served ones and, on a PostgreSQL store, any published in its database ("*": every one); each row names its repository. Not with repo' }),
  })
  .strict()
  .refine((value) => value.repo === undefined || value.repos === undefined, { message: 'name the repositories either with repo (one) or with repos (several), not both', path: ['repos'] })
  .openapi('SearchRequest');

export const searchAnswer = z
  .object({
    query: z.string(),
    kind: z.string(),
    mode: z.string(),
    results: z.array(
      z.object({
        path: z.string(),
        symbol: z.string().optional(),
        line: z.number().optional(),
        score: z.number(),
        signals: z.array(z.object({ signal: z.string(), rank: z.number().nullable(), contribution: z.number() })).optional(),
        repository: z.string().optional().openapi({ description: 'The repository of the row (a search with repos)' }),
      }),
    ),
    repositories: z.array(z.string()).optional().openapi({ description: 'The repositories searched (a search with repos)' }),
    deleted: z.number().optional(),
    note: z.string().optional(),
  })
  .openapi('SearchAnswer');

const budget = z
  .object({
    context_window: z.number().int().positive().max(10_000_000),
    reserved_tokens: z.number().int().nonnegative().max(10_000_000),
  })
  .strict()
  .refine((value) => value.reserved_tokens < value.context_window, { message: 'reserved_tokens must be smaller than context_window' })
  .openapi({ description: "The model's context window and the tokens kept free; default: retrieval.budget in cairn.yaml, else 16000 / 4000" });

export const contextBody = z
  .object({
    repo: repoField,
    task: text('The task: an issue, a bug report with its traceback, a feature request'),
    budget: budget.optional(),
    max_tokens: z.number().int().min(100).max(10_000_000).optional().openapi({ description: 'Instead of budget: the package gets at most this many tokens' }),
    stages: z.array(z.string().min(1).max(64)).min(1).max(16).optional().openapi({ description: 'Stages in order (default: retrieval.stages, else every stage)' }),
    format: z.enum(['json', 'markdown', 'prompt']).default('json'),
    history: z.number().int().min(0).max(MAX_HISTORY_COMMITS).optional().openapi({ description: 'Recent commits per file shown in a historical section, within the budget (default: none)' }),
    section_shares: sectionSharesSchema
      .refine((shares) => Object.values(shares).reduce((sum, value) => sum + value, 0) <= 1 + 1e-9, { message: 'the section shares must sum to at most 1' })
      .optional()
      .openapi({ description: 'Shares of the budget by section (primary, supporting, historical, supplementary), each 0-1, summing to at most 1; what a section leaves flows to the next (default: one priority order)' }),
  })
  .strict()
  .openapi('ContextRequest');

export const retrieveBody = contextBody
  .extend({ task_id: z.string().min(1).max(128).optional().openapi({ description: 'Run under this task id (default: a new one)' }) })
  .strict()
  .openapi('RetrieveRequest');

export const refineBody = z
  .object({
    repo: repoField,
    task_id: z.string().min(1).max(128),
    missing_files: names('Files the package should have held'),
    missing_symbols: names('Symbols: name, Qualified.name or path::Qualified.name'),
    missing_tests: names('Test files or test function names'),
    error_signature: z.array(z.string().min(1).max(MAX_TEXT)).max(20).default([]).openapi({ description: 'Error output of the last attempt (tracebacks)' }),
    format: z.enum(['json', 'markdown', 'prompt']).optional(),
  })
  .strict()
  .openapi('RefineRequest');

export const contextAnswer = z
  .object({
    task_id: z.string(),
    run_id: z.string(),
    format: z.string(),
    match: z.enum(MATCH_STRENGTHS).openapi({ description: 'Whether anything in the repository matches the task: strong, weak (only the code holding its words is shown) or none (only the closest candidates, briefly)' }),
    match_evidence: z
      .object({ summary: z.string(), closest: z.array(z.object({ key: z.string(), why: z.string() })) })
      .openapi({ description: 'What the verdict rests on, and with weak or none the closest candidates and why they are only close' }),
    package: z.record(z.string(), z.unknown()).optional().openapi({ description: 'The package (format json): items with path, symbol, lines, detail, reason and text; a file\'s first item carries its model summary (summary: {model, text}) when `cairn enrich` left a current one' }),
    text: z.string().optional().openapi({ description: 'The rendered package (format markdown or prompt)' }),
    tokens: z.object({ used: z.number(), available: z.number() }),
    notes: z.array(z.string()),
    deleted: z.number().openapi({ description: 'Items left out: their file was deleted after the last refresh' }),
  })
  .openapi('ContextAnswer');

export const similarBody = z
  .object({
    repo: repoField,
    target: name('A file path (a document) or a symbol id (path::Qualified.name, or a name)'),
    limit: z.number().int().min(1).max(100).default(10),
  })
  .strict()
  .openapi('SimilarRequest');

export const graphBody = z
  .object({
    repo: repoField,
    start: name('A file path or a symbol id'),
    max_distance: z.number().int().min(1).max(5).default(1),
    relations: z.array(z.enum(FILE_RELATIONS)).min(1).optional().openapi({ description: `Relationship types (default: all): ${FILE_RELATIONS.join(', ')}` }),
    limit: z.number().int().min(1).max(200).default(20).openapi({ description: 'Neighbours listed per node' }),
  })
  .strict()
  .openapi('GraphRequest');

export const impactBody = z
  .object({
    repo: repoField,
    target: name('A file path or a symbol id'),
    depth: z.number().int().min(1).max(MAX_IMPACT_DEPTH).default(2),
  })
  .strict()
  .openapi('ImpactRequest');

export const symbolBody = z
  .object({
    repo: repoField,
    target: name('A symbol (name, Class.method, path::Class.method) or a file path'),
    start_line: z.number().int().min(1).optional(),
    end_line: z.number().int().min(1).optional(),
  })
  .strict()
  .openapi('SymbolRequest');

export const taskParams = z.object({
  task_id: z.string().min(1).max(128).openapi({ param: { name: 'task_id', in: 'path' }, example: 'task-0mwwi3t4x-d4f610a5' }),
});

export const repoParam = z.string().min(1).max(200).openapi({ param: { name: 'repo', in: 'path' }, example: 'shop' });

export const repoTaskParams = taskParams.extend({ repo: repoParam });

export const explainQuery = z.object({
  run: z.string().min(1).max(128).optional().openapi({ param: { name: 'run', in: 'query' }, description: 'Only this run of the task' }),
});

/** Answers whose shape is the engine's own (documented by their fields in the README). */
export const openAnswer = (name: string) => z.record(z.string(), z.unknown()).openapi(name);

/** Conversation and episode ids as memory/ids.ts accepts them (checked again there). */
const memoryId = (description: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, 'letters, digits, ".", "_", ":" or "-", at most 128, starting with a letter or digit')
    .openapi({ description });

export const hydrateBody = z
  .object({
    repo: repoField,
    query: text('What this episode needs: a task, a question, names of code'),
    conversation_id: memoryId('The conversation the episode belongs to: later episodes of it carry what it was shown, marked when changed since'),
    episode_id: memoryId("This episode's id (default: a new one, in the answer)").optional(),
    max_tokens: z.number().int().min(100).max(10_000_000).optional().openapi({ description: 'Token budget of the whole hydration (default: memory.maxTokens, 8000)' }),
    max_entities: z.number().int().min(1).max(100_000).optional().openapi({ description: 'Most entities shown (default: memory.maxEntities, 40)' }),
    format: z.enum(['json', 'markdown']).default('json').openapi({ description: 'markdown adds the rendered blocks as text' }),
    resend_unchanged: z.boolean().optional().openapi({ description: 'Send the code of unchanged entities earlier episodes showed again (default: one line each)' }),
  })
  .strict()
  .openapi('HydrateRequest');

export const episodeParams = z.object({
  episode_id: memoryId('An episode id, as POST /hydrate answers it').openapi({ param: { name: 'episode_id', in: 'path' }, example: 'ep-0mwwi3t4x-d4f610a5' }),
});

export const repoEpisodeParams = episodeParams.extend({ repo: repoParam });

export const entityParams = z.object({
  entity_key: z
    .string()
    .min(1)
    .max(MAX_NAME)
    .openapi({ param: { name: 'entity_key', in: 'path' }, description: 'path::Qualified.name or a path, percent-encoded (/ as %2F)', example: 'shop%2Fcart.py%3A%3ACart.total' }),
});

export const repoEntityParams = entityParams.extend({ repo: repoParam });

export const diagnoseBody = z
  .object({
    repo: repoField,
    bundle: z
      .unknown()
      .refine((value) => value !== undefined, { message: 'the handoff bundle is required' })
      .openapi({ description: 'The failing run\'s handoff bundle: {error_message, stack_trace, recent_changes, root_cause} (another shape is judged, with warnings)' }),
    run_dir: name("The failing run's folder (logs, artifacts), repository-relative"),
    phase: z.string().min(1).max(200).openapi({ description: 'The phase that failed' }),
    attempt: z.number().int().min(1).max(1000).default(1).openapi({ description: 'Which attempt of the phase failed' }),
    always: z.boolean().default(false).openapi({ description: 'Retrieve evidence even when the bundle is not escalated (at low priority)' }),
    task_id: z.string().min(1).max(128).optional().openapi({ description: 'Record the diagnosis under this task id (default: a new one)' }),
    format: z.enum(['json', 'markdown']).default('json').openapi({ description: 'markdown adds the report as text' }),
  })
  .strict()
  .openapi('DiagnoseRequest');
