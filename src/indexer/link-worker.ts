// Worker thread entry of link-thread.ts: relinks the docs (when asked), then writes the
// reference edges it is sent, in one transaction, and reports once that has committed.
//
// Like src/app/ for the main thread, this entry is its thread's composition root: the
// one place here that maps a StoreLocation to an adapter.

import { parentPort, workerData } from 'node:worker_threads';
import { faultOf } from '../core/errors.js';
import type { IndexWriter, ReferenceReplacement } from '../store/curated.js';
import { openSqliteIndexWriter } from '../store/sqlite/open-curated.js';
import { linkDocs } from './link-docs.js';
import type { LinkMessage, LinkReply, LinkWorkerData } from './link-thread.js';
import { decodeEdges } from './reference-edges.js';

const port = parentPort;
if (port === null) throw new Error('link-worker.js runs as a worker thread');
const { location, relinkDocs } = workerData as LinkWorkerData;
let writer: IndexWriter | null = null;
let docLinks: number | null = null;
let replacement: ReferenceReplacement | null = null;
let over = false;

function end(reply: LinkReply): void {
  over = true;
  replacement?.abort();
  writer?.close();
  port!.postMessage(reply);
  port!.close();
}

function handle(message: LinkMessage): void {
  if (!writer) throw new Error('no connection');
  if ('begin' in message) {
    replacement = writer.beginReplacingReferences(message.begin);
  } else if ('edges' in message) {
    if (!replacement) throw new Error('edges before begin');
    replacement.add(decodeEdges(message.edges));
  } else {
    // Without a begin there were no edges to write: only the docs.
    replacement?.finish();
    replacement = null;
    end({ docLinks });
  }
}

try {
  writer = openSqliteIndexWriter(location.indexDir, { staged: location.staged ?? false });
  if (relinkDocs) docLinks = linkDocs(writer, writer, { all: true });
} catch (error) {
  end({ fault: faultOf(error, 'linking docs') });
}
port.on('message', (message: LinkMessage) => {
  if (over) return;
  try {
    handle(message);
  } catch (error) {
    end({ fault: faultOf(error, 'writing reference edges') });
  }
});
