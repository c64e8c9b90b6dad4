// The link thread (link-thread.ts) runs only from compiled code, where its worker script
// exists; the test suite's global setup compiles to dist/, so these drive that build.
// Equivalence with linking in one thread is tested end to end in test/cli/bundle.test.ts.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type * as LinkThreadModule from './link-thread.js';

const COMPILED = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'indexer', 'link-thread.js')).href;
const compiled = (): Promise<typeof LinkThreadModule> => import(COMPILED) as Promise<typeof LinkThreadModule>;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('startLinkThread', () => {
  it('is null without its worker script (running from TypeScript sources)', async () => {
    const { startLinkThread } = await import('./link-thread.js');
    expect(startLinkThread({ location: { adapter: 'sqlite', indexDir: '/nonexistent' }, relinkDocs: true })).toBeNull();
  });

  it("reports the store's typed error as the thread's fault, not a crash", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-link-thread-'));
    dirs.push(dir);
    const notADirectory = join(dir, 'index-is-a-file');
    writeFileSync(notADirectory, 'not an index');
    const thread = (await compiled()).startLinkThread({ location: { adapter: 'sqlite', indexDir: notADirectory }, relinkDocs: true });
    expect(thread).not.toBeNull();
    await expect(thread!.done).rejects.toMatchObject({ code: 'INPUT_INVALID', message: expect.stringContaining(notADirectory) });
    await thread!.stop();
  });

  it('relinks the docs of an index and reports when told there are no edges', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-link-thread-'));
    dirs.push(dir);
    const thread = (await compiled()).startLinkThread({ location: { adapter: 'sqlite', indexDir: dir }, relinkDocs: true });
    thread!.finishReferences();
    await expect(thread!.done).resolves.toBe(0);
    await thread!.stop();
  });

  it('reports a protocol error (edges before any begin) as a fault', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-link-thread-'));
    dirs.push(dir);
    const thread = (await compiled()).startLinkThread({ location: { adapter: 'sqlite', indexDir: dir }, relinkDocs: false });
    thread!.addReferences([{ fromKey: 'a.py::f', fromPath: 'a.py', toKey: 'b.py::g', toPath: 'b.py', kind: 'call', count: 1, confidence: 1 }]);
    await expect(thread!.done).rejects.toMatchObject({ code: 'INTERNAL', message: expect.stringContaining('writing reference edges failed') });
    await thread!.stop();
  });
});
