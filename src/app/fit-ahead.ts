// Composition root, start-up part: the fitting thread started before a retrieving command's
// modules load (faces/cli/main.ts), so the tokenizer it loads is ready sooner. Apart from
// retrieval.ts, which loads the pipeline's ports: this file loads the thread's starter alone.

export { startFitThreadAhead } from '../retrieval/budget/fit-thread.js';
