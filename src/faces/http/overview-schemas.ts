// Schemas of the routes that give an overview of a served repository — its index, recent
// tasks, conversations, remembered failures, the edges among a package's files — and of
// gate B's authority (approve, reject, what changed since). Beside schemas.ts, which holds
// the agent routes' own; the same rules: snake_case fields, strict bodies.

import { z } from '@hono/zod-openapi';
import { FILE_RELATIONS } from '../../operations/targets.js';
import { entityParams, repoField, repoParam } from './schemas.js';

export const repoOnlyParams = z.object({ repo: repoParam });

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50).openapi({ param: { name: 'limit', in: 'query' }, description: 'At most this many (default 50)' }),
});

const languageCount = z.object({ language: z.string(), files: z.number() });

export const reposAnswer = z
  .object({
    repos: z.array(
      z.object({
        name: z.string(),
        state: z.string().openapi({ description: 'ready, building or unindexed' }),
        generation: z.number(),
        indexed_at: z.number().nullable(),
        refreshing: z.boolean(),
        watching: z.boolean().openapi({ description: 'The live index follows file changes' }),
        last_refresh: z.record(z.string(), z.unknown()).nullable(),
        index: z
          .object({
            files: z.number(),
            symbols: z.number(),
            imports: z.number(),
            references: z.number(),
            doc_chunks: z.number(),
            co_change_pairs: z.number(),
            commits: z.number(),
            git_head: z.string().nullable(),
            languages: z.array(languageCount),
          })
          .nullable()
          .openapi({ description: 'What the index holds; null until it is built' }),
      }),
    ),
  })
  .openapi('Repositories');

export const tasksAnswer = z
  .object({
    tasks: z.array(
      z.object({
        task_id: z.string(),
        task: z.string(),
        stages: z.array(z.string()),
        budget: z.object({ context_window: z.number(), reserved_tokens: z.number() }).nullable(),
        runs: z.array(
          z.object({
            run_id: z.string(),
            mode: z.string().nullable(),
            started_at: z.number(),
            finished: z.object({ items: z.number(), used: z.number(), available: z.number(), ms: z.number() }).nullable(),
            failed: z.object({ code: z.string(), message: z.string() }).nullable(),
          }),
        ),
      }),
    ),
  })
  .openapi('RecentTasks');

export const conversationsAnswer = z
  .object({
    conversations: z.array(
      z.object({
        conversation_id: z.string(),
        last_at: z.number(),
        episodes: z.array(
          z.object({
            id: z.string(),
            sequence: z.number(),
            query: z.string(),
            created_at: z.number(),
            used_tokens: z.number(),
            max_tokens: z.number(),
            block_count: z.number(),
            cut_count: z.number(),
          }),
        ),
      }),
    ),
  })
  .openapi('Conversations');

export const failuresAnswer = z
  .object({ total: z.number(), failures: z.array(z.record(z.string(), z.unknown())) })
  .openapi('RememberedFailures');

export const edgesBody = z
  .object({
    repo: repoField,
    paths: z.array(z.string().min(1).max(4096)).min(1).max(500).openapi({ description: 'Repository-relative file paths (a package\'s files)' }),
    relations: z.array(z.enum(FILE_RELATIONS)).min(1).optional().openapi({ description: `Relationship types (default: all): ${FILE_RELATIONS.join(', ')}` }),
  })
  .strict()
  .openapi('EdgesRequest');

export const edgesAnswer = z
  .object({
    edges: z.array(z.object({ from: z.string(), to: z.string(), relation: z.enum(FILE_RELATIONS), weight: z.number() })),
    unknown: z.array(z.string()).openapi({ description: 'Paths the index does not hold' }),
  })
  .openapi('Edges');

export const authorityBody = z
  .object({
    repo: repoField,
    entity_key: z.string().min(1).max(4096).openapi({ description: 'path::Qualified.name, or a file path, as hydrated', example: 'shop/cart.py::Cart.total' }),
  })
  .strict()
  .openapi('AuthorityRequest');

export const repoChangeParams = entityParams.extend({ repo: repoParam });
