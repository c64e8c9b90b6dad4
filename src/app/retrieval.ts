// Composition root, retrieval part: the ports of a retrieval run. Kept apart from app.ts
// so that commands which never retrieve (index, search, status, ...) do not load the
// pipeline and the tokenizer; the model clients (and the schema library that checks their
// answers) load only when a model is configured.

import type { RepoContext } from '../config/repo-context.js';
import { openEnrichmentReader, openRanker, openRawLog, openSessions } from './stores.js';
import { openCompleteReader } from './readers.js';
import { refreshed } from './refresh.js';
import type { LlmConfig } from '../config/schema.js';
import { gitLineHistory } from '../indexer/git/line-changes.js';
import { startFitWorker } from '../retrieval/budget/fit-service.js';
import { ReadMemo } from '../retrieval/pipeline/memo-reader.js';
import { deferredSink } from '../retrieval/pipeline/record-sink.js';
import { createO200kCounter } from '../tokenizer/tokens.js';
import type { RetrievalPorts } from '../retrieval/pipeline/retrieve.js';
import { pruneUnloggedSessions } from '../retrieval/pipeline/session-prune.js';

export interface RetrievalSession {
  ports: RetrievalPorts;
  /** What the refresh could not do fully (IndexSummary.warnings), for the face to print. */
  warnings: string[];
  close(): void;
}

/**
 * The ports of a retrieval run: the index refreshed incrementally (unless `refresh` is
 * false) and then opened read-only, the raw log, the session store, and the model client
 * when one is configured (its API key read from the variable `llm.apiKeyEnv` names).
 */
export async function openRetrieval(
  context: RepoContext,
  options: { refresh: boolean; llm: LlmConfig | null; env: NodeJS.ProcessEnv },
): Promise<RetrievalSession> {
  // Started first: the worker loads the tokenizer while the index is refreshed and the
  // task ranked and staged (a one-shot run would otherwise wait for it at the end).
  const fitter = startFitWorker(createO200kCounter);
  const opened: { close(): void }[] = [{ close: () => void fitter.close() }];
  try {
    const warnings = options.refresh ? await refreshed(context) : [];
    const reader = await openCompleteReader(context, {
      onWait: (writer) => warnings.push(`waited for process ${writer} to finish updating the index`),
    });
    opened.push(reader);
    const rawLog = openRawLog(context);
    opened.push(rawLog);
    const sessions = openSessions(context);
    opened.push(sessions);
    pruneUnloggedSessions(rawLog, sessions);
    // The run's log entries and session patches are written while it waits for the fit.
    const records = deferredSink(rawLog, sessions);
    const ranking = openRanker(context, options.env);
    opened.push(ranking);
    const enrichment = openEnrichmentReader(context);
    if (enrichment !== null) opened.push(enrichment);
    const ports: RetrievalPorts = {
      reader,
      rawLog,
      sessions,
      root: context.root,
      llm: await modelPort(options.llm, options.env),
      fitter,
      records,
      readMemo: new ReadMemo(),
      lineHistory: gitLineHistory(context.root),
      enrichment,
      ...(context.config.embed ? { ranker: ranking.ranker } : {}),
    };
    return { ports, warnings, close: () => closeAll(opened) };
  } catch (error) {
    closeAll(opened);
    throw error;
  }
}

export async function modelPort(llm: LlmConfig | null, env: NodeJS.ProcessEnv): Promise<RetrievalPorts['llm']> {
  if (llm === null) return null;
  const { createLlmClient } = await import('../providers/llm/create.js');
  const apiKey = llm.apiKeyEnv ? env[llm.apiKeyEnv] : undefined;
  return { client: createLlmClient(llm, apiKey), onError: llm.onError };
}

function closeAll(stores: { close(): void }[]): void {
  for (const store of [...stores].reverse()) store.close();
}
