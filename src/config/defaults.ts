// The configuration when there is no cairn.yaml: exactly what the schema's defaults give
// (defaults.test.ts checks), written out so that most runs need not load the schema.

import { defaultDiagnostics } from './diagnostics-defaults.js';
import type { Config } from './schema.js';

export function defaultConfig(): Config {
  return {
    index: {
      maxFileBytes: 1024 * 1024,
      includeVendored: false,
      exclude: [],
      cochange: { maxCommits: 2000, maxFilesPerCommit: 30 },
    },
    retrieval: {},
    log: { maxBytes: 64 * 1024 * 1024 },
    serve: {
      host: '127.0.0.1',
      port: 4321,
      bodyLimitBytes: 4 * 1024 * 1024,
      timeoutMs: 60_000,
      cache: { enabled: true, ttl: 300, max_size: 64 * 1024 * 1024 },
      concurrency: 0,
      queueLength: 64,
      queueWaitMs: 1000,
    },
    mcp: { maxTokens: 8000 },
    watch: { enabled: true, debounceMs: 300, maxWaitMs: 10_000 },
    diagnostics: defaultDiagnostics(),
    memory: { etvTtlMs: 60_000, implicitAuthority: false, maxTokens: 8_000, maxEntities: 40 },
  };
}
