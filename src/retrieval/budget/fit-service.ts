// Where a package is fitted and rendered: in-process with a given counter, or on a worker
// thread that loads the o200k_base counter while the main thread is still ranking and
// staging. With the compiled rank table (bpe/) the counter loads in ~7 ms, but the thread's
// start, its modules and warming the fitting code up on a small package of its own (no
// repository data, so the real fit runs on compiled code) still cost ~100 ms that a
// one-shot `cairn retrieve` would otherwise pay at its end; and the fit overlaps the
// writing of the run's log (record-sink.ts).
// Both fitters give the same package: the same fitToBudget with the same counter.

import type { ContextItem, PackageFrame, RenderFormat } from '../../core/context-package.js';
import { CairnError, errorOfFault, type ThreadFault } from '../../core/errors.js';
import { renderPackage } from '../../render/index.js';
import { fitToBudget, type FitResult, type SectionRequest } from './fit.js';
import type { TokenBudget } from './limits.js';
import { claimFitThread, FIT_WORKER_SCRIPT } from './fit-thread.js';
import type { TokenCounter } from '../../tokenizer/tokens.js';

export interface FitRequest {
  candidates: ContextItem[];
  budget: TokenBudget;
  format: RenderFormat;
  frame: PackageFrame;
  /** Per-section shares of the budget, when the caller asked for them. */
  sections?: SectionRequest;
}

export interface Fitted {
  fit: FitResult;
  rendered: string;
}

export interface Fitter {
  fit(request: FitRequest): Promise<Fitted>;
  close(): Promise<void>;
}

/** The worker's reply: the fitted package, or the error it caught as a fault. */
export type FitReply = { id: number; fitted: Fitted } | { id: number; fault: ThreadFault };

/** The pure part: fit the candidates and render the package, in this thread. */
export function fitAndRender(request: FitRequest, counter: TokenCounter): Fitted {
  const fit = fitToBudget(request.candidates, request.budget, counter, request.format, request.frame, request.sections);
  return { fit, rendered: renderPackage(fit.package, request.format) };
}

export function inProcessFitter(counter: TokenCounter): Fitter {
  return {
    fit: async (request) => fitAndRender(request, counter),
    close: async () => undefined,
  };
}

/**
 * A fitter on a worker thread counting with o200k_base, started now so that the tokenizer
 * loads in parallel with the caller's work. When the compiled worker script is absent
 * (running from TypeScript sources), it fits in-process with `fallback()`'s counter, made
 * on first use.
 */
export function startFitWorker(fallback: () => TokenCounter, script: URL = FIT_WORKER_SCRIPT): Fitter {
  const worker = claimFitThread(script);
  if (worker === null) return lazyInProcess(fallback);
  // Idle, the worker never keeps the process alive (a CLI run exits as soon as it is done);
  // while a fit is pending it does, so the reply is awaited.
  worker.unref();
  const pending = new Map<number, { resolve(fitted: Fitted): void; reject(error: unknown): void }>();
  let nextId = 0;
  let crashed: unknown = null;
  worker.on('message', (reply: FitReply) => {
    const job = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (!job) return;
    if ('fitted' in reply) job.resolve(reply.fitted);
    else job.reject(errorOfFault(reply.fault));
  });
  const failAll = (error: unknown): void => {
    crashed = error;
    for (const job of pending.values()) job.reject(new CairnError('INTERNAL', 'the package-fitting worker stopped', { cause: error }));
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`exit code ${code}`)));
  return {
    fit(request) {
      if (crashed !== null) return Promise.reject(new CairnError('INTERNAL', 'the package-fitting worker stopped', { cause: crashed }));
      const id = nextId++;
      return new Promise<Fitted>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, request: showableOnly(request) });
      });
    },
    close: async () => {
      await worker.terminate();
    },
  };
}

/**
 * The request without texts above each candidate's ceiling (a file offered as its outline
 * still carries its whole text): the fitter never shows them, and copying them to the
 * worker cost the main thread ~10 ms a run on sympy.
 */
export function showableOnly(request: FitRequest): FitRequest {
  const candidates = request.candidates.map((item) => {
    const full = item.detail === 'full' ? item.texts.full : null;
    const excerpt = item.detail === 'full' || item.detail === 'excerpt' ? item.texts.excerpt : null;
    const signature = item.detail === 'path' ? null : item.texts.signature;
    const same = full === item.texts.full && excerpt === item.texts.excerpt && signature === item.texts.signature;
    return same ? item : { ...item, texts: { full, excerpt, signature } };
  });
  return { ...request, candidates };
}

function lazyInProcess(counterOf: () => TokenCounter): Fitter {
  let counter: TokenCounter | null = null;
  return {
    fit: async (request) => fitAndRender(request, (counter ??= counterOf())),
    close: async () => undefined,
  };
}
