// The one schema for cairn's configuration. `cairn.yaml` (in the repository root, read
// only) and environment variables are parsed into this and frozen; nothing else reads them.

import { z } from 'zod';
import { DEFAULT_DIAGNOSTICS, DEFAULT_TRIGGERS, defaultDiagnostics } from './diagnostics-defaults.js';

/**
 * Node's timers hold a signed 32-bit count of ms: a longer delay fires after 1 ms, which
 * would make every request give up at once.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;
const timeoutMs = z
  .number()
  .int()
  .positive()
  .max(MAX_TIMER_MS, `must be at most ${MAX_TIMER_MS} ms (about 24.8 days); longer timers fire at once`)
  .default(60_000);

export const indexConfigSchema = z
  .object({
    /** Files larger than this are listed but not extracted (bytes). */
    maxFileBytes: z.number().int().positive().default(1024 * 1024),
    /** Index vendored and build folders (node_modules, vendor, dist, ...) too. */
    includeVendored: z.boolean().default(false),
    /** Extra gitignore-style patterns to skip, on top of .gitignore and .cairnignore. */
    exclude: z.array(z.string()).default([]),
    cochange: z
      .object({
        /** How many commits back from HEAD to mine. */
        maxCommits: z.number().int().nonnegative().default(2000),
        /** Commits touching more files than this are skipped (mass renames, formatting). */
        maxFilesPerCommit: z.number().int().positive().default(30),
      })
      .strict()
      .default({ maxCommits: 2000, maxFilesPerCommit: 30 }),
  })
  .strict();

export const budgetConfigSchema = z
  .object({
    context_window: z.number().int().positive(),
    reserved_tokens: z.number().int().nonnegative(),
  })
  .strict()
  .refine((b) => b.reserved_tokens < b.context_window, {
    message: 'reserved_tokens must be smaller than context_window',
  });

export const llmConfigSchema = z
  .object({
    provider: z.enum(['ollama', 'openai']).default('openai'),
    model: z.string().min(1),
    baseUrl: z.string().url(),
    apiKeyEnv: z.string().optional(),
    timeoutMs,
    /** Each retry is a full model call: a handful is the most that ever helps. */
    maxRetries: z.number().int().nonnegative().max(10).default(2),
    /**
     * How strict JSON is asked for: a JSON schema the server enforces (Ollama `format`,
     * OpenAI `response_format: json_schema`), or plain JSON mode for servers without schema support.
     */
    jsonMode: z.enum(['json_schema', 'json_object']).default('json_schema'),
    /** What to do when the model is unreachable or keeps answering badly. */
    onError: z.enum(['fail', 'fallback']).default('fail'),
  })
  .strict();

export const embedConfigSchema = z
  .object({
    provider: z.enum(['ollama', 'openai']),
    model: z.string().min(1),
    baseUrl: z.string().url(),
    apiKeyEnv: z.string().optional(),
    batchSize: z.number().int().positive().default(64),
    /** Texts longer than this many characters are cut before embedding (see providers/embed/README.md). */
    maxInputChars: z.number().int().positive().default(8192),
    timeoutMs,
  })
  .strict();

/** The raw log and the sessions it explains (in the index directory). */
export const logConfigSchema = z
  .object({
    /** The raw log is kept under this many bytes by dropping whole old segments; sessions older than what is kept go too. */
    maxBytes: z.number().int().min(1024 * 1024, 'must be at least 1048576 (1 MiB)').default(64 * 1024 * 1024),
  })
  .strict();

/** Episode memory (memory.db in the index directory). */
export const memoryConfigSchema = z
  .object({
    /** How long an ETV verdict is served from the cache while the file's size and times stay the same (ms). */
    etvTtlMs: z.number().int().nonnegative().default(60_000),
    /** Gate B passes without `cairn approve` unless the entity was rejected. */
    implicitAuthority: z.boolean().default(false),
    /** Default token budget of a hydration (`--max-tokens`). */
    maxTokens: z.number().int().positive().max(10_000_000).default(8_000),
    /** Default entity budget of a hydration (`--max-entities`). */
    maxEntities: z.number().int().positive().max(100_000).default(40),
  })
  .strict();

export const retrievalConfigSchema = z
  .object({
    stages: z.array(z.string().min(1)).min(1).optional(),
    budget: budgetConfigSchema.optional(),
  })
  .strict();

