// `cairn enrich` as an operation: a model writes each code file's purpose, domain and key
// concepts (indexer/enrich/), staged as they arrive; `promote` makes the staged summaries
// what retrieval reads, `discard` throws them away. The CLI is its only face: the stores and
// the model client are handed in by the composition root (app/stores.ts, app/retrieval.ts),
// the progress goes to the face's listener.

import { enrichFiles, type EnrichEvent, type EnrichSummary } from '../indexer/enrich/enrich-files.js';
import type { RetrievalPorts } from '../retrieval/pipeline/retrieve.js';
import type { CuratedReader } from '../store/curated.js';
import type { EnrichmentStore } from '../store/enrichment.js';

export type { EnrichEvent, EnrichSummary };

export type EnrichModel = NonNullable<RetrievalPorts['llm']>;

export interface EnrichPorts {
  store: EnrichmentStore;
  /** Repository root: file texts are read from here and checked against the index. */
  root: string;
  /** The index at its last complete state; opened only when the model is asked, closed after. */
  openReader(): Promise<CuratedReader>;
  /** The model that writes the summaries, or null when none is asked this run. */
  openModel: (() => Promise<EnrichModel>) | null;
}

export interface EnrichRequest {
  /** Enrich at most this many files in this run (the rest in later runs). */
  limit?: number;
  /** What to do with the staged summaries after the run. */
  settle: 'promote' | 'discard' | null;
}

export interface EnrichOutcome {
  /** This run's enrichment, or null when no model was asked. */
  run: EnrichSummary | null;
  settled: { promoted?: number; discarded?: number };
  staged: number;
  promotedTotal: number;
}

export async function enrichRepository(ports: EnrichPorts, request: EnrichRequest, onEvent: (event: EnrichEvent) => void): Promise<EnrichOutcome> {
  const run = ports.openModel === null ? null : await enrichWithModel(ports, ports.openModel, request.limit, onEvent);
  const { store } = ports;
  const settled = request.settle === 'discard' ? { discarded: store.discard() } : request.settle === 'promote' ? { promoted: store.promote() } : {};
  return { run, settled, staged: store.stagedCount(), promotedTotal: store.promotedCount() };
}

async function enrichWithModel(ports: EnrichPorts, openModel: () => Promise<EnrichModel>, limit: number | undefined, onEvent: (event: EnrichEvent) => void): Promise<EnrichSummary> {
  const reader = await ports.openReader();
  try {
    const model = await openModel();
    // Summaries of files the index no longer holds are dropped before the run.
    ports.store.retain(new Set(reader.files().map((file) => file.path)));
    const events = enrichFiles({ reader, store: ports.store, llm: model.client, onError: model.onError, root: ports.root, ...(limit !== undefined ? { limit } : {}) });
    for (;;) {
      const next = await events.next();
      if (next.done) return next.value;
      onEvent(next.value);
    }
  } finally {
    reader.close();
  }
}
