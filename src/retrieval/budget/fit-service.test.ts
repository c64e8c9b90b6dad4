// The worker fitter against the in-process one: the compiled worker (dist/, built by the
// test setup) must give the very package fitAndRender gives here, carry a BUDGET failure
// over as the same typed error, and stand in with the in-process fitter when no compiled
// worker exists.

import { cpSync, mkdtempSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContextItem } from '../../core/context-package.js';
import { isCairnError } from '../../core/errors.js';
import { EMPTY_FRAME } from './fit.js';
import { fitAndRender, showableOnly, startFitWorker, type Fitter, type FitRequest } from './fit-service.js';
import { createO200kCounter } from '../../tokenizer/tokens.js';
import { PACKAGE_NAME } from '../../core/install-root.js';

const COMPILED_WORKER = new URL('../../../dist/retrieval/budget/fit-worker.js', import.meta.url);

function item(n: number, tier: number): ContextItem {
  const text = `def compute_${n}(values):\n    # why: keep the order stable\n    return sorted(values, key=len)\n`.repeat(1 + (n % 5));
  return {
    path: `src/m${n % 3}.py`,
    symbolKey: n < 3 ? null : `src/m${n % 3}.py::compute_${n}`,
    language: 'python',
    startLine: 1,
    endLine: 3,
    detail: 'full',
    texts: { full: text, excerpt: null, signature: `def compute_${n}(values)` },
    tokens: 0,
    provenance: { stage: 'scope', tier, reason: `tier ${tier}`, signals: { search: 1 / (n + 1) }, score: 1 / (n + 1) },
    demotedFrom: null,
  };
}

const request = (contextWindow: number): FitRequest => ({
  candidates: Array.from({ length: 9 }, (_, n) => item(n, n % 3)),
  budget: { contextWindow, reservedTokens: 50 },
  format: 'markdown',
  frame: { ...EMPTY_FRAME, taskId: 'task-1', runId: 'run-1', query: 'sort the values', notes: ['a note'], edges: [{ from: 'src/m0.py', to: 'src/m1.py', relation: 'imports', weight: 1 }] },
});

/** What the promise rejects with, or null when it resolves. */
function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

const fitters: Fitter[] = [];
afterEach(async () => {
  for (const fitter of fitters.splice(0)) await fitter.close();
});

describe('showableOnly', () => {
  it('drops only texts above each ceiling, and the fit is the same without them', () => {
    const withExcerpt = (n: number, tier: number) => ({ ...item(n, tier), texts: { ...item(n, tier).texts, excerpt: `def compute_${n}(values):\n    ⋯ lines 2-9 not shown ⋯` } });
    const candidates = [
      item(1, 0),
      { ...withExcerpt(4, 1), detail: 'excerpt' as const },
      { ...withExcerpt(2, 1), detail: 'signature' as const },
      { ...item(3, 2), detail: 'path' as const },
    ];
    const full = { ...request(1200), candidates };
    const slim = showableOnly(full);
    expect(slim.candidates.map((candidate) => candidate.texts)).toEqual([
      candidates[0]!.texts,
      { full: null, excerpt: candidates[1]!.texts.excerpt, signature: candidates[1]!.texts.signature },
      { full: null, excerpt: null, signature: candidates[2]!.texts.signature },
      { full: null, excerpt: null, signature: null },
    ]);
    expect(slim.candidates[0]).toBe(candidates[0]);
    for (const window of [300, 1200, 8000]) {
      expect(fitAndRender(showableOnly({ ...full, budget: { contextWindow: window, reservedTokens: 50 } }), createO200kCounter())).toEqual(
        fitAndRender({ ...full, budget: { contextWindow: window, reservedTokens: 50 } }, createO200kCounter()),
      );
    }
  });
});

describe('startFitWorker', () => {
  it('fits and renders on the worker exactly as in-process, request after request', async () => {
    let fellBack = false;
    const fitter = startFitWorker(() => ((fellBack = true), createO200kCounter()), COMPILED_WORKER);
    fitters.push(fitter);
    for (const window of [400, 1200, 8000]) {
      const expected = fitAndRender(request(window), createO200kCounter());
      expect(await fitter.fit(request(window))).toEqual(expected);
    }
    expect(fellBack).toBe(false);
  });

  it('carries a budget that cannot hold an empty package over as the BUDGET error', async () => {
    const fitter = startFitWorker(createO200kCounter, COMPILED_WORKER);
    fitters.push(fitter);
    const failure = await failureOf(fitter.fit(request(60)));
    expect(isCairnError(failure) && failure.code).toBe('BUDGET');
    expect(isCairnError(failure) && failure.hint).toContain('context_window');
    // The worker is still there for the next request.
    expect((await fitter.fit(request(1200))).fit.package.items.length).toBeGreaterThan(0);
  });

  it('fits in-process with the fallback counter when there is no compiled worker', async () => {
    let made = 0;
    const fitter = startFitWorker(() => (made++, createO200kCounter()), new URL('./no-such-worker.js', import.meta.url));
    fitters.push(fitter);
    expect(made).toBe(0);
    expect(await fitter.fit(request(1200))).toEqual(fitAndRender(request(1200), createO200kCounter()));
    await fitter.fit(request(8000));
    expect(made).toBe(1);
  });

  it('answers with the damaged tokenizer table\'s error and hint, not a stopped thread', async () => {
    // A copy of the compiled install whose table is cut short; the worker finds it through installRoot.
    const install = mkdtempSync(join(tmpdir(), 'cairn-install-'));
    try {
      const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));
      cpSync(dist, join(install, 'dist'), { recursive: true, filter: (path) => !path.includes(`${sep}bundle`) });
      writeFileSync(join(install, 'package.json'), JSON.stringify({ name: PACKAGE_NAME, type: 'module' }));
      symlinkSync(fileURLToPath(new URL('../../../node_modules', import.meta.url)), join(install, 'node_modules'), 'dir');
      const table = join(install, 'dist', 'tokenizer', 'o200k_base.bin');
      truncateSync(table, Math.floor(statSync(table).size / 2));
      const fitter = startFitWorker(createO200kCounter, pathToFileURL(join(install, 'dist', 'retrieval', 'budget', 'fit-worker.js')));
      fitters.push(fitter);
      const failure = await failureOf(fitter.fit(request(1200)));
      expect(isCairnError(failure) && failure.code).toBe('INTERNAL');
      expect(isCairnError(failure) && failure.message).toContain('o200k_base.bin');
      expect(isCairnError(failure) && failure.hint).toContain('npm run build');
    } finally {
      for (const fitter of fitters.splice(0)) await fitter.close();
      rmSync(install, { recursive: true, force: true });
    }
  });
});
