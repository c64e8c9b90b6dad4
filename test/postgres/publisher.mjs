// Run by generations.test.ts as a child process (compiled store in dist/): "publish" takes
// the index-run lock of repository argv[3] and publishes the file argv[4] as index.db,
// printing "published <generation>"; "hold" takes the lock, prints "locked" and waits to be
// killed. Prints "busy" when another run holds the lock.

import { openPgIndexGenerations } from '../../dist/store/postgres/index-generations.js';

const [url, repository, mode, file] = process.argv.slice(2);
const generations = openPgIndexGenerations(url);
const lock = generations.tryLock(repository);
if (lock === null) {
  process.stdout.write('busy\n');
  process.exit(0);
}
if (mode === 'hold') {
  process.stdout.write('locked\n');
  setInterval(() => undefined, 60_000);
} else {
  const info = generations.publish(lock, [{ name: 'index.db', path: file }], { gitHead: 'abc' });
  process.stdout.write(`published ${info.generation}\n`);
  lock.release();
  generations.close();
}
