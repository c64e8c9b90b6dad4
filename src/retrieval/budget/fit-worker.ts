// The package-fitting worker thread (fit-service.ts): loads the o200k_base counter, warms
// the fitting code up on a small made-up package, then fits and renders what it is sent.

import { parentPort } from 'node:worker_threads';
import { RENDER_FORMATS, type ContextItem } from '../../core/context-package.js';
import { EMPTY_FRAME } from './fit.js';
import { faultOf } from '../../core/errors.js';
import { fitAndRender, type FitReply, type FitRequest } from './fit-service.js';
import { createO200kCounter, type TokenCounter } from '../../tokenizer/tokens.js';

const port = parentPort;
if (port === null) throw new Error('fit-worker.js runs as a worker thread');
// A counter that cannot be made (a damaged tokenizer table) is every request's answer, as
// a fault carrying its message and hint: a thread that died instead would tell the user
// only that it stopped.
let counter: TokenCounter | { fault: unknown };
try {
  counter = createO200kCounter();
  warmUp(counter);
} catch (error) {
  counter = { fault: error };
}
port.on('message', ({ id, request }: { id: number; request: FitRequest }) => {
  let reply: FitReply;
  try {
    if ('fault' in counter) throw counter.fault;
    reply = { id, fitted: fitAndRender(request, counter) };
  } catch (error) {
    reply = { id, fault: faultOf(error, 'fitting the package') };
  }
  port.postMessage(reply);
});

/**
 * One tight fit per format over made-up files and symbols, so that the first real fit runs
 * on code V8 has already compiled rather than interpreting it cold. Its result is dropped.
 */
function warmUp(counting: TokenCounter): void {
  const body = (n: number) => `def handler_${n}(request, limit=10):\n    """Handle request ${n}."""\n    return [item for item in request.items if item.size < limit]\n`;
  const candidates: ContextItem[] = Array.from({ length: 12 }, (_, n) => ({
    path: `pkg/module_${n % 4}.py`,
    symbolKey: n < 4 ? null : `pkg/module_${n % 4}.py::handler_${n}`,
    language: 'python',
    startLine: 1,
    endLine: 4,
    detail: 'full',
    texts: { full: body(n).repeat(n < 4 ? 6 : 1), excerpt: n % 3 === 0 ? body(n) : null, signature: `def handler_${n}(request, limit=10)` },
    tokens: 0,
    provenance: { stage: 'scope', tier: n % 3, reason: 'warm-up', signals: {}, score: 1 - n / 20 },
    demotedFrom: null,
  }));
  for (const format of RENDER_FORMATS) {
    fitAndRender({ candidates, budget: { contextWindow: 900, reservedTokens: 100 }, format, frame: { ...EMPTY_FRAME, query: 'warm up' } }, counting);
  }
}
