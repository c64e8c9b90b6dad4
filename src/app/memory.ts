// Composition root, episode-memory part: what memory checks entities against besides its
// store (opened by the handle, app/one-shot.ts or serve/workspace.ts) — the index, the
// disk, the indexer's extraction for files changed since the index was built, the
// pipeline's token counter. A hydration's handle adds the retrieval pipeline (its ranking
// is the hydration's third tier).

import type { RepoContext } from '../config/repo-context.js';
import { extractEntities } from '../indexer/extract-entities.js';
import { diskFileProbe } from '../memory/disk/file-probe.js';
import type { MemoryLog, MemoryPorts } from '../memory/ports.js';
import { createO200kCounter, type TokenCounter } from '../tokenizer/tokens.js';

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
