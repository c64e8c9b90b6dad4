// Composition root, episode-memory part: the memory store (memory.db in the index
// directory), the index it checks entities against, the disk, the indexer's extraction for
// files changed since the index was built, the pipeline's token counter — and, for
// `hydrate`, the retrieval pipeline itself (its ranking is the hydration's third tier).

import type { RepoContext } from '../config/repo-context.js';
import { openMemoryStore } from './stores.js';
import { openRetrieval, refreshed } from './retrieval.js';
import { openCompleteReader } from './readers.js';
import { extractEntities } from '../indexer/extract-entities.js';
import { diskFileProbe } from '../memory/disk/file-probe.js';
import type { MemoryLog, MemoryPorts } from '../memory/ports.js';
import { createO200kCounter, type TokenCounter } from '../tokenizer/tokens.js';
import { resolveStages } from '../retrieval/pipeline/settings.js';

export interface MemorySession {
  ports: MemoryPorts;
  /** What the index refresh could not do fully, for the face to print. */
  warnings: string[];
  close(): void;
}

export interface MemorySessionOptions {
  refresh: boolean;
  log: MemoryLog;
  env: NodeJS.ProcessEnv;
  /** Open the retrieval pipeline too (hydrate's third tier). */
  pipeline: boolean;
  /** `existing` for commands that only act on recorded memory: none yet is NOT_FOUND, not an empty store. */
  store?: 'create' | 'existing';
}

export async function openMemory(context: RepoContext, options: MemorySessionOptions): Promise<MemorySession> {
  const opened: { close(): void }[] = [];
  try {
    let warnings: string[];
    let ports: Omit<MemoryPorts, 'store'>;
    if (options.pipeline) {
      // The model judge stays off: a hydration gives the same entities for the same source and query.
      const retrieval = await openRetrieval(context, { refresh: options.refresh, llm: null, env: options.env });
      opened.push(retrieval);
      warnings = retrieval.warnings;
      ports = basePorts(context, retrieval.ports.reader, options.log);
      ports = { ...ports, retrieval: retrieval.ports, stages: resolveStages(undefined, context.config) };
    } else {
      warnings = options.refresh ? await refreshed(context) : [];
      const reader = await openCompleteReader(context, { onWait: (writer) => warnings.push(`waited for process ${writer} to finish updating the index`) });
      opened.push(reader);
      ports = basePorts(context, reader, options.log);
    }
    const store = openMemoryStore(context, options.store ?? 'create');
    opened.push(store);
    return { ports: { ...ports, store }, warnings, close: () => closeAll(opened) };
  } catch (error) {
    closeAll(opened);
    throw error;
  }
}

/** The ports every memory service takes but the store and the pipeline (the CLI's sessions and the served workspaces alike). */
export function basePorts(context: RepoContext, reader: MemoryPorts['reader'], log: MemoryLog, counter: TokenCounter = createO200kCounter()): Omit<MemoryPorts, 'store'> {
  return {
    reader,
    files: diskFileProbe(context.root, context.config.index.maxFileBytes),
    extract: extractEntities,
    counter,
    settings: context.config.memory,
    log,
  };
}

function closeAll(stores: { close(): void }[]): void {
  for (const store of [...stores].reverse()) store.close();
}
