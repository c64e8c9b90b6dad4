// Preloaded into a `cairn` process by bundle.test.ts (`node --import <this> bin/cairn.js`):
// appends to the file named by CAIRN_LOAD_TRACE one line per ES module loaded ("module
// <url>"), worker thread started ("worker <script>") and native addon opened ("addon
// <path>"). Worker threads inherit --import, so their own loads are traced too. Test-only:
// nothing in cairn reads this.

import { appendFileSync } from 'node:fs';
import { register, syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

const traceFile = process.env['CAIRN_LOAD_TRACE'];
if (traceFile) {
  const record = (kind, what) => appendFileSync(traceFile, `${kind} ${what}\n`);

  const BaseWorker = workerThreads.Worker;
  workerThreads.Worker = class TracedWorker extends BaseWorker {
    constructor(script, options) {
      record('worker', script instanceof URL ? script.href : String(script));
      super(script, options);
    }
  };
  // `import { Worker } from 'node:worker_threads'` sees the replacement only after this.
  syncBuiltinESMExports();

  const dlopen = process.dlopen;
  process.dlopen = function tracedDlopen(module, filename, ...rest) {
    record('addon', filename);
    return dlopen.call(this, module, filename, ...rest);
  };

  // Module loads are seen by a loader hook, which runs on its own thread: it gets the
  // file name through `data`.
  const hook = `
    import { appendFileSync } from 'node:fs';
    let file;
    export function initialize(data) { file = data; }
    export async function load(url, context, nextLoad) {
      if (url.startsWith('file:')) appendFileSync(file, 'module ' + url + '\\n');
      return nextLoad(url, context);
    }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: traceFile });
}
