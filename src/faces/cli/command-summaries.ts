// What `cairn --help` lists, one entry per command: its name with its arguments, and its
// summary. Each command's module describes itself with its entry here, so that the list
// needs none of the modules loaded (`cairn --help` then costs what `cairn status` does).

export const COMMAND_SUMMARIES = {
  index: { usage: "index [path]", summary: "index a repository (incrementally: unchanged files are skipped)" },
  search: { usage: "search <query>", summary: "ranked search over files and symbols (hybrid by default; --mode bm25 for plain BM25 with matched fields)" },
  status: { usage: "status", summary: "show the index location, its counts and pending changes" },
  graph: { usage: "graph <target>", summary: "show what a file or symbol imports, references, changes with and is documented by, and the reverse" },
  impact: { usage: "impact <target>", summary: "list what depends on a file or symbol: importers and referrers, up to 3 hops" },
  similar: { usage: "similar <target>", summary: "list the files (or, for a symbol, the symbols) most similar to it, by structure and by text" },
  eval: { usage: "eval", summary: "measure ranking (file Acc@k, Recall@k, MRR, function Acc@k, latency) and the context recall of the package at 4k/8k/16k tokens, against baselines run alongside (plain BM25; chunk RAG over source files only, and over every indexed file)" },
  retrieve: { usage: "retrieve [task]", summary: "the code, docs and tests a task needs, within a token budget (scope → precision → budget → package)" },
  refine: { usage: "refine", summary: "re-run a task with what was missing (files, symbols, tests, an error) and print the updated package" },
  explain: { usage: "explain", summary: "show every decision of a task's runs: what was considered, at which stage and tier, kept or dropped and why, what the budget did" },
  serve: { usage: "serve", summary: "serve the HTTP API (OpenAPI at /openapi.json) over one or more repositories, with a live index" },
  mcp: { usage: "mcp", summary: "serve the repository to coding agents over MCP (stdio): get_context, search_code, read_symbol, find_references, explain, diagnose_failure" },
  init: { usage: "init", summary: "write a commented cairn.yaml with every setting at its default" },
  config: { usage: "config", summary: "print the effective configuration and where each value came from (default, file, environment, flag)" },
  diagnose: { usage: "diagnose", summary: "decide whether a failing run's handoff bundle needs escalation, and gather evidence under strict caps (read-only)" },
  failures: { usage: "failures", summary: "the failure memory: past failures and how they were resolved" },
  hydrate: { usage: "hydrate <query>", summary: "an episode's context: entities the query names, what the conversation saw before (and what changed since), the pipeline's ranking" },
  episode: { usage: "episode <id>", summary: "an episode's hydration: its blocks, what the budget cut, tokens used and the budget" },
  entity: { usage: "entity <key>", summary: "an entity's memory: state, artifact, ETV status now, state history, gate evaluations, hydrations" },
  gates: { usage: "gates <episode>", summary: "an episode's gate evaluations: A structural, B authority, C fresh, and the decision per entity" },
  approve: { usage: "approve <key>", summary: "approve an entity's live artifact (gate B), then evaluate its gates" },
  reject: { usage: "reject <key>", summary: "reject an entity's live artifact: it is tombstoned and gate B fails until approved" },
  doctor: { usage: "doctor", summary: "verify the episode memory: lost blocks, missing artifacts, ledger order, foreign keys, artifact hashes (reports, never repairs)" },
  memory: { usage: "memory", summary: "back up and restore the episode memory" },
  enrich: { usage: "enrich", summary: "a model writes each code file's purpose, domain and key concepts (staged; --promote makes retrieval use them)" },
  migrate: { usage: "migrate", summary: "move the repository's .cairn (index, memory, failures, sessions, raw log) into PostgreSQL, checked table by table" },
} as const;

export type CommandName = keyof typeof COMMAND_SUMMARIES;
