// The commented cairn.yaml that `cairn init` writes: every key, set to its default (the
// optional sections and the settings without a default, commented out with an example).
// template.test.ts checks that it parses to exactly the defaults and names every key of
// the schema, so a key added to the schema without a line here fails the suite.

export const CONFIG_TEMPLATE = `# cairn.yaml: cairn's settings for this repository. Every key is optional; the values
# below are the defaults. \`cairn config\` prints the effective settings and where each
# came from. Read-only to cairn.

index:
  maxFileBytes: 1048576        # larger files are listed by path, not extracted (bytes)
  includeVendored: false       # also walk node_modules, vendor, dist, build, virtualenvs, caches
  exclude: []                  # extra gitignore-style patterns, e.g. ["*.snap", "fixtures/big/"]
  cochange:
    maxCommits: 2000           # commits back from HEAD mined for co-change
    maxFilesPerCommit: 30      # larger commits do not count as co-change

retrieval: {}                  # defaults: every stage in order, a 16000-token window with 4000 reserved
  # stages: [scope, precision]
  # budget: { context_window: 16000, reserved_tokens: 4000 }

log:
  maxBytes: 67108864           # the raw log is kept under this many bytes (at least 1 MiB)

memory:                        # episode memory (\`cairn hydrate\`)
  etvTtlMs: 60000              # ETV verdicts cached this long while a file looks unchanged (ms)
  implicitAuthority: false     # gate B passes without \`cairn approve\` unless rejected
  maxTokens: 8000              # a hydration's default token budget
  maxEntities: 40              # a hydration's default entity budget

serve:                         # \`cairn serve\` (its flags win)
  host: 127.0.0.1              # a non-loopback address needs --token
  port: 4321
  bodyLimitBytes: 4194304      # larger request bodies are refused (413)
  timeoutMs: 60000             # a request still running after this long is answered 503
  cache:                       # answers kept until the index changes
    enabled: true
    ttl: 300                   # seconds
    max_size: 67108864         # bytes of cached answers
  concurrency: 0               # heavy requests in work at once, each on a query thread (0: one per core)
  queueLength: 64              # heavy requests waiting at most; more are answered 503 + Retry-After
  queueWaitMs: 1000            # longest wait for a turn; a request that would wait longer gets 503 at once

mcp:                           # \`cairn mcp\`
  maxTokens: 8000              # every tool answer stays under this many tokens (at most 20000)

watch:                         # the live index of \`cairn serve\` and \`cairn mcp\`
  enabled: true
  debounceMs: 300              # re-index once files have been quiet this long
  maxWaitMs: 10000             # ...or this long after the first change, while changes keep coming

diagnostics:                   # \`cairn diagnose\`: escalation triggers and deep retrieval's caps
  triggers:
    minErrorChars: 20          # a shorter error message is a minimal bundle
    minActionableChars: 30     # a shorter error message is not actionable
    minRootCauseChars: 20      # a shorter root cause is not a clear one
    genericPhrases: ["unknown error", "internal error", "something went wrong"]
    vagueRootCause: ["unknown", "unclear", "investigate", "not sure"]
    failureMarkers: ["ERROR:", "FAILED", "Exception:", "Traceback"]
    repeatAttempt: 2           # earlier attempts' logs are looked at from this attempt on
    attemptLogPatterns:        # regular expressions with {phase} and a group (?<attempt>\\d+)
      - '(?:^|/){phase}(?:/(?:[^/]+/)*?|[._-])attempt[-_.]?(?<attempt>\\d+)(?=[/._-]|$)'
      - '(?:^|/)attempt[-_.]?(?<attempt>\\d+)(?:/(?:[^/]+/)*?|[._-]){phase}(?=[./]|$)'
    markerScanBytes: 4194304   # bytes of each earlier log searched for failure markers
  recencyHours: 24             # run artifacts modified within this come first
  sotFolders: [docs, src, tests]
  runFolders: []               # run folders HTTP/MCP diagnose may read though the repository ignores them (e.g. [logs])
  caps:                        # per priority: files (or entries) and bytes per category
    low:
      runArtifacts: { count: 3, bytes: 5120 }
      sotFiles: { count: 2, bytes: 8192 }
      memoryEntries: { count: 3, bytes: 3072 }
    medium:
      runArtifacts: { count: 5, bytes: 10240 }
      sotFiles: { count: 3, bytes: 15360 }
      memoryEntries: { count: 5, bytes: 5120 }
    high:
      runArtifacts: { count: 8, bytes: 20480 }
      sotFiles: { count: 5, bytes: 30720 }
      memoryEntries: { count: 8, bytes: 10240 }
  minTruncatedBytes: 100       # a file is cut to fit only when this much room is left
  sotRanking: cairn            # or keywords (the plain keyword count alone)

# llm:                         # optional: relevance judged by a model you run
#   provider: openai           # or ollama
#   model: qwen2.5-coder:7b
#   baseUrl: http://127.0.0.1:11434
#   apiKeyEnv: OPENAI_API_KEY  # the variable holding the key, if the server wants one
#   timeoutMs: 60000
#   maxRetries: 2
#   jsonMode: json_schema      # or json_object
#   onError: fail              # or fallback (to the deterministic judgement)

# embed:                       # optional: vectors for hybrid search
#   provider: ollama           # or openai
#   model: nomic-embed-text
#   baseUrl: http://127.0.0.1:11434
#   apiKeyEnv: OPENAI_API_KEY
#   batchSize: 64
#   maxInputChars: 8192
#   timeoutMs: 60000

# store: postgres://cairn@db.internal:5432/cairn?sslmode=verify-full   # optional: a team's shared PostgreSQL store
#                              # (--store and CAIRN_DATABASE_URL win; keep the password in PGPASSWORD or ~/.pgpass)
# store:                       # or with the name the repository is kept under
#   url: postgres://cairn@db.internal:5432/cairn
#   repository: github.com/org/repo
`;
