// Run by driver-regressions.test.ts with --expose-gc: connections opened and closed in
// rounds, garbage collected between turns of the event loop. libpq's binding closes its
// socket watcher asynchronously but lets a finished connection be collected at once; before
// the fix (connection.ts keeps finished connections until the loop has turned), libuv
// aborted the process ("uv__finish_close: Assertion … failed").

import { connectPg } from '../../dist/store/postgres/connection.js';

const url = process.argv[2];
for (let round = 0; round < 40; round++) {
  for (let i = 0; i < 15; i++) connectPg(url, { schema: 'public' }).close();
  globalThis.gc();
  await new Promise((resolve) => setImmediate(resolve));
}
process.stdout.write('survived\n');
