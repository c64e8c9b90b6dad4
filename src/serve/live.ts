// Serve runtime, live part: the repositories `cairn serve` and `cairn mcp` answer for,
// each a Workspace (workspace.ts) with a file watcher (chokidar) that feeds the
// ChangeBatcher (indexer/live/batcher.ts): changes are re-indexed incrementally, in
// debounced batches, while readers keep answering from the last complete index.

import { watch, type FSWatcher } from 'chokidar';
import type { RepoContext } from '../config/repo-context.js';
import { Workspace } from './workspace.js';
import type { IndexRunner, ServeWiring } from './wiring.js';
import { ChangeBatcher } from '../indexer/live/batcher.js';
import { watchFilter } from '../indexer/live/watch-filter.js';
import type { Logger } from '../logging/logger.js';
import { inProcessFitter, startFitWorker, type Fitter } from '../retrieval/budget/fit-service.js';
import { countAtMost, createO200kCounter, type TokenCounter } from '../tokenizer/tokens.js';

export interface LiveIndex {
  batcher: ChangeBatcher;
  /** Resolves once the watcher has seen the whole tree (events before that are not reported). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface ServedRepo {
  name: string;
  workspace: Workspace;
  /** Null when watching is off (`watch.enabled: false` or `--no-watch`). */
  live: LiveIndex | null;
  /**
   * Waits until every change the watcher has seen is indexed (a request that must see the
   * latest edits); without a watcher, refreshes the index incrementally.
   */
  catchUp(): Promise<void>;
}

export interface ServeSet {
  repos: ServedRepo[];
  byName(name: string): ServedRepo | undefined;
  fitter: Fitter;
  close(): Promise<void>;
}

export interface ServeSetOptions {
  logger: Logger;
  env: NodeJS.ProcessEnv;
  /** Every store and client the workspaces open (app/serve.ts). */
  wiring: ServeWiring;
  /** Watch the files (default: each repository's `watch.enabled`). */
  watch?: boolean;
  /** How index runs are made (the composition root's: each on a thread of its own, app/index-thread.ts; default: in this thread). */
  runner?: IndexRunner;
  /**
   * Fit packages in this thread with this counter, instead of on a fitting thread of their
   * own: for a process that is mostly at rest (`cairn mcp`), where a second thread holding
   * a second copy of the tokenizer costs memory and buys little.
   */
  counter?: TokenCounter;
}

export async function openServeSet(repos: { name: string; context: RepoContext }[], options: ServeSetOptions): Promise<ServeSet> {
  const fitter = options.counter ? inProcessFitter(options.counter) : startFitWorker(createO200kCounter);
  const runner = options.runner ?? options.wiring.runIndex;
  const opened: ServedRepo[] = [];
  const closeAll = async (): Promise<void> => {
    for (const repo of opened.reverse()) {
      await repo.live?.close();
      await repo.workspace.close();
    }
    await fitter.close();
  };
  try {
    for (const { name, context } of repos) {
      const workspace = await Workspace.open(context, { name, logger: options.logger, fitter, env: options.env, wiring: options.wiring, runner });
      // A replica (a shared store's published index) has nothing to watch: `cairn index` publishes.
      const watching = !workspace.isReplica && (options.watch ?? context.config.watch.enabled);
      const live = watching ? watchWorkspace(workspace, options.logger.child({ repo: name })) : null;
      opened.push({
        name,
        workspace,
        live,
        catchUp: async () => {
          if (!workspace.hasIndex()) return; // the request builds it
          if (live === null) await workspace.refresh('request');
          else await live.batcher.flush();
          await workspace.settled();
        },
      });
      // An index that exists may be behind what changed while nothing watched: caught up now.
      if (workspace.hasIndex()) void workspace.refresh('start');
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
  const served = [...opened];
  return {
    repos: served,
    byName: (name) => served.find((repo) => repo.name === name),
    fitter,
    close: closeAll,
  };
}

/** Watches the workspace's repository; changes become debounced refreshes. */
export function watchWorkspace(workspace: Workspace, logger: Logger): LiveIndex {
  const { root, indexDir, config } = workspace.context;
  const batcher = new ChangeBatcher({
    debounceMs: config.watch.debounceMs,
    maxWaitMs: config.watch.maxWaitMs,
    run: async (batch) => {
      // Before the first request there is no index to keep current: that request builds it.
      if (!workspace.hasIndex()) return;
      logger.debug({ events: batch.events, sample: batch.sample }, 'files changed');
      await workspace.refresh(`${batch.events} file event${batch.events === 1 ? '' : 's'}`);
    },
    onError: (error) => logger.error({ err: error }, 'live index: refresh failed'),
  });
  const ignored = watchFilter(root, indexDir, config.index);
  const watcher: FSWatcher = watch(root, {
    ignored: (path, stats) => ignored(path, stats === undefined ? undefined : stats.isDirectory()),
    ignoreInitial: true,
    followSymlinks: false,
  });
  watcher.on('all', (_event, path) => batcher.note(path));
  watcher.on('error', (error) => logger.warn({ err: error }, 'live index: the watcher reported an error (changes may be missed until the next refresh)'));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    batcher,
    ready,
    close: async () => {
      batcher.close();
      await watcher.close();
    },
  };
}

/** A counter that loads its tokenizer on first use (a process at rest never loads it). */
export function lazyCounter(name: string, make: () => TokenCounter): TokenCounter {
  let loaded: TokenCounter | null = null;
  const counter = (): TokenCounter => (loaded ??= make());
  return {
    name,
    count: (text) => counter().count(text),
    countAtMost: (text, limit) => countAtMost(counter(), text, limit),
    get additiveAtLineStarts() {
      return counter().additiveAtLineStarts;
    },
  };
}
