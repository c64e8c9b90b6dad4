// `cairn mcp`: serves one repository to coding agents over MCP on stdio. stdout carries
// JSON-RPC only; logs go to stderr. A message line over 8 MiB, or not JSON-RPC, is answered
// with a JSON-RPC error and the server reads on (../../mcp/bounded-stdio.ts). The server
// starts even when the repository cannot be served (a missing folder, a bad cairn.yaml):
// every tool call then answers with the error, so the agent (and its user) can read what
// is wrong.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { storeSecret } from '../../../config/store-choice.js';
import { openServed } from '../../../app/serve.js';
import { openPublishedSearch, type PublishedSearch } from '../../../app/published-search.js';
import { lazyCounter, type ServedRepo, type ServeSet } from '../../../serve/live.js';
import { MAX_MCP_TOKENS } from '../../../config/schema.js';
import { UsageError } from '../../../core/errors.js';
import { createO200kCounter } from '../../../tokenizer/tokens.js';
import { BoundedStdioServerTransport } from '../../mcp/bounded-stdio.js';
import { createMcpServer } from '../../mcp/server.js';
import { positiveInt, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { openLogging } from '../logging.js';

interface McpFlags extends RepoFlags {
  maxTokens?: number;
  watch: boolean;
}

/** Below this a context package holds next to nothing. */
const MIN_MCP_TOKENS = 1000;

export function registerMcpCommand(program: Command, io: Io): void {
  const command = program.command('mcp').description(COMMAND_SUMMARIES.mcp.summary);
  withRepoOptions(command)
    .option('--max-tokens <n>', `cap on every tool answer, in tokens (default: mcp.maxTokens, 8000; at most ${MAX_MCP_TOKENS})`, positiveInt('--max-tokens', MAX_MCP_TOKENS))
    .option('--no-watch', 'do not watch the files (each call refreshes the index instead)')
    .action(async (flags: McpFlags) => {
      if (flags.maxTokens !== undefined && flags.maxTokens < MIN_MCP_TOKENS) {
        throw new UsageError(`--max-tokens must be at least ${MIN_MCP_TOKENS}, got ${flags.maxTokens}`, { hint: 'a context package needs room for code' });
      }
      const logging = await openLogging(io, 'info');
      const logger = logging.logger;
      let set: ServeSet | null = null;
      // One tokenizer, loaded on the first call, for both fitting packages and capping answers.
      const counter = lazyCounter('o200k_base', createO200kCounter);
      const repo: Promise<ServedRepo> = (async () => {
        const context = await repoFrom(flags, io);
        for (const section of [context.config.llm, context.config.embed]) if (section?.apiKeyEnv) logging.protect(io.env[section.apiKeyEnv]);
        if (context.store) logging.protect(storeSecret(context.store.url));
        set = await openServed([{ name: 'default', context }], { logger, env: io.env, counter, ...(flags.watch ? {} : { watch: false }) });
        return set.repos[0]!;
      })();
      repo.then(
        (served) => logger.info({ repo: served.workspace.context.root, indexed: served.workspace.hasIndex(), watching: served.live !== null }, 'cairn mcp ready'),
        (error: unknown) => logger.error({ error: error instanceof Error ? error.message : String(error) }, 'the repository cannot be served; every tool call will say why'),
      );
      const configured = await repo.then((served) => served.workspace.context.config.mcp.maxTokens).catch(() => 8000);
      // The store's other repositories, opened on the first search_code that names them.
      let published: PublishedSearch | null = null;
      const publishedOf = (served: ServedRepo): PublishedSearch | null => {
        const { store, indexDir } = served.workspace.context;
        return store === undefined ? null : (published ??= openPublishedSearch(store, indexDir));
      };
      const server = createMcpServer({ repo, counter, maxTokens: flags.maxTokens ?? configured, logger, version: io.version, published: publishedOf });
      const closed = new Promise<void>((resolve) => {
        server.onclose = () => resolve();
        process.stdin.once('end', () => resolve());
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
      });
      server.onerror = (error) => logger.warn({ error: error.message }, 'a message was refused');
      await server.connect(new BoundedStdioServerTransport());
      await closed;
      await server.close().catch(() => undefined);
      (published as PublishedSearch | null)?.close();
      await (set as ServeSet | null)?.close();
    });
}