/** The result cache of `cairn serve` (the design's `cache: {enabled, ttl, max_size}`). */
export const cacheConfigSchema = z
  .object({
    enabled: z.boolean().default(true),
    /** Seconds an answer is kept; answers go earlier when the index changes. */
    ttl: z.number().int().positive().max(86_400).default(300),
    /** Bytes of cached answers kept at most (their JSON); the least recently used go first. */
    max_size: z.number().int().min(1024).max(4 * 1024 * 1024 * 1024).default(64 * 1024 * 1024),
  })
  .strict();

/** `cairn serve`: flags win over these. */
export const serveConfigSchema = z
  .object({
    host: z.string().min(1).default('127.0.0.1'),
    port: z.number().int().min(0).max(65_535).default(4321),
    /** Requests with a larger body are refused (413). */
    bodyLimitBytes: z.number().int().min(1024).max(64 * 1024 * 1024).default(4 * 1024 * 1024),
    /** A request still running after this long is answered 503 (its work is abandoned). */
    timeoutMs: timeoutMs,
    cache: cacheConfigSchema.default({ enabled: true, ttl: 300, max_size: 64 * 1024 * 1024 }),
    /** Heavy requests (search, context, hydrate…) in work at once, each on a query thread; 0: one per core. */
    concurrency: z.number().int().min(0).max(64).default(0),
    /** Heavy requests waiting for a turn at most; more are answered 503 with Retry-After at once. */
    queueLength: z.number().int().min(0).max(10_000).default(64),
    /** Longest a heavy request may wait for its turn (ms); one that would wait longer is answered 503 at once. */
    queueWaitMs: z.number().int().min(0).max(600_000).default(1000),
  })
  .strict();

/** The token cap of `cairn mcp` answers; clients cap tool output too (Claude Code: 25k). */
export const MAX_MCP_TOKENS = 20_000;
export const mcpConfigSchema = z
  .object({
    /** Every tool answer stays under this many tokens (o200k), unless a call asks for fewer. */
    maxTokens: z.number().int().min(1000).max(MAX_MCP_TOKENS, `must be at most ${MAX_MCP_TOKENS}: clients cut longer tool answers`).default(8000),
  })
  .strict();

/** The live index of `cairn serve` and `cairn mcp`. */
export const watchConfigSchema = z
  .object({
    enabled: z.boolean().default(true),
    /** A refresh starts once the files have been quiet this long (a branch switch is one batch). */
    debounceMs: z.number().int().min(0).max(60_000).default(300),
    /** ...or at the latest this long after the first change, while changes keep coming. */
    maxWaitMs: z.number().int().min(100).max(600_000).default(10_000),
  })
  .strict();

/** A regular expression template for earlier attempts' logs: `{phase}` and a group `(?<attempt>\\d+)`. */
const attemptLogPattern = z
  .string()
  .refine((pattern) => pattern.includes('{phase}') && pattern.includes('(?<attempt>'), { message: 'must contain {phase} and a group (?<attempt>\\d+)' })
  .refine((pattern) => compiles(pattern.replaceAll('{phase}', 'phase')), { message: 'is not a valid regular expression' });

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

const triggersSchema = z
  .object({
    minErrorChars: z.number().int().nonnegative().default(DEFAULT_TRIGGERS.minErrorChars),
    minActionableChars: z.number().int().nonnegative().default(DEFAULT_TRIGGERS.minActionableChars),
    minRootCauseChars: z.number().int().nonnegative().default(DEFAULT_TRIGGERS.minRootCauseChars),
    genericPhrases: z.array(z.string().min(1)).default([...DEFAULT_TRIGGERS.genericPhrases]),
    vagueRootCause: z.array(z.string().min(1)).default([...DEFAULT_TRIGGERS.vagueRootCause]),
    failureMarkers: z.array(z.string().min(1)).default([...DEFAULT_TRIGGERS.failureMarkers]),
    repeatAttempt: z.number().int().min(2).default(DEFAULT_TRIGGERS.repeatAttempt),
    attemptLogPatterns: z.array(attemptLogPattern).default([...DEFAULT_TRIGGERS.attemptLogPatterns]),
    markerScanBytes: z.number().int().positive().default(DEFAULT_TRIGGERS.markerScanBytes),
  })
  .strict();

const capSchema = z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }).strict();

