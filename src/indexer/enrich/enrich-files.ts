// `cairn enrich`: a model writes, per code file of the index, a short purpose summary, its
// domain and key concepts. Each answer is staged as soon as it arrives, so an interrupted
// run resumes where it stopped; a file whose staged or promoted summary was written from
// its current content is skipped, so a re-run enriches only what changed. A file whose
// bytes on disk no longer match the index is left for after the next index run. Failures
// follow retrieval's rule (llm.onError): `fail` stops with the model's error, `fallback`
// stops asking and reports what is left for the next run. Progress comes as events.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileRecord } from '../../core/entities.js';
import type { FileEnrichment } from '../../core/enrichment.js';
import { LlmCallError, type LlmAttempt, type LlmClient } from '../../providers/llm/port.js';
import type { CuratedReader } from '../../store/curated.js';
import type { EnrichmentStore } from '../../store/enrichment.js';
import { sha256 } from '../hash.js';
import { boundedAnswer, enrichRequest } from './enrich-prompt.js';
import { compareText } from '../../core/compare.js';

export interface EnrichRun {
  reader: CuratedReader;
  store: EnrichmentStore;
  llm: LlmClient;
  onError: 'fail' | 'fallback';
  /** Repository root: file texts are read from here and checked against the index. */
  root: string;
  /** Enrich at most this many files in this run (the rest are left for the next). */
  limit?: number;
  now?: () => number;
}

export interface EnrichTokens {
  prompt: number;
  completion: number;
}

export type EnrichEvent =
  | { kind: 'planned'; todo: number; unchanged: number }
  | { kind: 'enriched'; path: string; done: number; todo: number; tokens: EnrichTokens };

export interface EnrichSummary {
  enriched: number;
  /** Files whose current content already has a staged or promoted summary. */
  unchanged: number;
  /** Files left for a later run: beyond --limit, or not asked after a model failure. */
  left: number;
  /** Files whose bytes on disk differ from the index (re-index, then enrich). */
  changedOnDisk: string[];
  tokens: EnrichTokens;
  /** Why the run stopped asking the model (onError: fallback), or null. */
  modelFailure: string | null;
}

export async function* enrichFiles(run: EnrichRun): AsyncGenerator<EnrichEvent, EnrichSummary> {
  const { todo, unchanged } = plan(run);
  const chosen = run.limit === undefined ? todo : todo.slice(0, run.limit);
  yield { kind: 'planned', todo: chosen.length, unchanged };
  const summary: EnrichSummary = { enriched: 0, unchanged, left: todo.length - chosen.length, changedOnDisk: [], tokens: { prompt: 0, completion: 0 }, modelFailure: null };
  for (const [index, file] of chosen.entries()) {
    const text = currentText(run.root, file);
    if (text === null) {
      summary.changedOnDisk.push(file.path);
      continue;
    }
    let row: FileEnrichment;
    try {
      row = await enrichOne(run, file, text, summary.tokens);
    } catch (error) {
      if (error instanceof LlmCallError) addTokens(summary.tokens, error.attempts);
      if (!(error instanceof LlmCallError) || run.onError === 'fail') throw error;
      summary.modelFailure = `${file.path}: ${error.message}`;
      summary.left += chosen.length - index;
      break;
    }
    run.store.stage([row]);
    summary.enriched += 1;
    yield { kind: 'enriched', path: file.path, done: index + 1, todo: chosen.length, tokens: { ...summary.tokens } };
  }
  return summary;
}

/** Code files of the index (no vendored or generated code), by path; those already enriched at their content counted apart. */
function plan(run: EnrichRun): { todo: FileRecord[]; unchanged: number } {
  const files = run.reader.files().filter((file) => file.kind === 'code' && !file.isVendored && !file.isGenerated);
  const todo = files.filter((file) => run.store.staged(file.path)?.contentHash !== file.hash && run.store.promoted(file.path)?.contentHash !== file.hash);
  return { todo: todo.sort((a, b) => compareText(a.path, b.path)), unchanged: files.length - todo.length };
}

/** The file's text when its bytes are still those the index holds; null otherwise. */
function currentText(root: string, file: FileRecord): string | null {
  try {
    const bytes = readFileSync(join(root, file.path));
    return sha256(bytes) === file.hash ? bytes.toString('utf8') : null;
  } catch {
    return null;
  }
}

async function enrichOne(run: EnrichRun, file: FileRecord, text: string, tokens: EnrichTokens): Promise<FileEnrichment> {
  const result = await run.llm.chatJson(enrichRequest(file.path, text, run.reader.fileMeta(file.path)));
  const used = addTokens(tokens, result.attempts);
  const answer = boundedAnswer(result.value);
  return {
    path: file.path,
    contentHash: file.hash,
    model: `${run.llm.provider}:${run.llm.model}`,
    ...answer,
    promptTokens: used.prompt,
    completionTokens: used.completion,
    at: (run.now ?? Date.now)(),
  };
}

/** Adds the attempts' reported tokens to the running total; returns this call's. */
function addTokens(total: EnrichTokens, attempts: readonly LlmAttempt[]): EnrichTokens {
  const call = { prompt: 0, completion: 0 };
  for (const attempt of attempts) {
    call.prompt += attempt.promptTokens ?? 0;
    call.completion += attempt.completionTokens ?? 0;
  }
  total.prompt += call.prompt;
  total.completion += call.completion;
  return call;
}
