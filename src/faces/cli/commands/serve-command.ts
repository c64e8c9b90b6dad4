// `cairn serve`: the HTTP API over one or more repositories, with the live index. Loopback
// by default; another address needs a bearer token (--token, or $CAIRN_TOKEN).

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { storeSecret } from '../../../config/store-choice.js';
import { openServed, startQueries } from '../../../app/serve.js';
import { storeSearchOf } from '../../../app/published-search.js';
import type { ServeSet } from '../../../serve/live.js';
import type { RepoContext } from '../../../config/repo-context.js';
import { InputError, UsageError } from '../../../core/errors.js';
import { isLoopback } from '../../http/auth.js';
import { MIN_TOKEN_LENGTH, TOKEN_ADVICE, tokenWeakness } from '../../http/token-strength.js';
import { listen } from '../../http/server.js';
import { positiveInt, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { openLogging } from '../logging.js';

interface ServeFlags extends Omit<RepoFlags, 'repo'> {
  repo?: string[];
  host?: string;
  port?: number;
  token?: string;
  watch: boolean;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function registerServeCommand(program: Command, io: Io): void {
  const command = program.command('serve').description(COMMAND_SUMMARIES.serve.summary);
  command.option('--repo <name=path>', 'a repository to serve, as NAME=PATH or PATH (named by its folder); repeatable (default: the current folder)', (value: string, previous: string[] = []) => [...previous, value]);
  withRepoOptions(command, false)
    .option('--host <address>', 'address to listen on (default: serve.host, 127.0.0.1); any non-loopback address needs --token')
    .option('--port <n>', 'port (default: serve.port, 4321; 0 picks a free one)', portNumber)
    .option('--token <token>', `bearer token required on every request (or $CAIRN_TOKEN); at least ${MIN_TOKEN_LENGTH} characters, no whitespace, varied (e.g. openssl rand -hex 32)`)
    .option('--no-watch', 'do not watch the files (the index is refreshed only by `cairn index`)')
    .action(async (flags: ServeFlags) => {
      const logging = await openLogging(io, 'info');
      const token = flags.token ?? (io.env['CAIRN_TOKEN'] || undefined) ?? null;
      logging.protect(token);
      const weakness = token === null ? null : tokenWeakness(token);
      if (weakness !== null) throw new UsageError(weakness, { hint: TOKEN_ADVICE });
      const repos = await reposFrom(flags, io);
      for (const { context } of repos) for (const section of [context.config.llm, context.config.embed]) if (section?.apiKeyEnv) logging.protect(io.env[section.apiKeyEnv]);
      for (const { context } of repos) if (context.store) logging.protect(storeSecret(context.store.url));
      const settings = repos[0]!.context.config.serve;
      const host = flags.host ?? settings.host;
      if (!isLoopback(host) && token === null) {
        throw new UsageError(`--host ${host} is not a loopback address: a token is required`, { hint: 'pass --token (or set CAIRN_TOKEN), or listen on 127.0.0.1' });
      }
      const set: ServeSet = await openServed(repos, { logger: logging.logger, env: io.env, ...(flags.watch ? {} : { watch: false }) });
      // One query thread per request in work: the heavy requests never share a thread, and never the main one.
      const concurrency = settings.concurrency || availableParallelism();
      const queries = startQueries({ repos, env: io.env, threads: concurrency });
      // Repositories served by no one here are searched on the query threads too, from this thread's checkouts.
      const published = storeSearchOf(repos, queries);
      const server = await listen({
        served: set,
        logger: logging.logger,
        version: io.version,
        token,
        host,
        port: flags.port ?? settings.port,
        bodyLimitBytes: settings.bodyLimitBytes,
        timeoutMs: settings.timeoutMs,
        cache: settings.cache,
        admission: { limit: concurrency, queueLength: settings.queueLength, maxWaitMs: settings.queueWaitMs },
        queries,
        ...(published ? { published } : {}),
      }).catch(async (error: unknown) => {
        published?.close();
        await queries.close();
        await set.close();
        throw new InputError('INPUT_INVALID', `cannot listen on ${host}:${flags.port ?? settings.port}: ${error instanceof Error ? error.message : String(error)}`, { hint: 'pick another --port or --host' });
      });
      // The command's output: where it listens (with --port 0, the port picked), for scripts.
      io.out(`${server.url}\n`);
      logging.logger.info({ url: server.url, port: server.port, concurrency, queryThreads: queries.counts()?.threads ?? 0, repos: set.repos.map((repo) => ({ name: repo.name, root: repo.workspace.context.root, indexed: repo.workspace.hasIndex() })) }, 'cairn serve listening');
      // Repositories without an index start building now; requests meanwhile wait for it.
      for (const repo of set.repos) if (!repo.workspace.hasIndex()) void repo.workspace.ensureIndex().catch((error: unknown) => logging.logger.error({ repo: repo.name, err: error }, 'building the index failed'));
      await new Promise<void>((resolve) => {
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
      });
      logging.logger.info('shutting down');
      await server.close();
      published?.close();
      await queries.close();
      await set.close();
    });
}

async function reposFrom(flags: ServeFlags, io: Io): Promise<{ name: string; context: RepoContext }[]> {
  const given = flags.repo?.length ? flags.repo : ['.'];
  if (given.length > 1 && flags.indexDir) throw new UsageError('--index-dir names one index: it cannot be used with several --repo', { hint: 'drop --index-dir (each repository keeps its index in <repo>/.cairn)' });
  const repos: { name: string; context: RepoContext }[] = [];
  for (const spec of given) {
    const cut = spec.indexOf('=');
    const path = cut > 0 ? spec.slice(cut + 1) : spec;
    const context = await repoFrom({ ...flags, repo: path }, io);
    const name = cut > 0 ? spec.slice(0, cut) : basename(context.root) || 'root';
    if (!NAME.test(name)) throw new UsageError(`--repo ${spec}: "${name}" is not a usable name`, { hint: 'names take letters, digits, ".", "_" and "-" (at most 64), e.g. --repo shop=../shop' });
    if (repos.some((repo) => repo.name === name)) throw new UsageError(`--repo ${spec}: the name "${name}" is taken`, { hint: 'give each repository its own name: --repo NAME=PATH' });
    repos.push({ name, context });
  }
  return repos;
}

function portNumber(value: string): number {
  if (value.trim() === '0') return 0;
  return positiveInt('--port', 65_535)(value);
}