function priorityCapsSchema(defaults: (typeof DEFAULT_DIAGNOSTICS.caps)['medium']) {
  return z
    .object({
      runArtifacts: capSchema.default({ ...defaults.runArtifacts }),
      sotFiles: capSchema.default({ ...defaults.sotFiles }),
      memoryEntries: capSchema.default({ ...defaults.memoryEntries }),
    })
    .strict()
    .default(structuredClone(defaults));
}

/** Escalation triggers and the caps of deep retrieval (`cairn diagnose`). */
/** A repository-relative folder, below the root and outside .git (never read by an agent face, configured or not). */
const runFolder = z
  .string()
  .min(1)
  .transform((path) => path.replace(/\/+$/, ''))
  .refine((path) => !path.startsWith('/') && !path.includes('\\') && !path.split('/').some((part) => part === '..' || part === '.' || part === '' || part === '.git'), {
    message: 'must be a repository-relative folder (forward slashes, no "." or ".." segments, not inside .git)',
  });

export const diagnosticsConfigSchema = z
  .object({
    triggers: triggersSchema.default(defaultDiagnostics().triggers),
    recencyHours: z.number().positive().default(DEFAULT_DIAGNOSTICS.recencyHours),
    sotFolders: z.array(z.string().min(1)).default([...DEFAULT_DIAGNOSTICS.sotFolders]),
    runFolders: z.array(runFolder).default([...DEFAULT_DIAGNOSTICS.runFolders]),
    caps: z
      .object({
        low: priorityCapsSchema(DEFAULT_DIAGNOSTICS.caps.low),
        medium: priorityCapsSchema(DEFAULT_DIAGNOSTICS.caps.medium),
        high: priorityCapsSchema(DEFAULT_DIAGNOSTICS.caps.high),
      })
      .strict()
      .default(defaultDiagnostics().caps),
    // The truncation marker alone is 21 bytes: a cut file holds at least a line of text.
    minTruncatedBytes: z.number().int().min(40).default(DEFAULT_DIAGNOSTICS.minTruncatedBytes),
    sotRanking: z.enum(['cairn', 'keywords']).default(DEFAULT_DIAGNOSTICS.sotRanking),
  })
  .strict();

/**
 * The store (issue 25): absent for the embedded SQLite files in the index directory; a
 * postgres:// URL (better without a password: libpq reads PGPASSWORD and ~/.pgpass), or
 * that URL with the name the repository is kept under in the database.
 */
export const storeConfigSchema = z.union([
  z.string().min(1),
  z
    .object({
      url: z.string().min(1),
      /** Default: the repository folder's name; replicas whose folders are named apart need this. */
      repository: z.string().min(1).max(200).optional(),
    })
    .strict(),
]);

export const configSchema = z
  .object({
    store: storeConfigSchema.optional(),
    index: indexConfigSchema.default(indexConfigSchema.parse({})),
    retrieval: retrievalConfigSchema.default({}),
    log: logConfigSchema.default({ maxBytes: 64 * 1024 * 1024 }),
    memory: memoryConfigSchema.default({ etvTtlMs: 60_000, implicitAuthority: false, maxTokens: 8_000, maxEntities: 40 }),
    llm: llmConfigSchema.optional(),
    embed: embedConfigSchema.optional(),
    serve: serveConfigSchema.default(serveConfigSchema.parse({})),
    mcp: mcpConfigSchema.default({ maxTokens: 8000 }),
    watch: watchConfigSchema.default({ enabled: true, debounceMs: 300, maxWaitMs: 10_000 }),
    diagnostics: diagnosticsConfigSchema.default(defaultDiagnostics()),
  })
  .strict();

export type IndexConfig = z.infer<typeof indexConfigSchema>;
export type BudgetConfig = z.infer<typeof budgetConfigSchema>;
export type LlmConfig = z.infer<typeof llmConfigSchema>;
export type EmbedConfig = z.infer<typeof embedConfigSchema>;
export type MemoryConfig = z.infer<typeof memoryConfigSchema>;
export type RetrievalConfig = z.infer<typeof retrievalConfigSchema>;
export type CacheConfig = z.infer<typeof cacheConfigSchema>;
export type ServeConfig = z.infer<typeof serveConfigSchema>;
export type McpConfig = z.infer<typeof mcpConfigSchema>;
export type WatchConfig = z.infer<typeof watchConfigSchema>;
export type DiagnosticsConfig = z.infer<typeof diagnosticsConfigSchema>;
export type StoreConfig = z.infer<typeof storeConfigSchema>;
export type Config = z.infer<typeof configSchema>;
