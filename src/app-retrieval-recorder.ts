// Composition root of the recording thread (retrieval/pipeline/record-sink.ts): opens its
// own connections to the raw log and the session store of the index directory it is given,
// stores what the main thread sends, in order, and answers each flush with the first
// failure since the last one (or none).

import { parentPort, workerData } from 'node:worker_threads';
import { faultOf, messageEntries, type FlushReply, type RecordMessage } from './retrieval/pipeline/record-sink.js';
import type { SessionPatch, SessionStore } from './store/session.js';
import { openSqliteRawLogWriter, type SqliteRawLogWriter } from './store/sqlite/raw-log.js';
import { openSqliteSessionStore } from './store/sqlite/session-store.js';

const port = parentPort;
if (port === null) throw new Error('app-retrieval-recorder.js runs as a worker thread');
const { indexDir } = workerData as { indexDir: string };
let fault: FlushReply['fault'] = null;
let stores: { rawLog: SqliteRawLogWriter; sessions: SessionStore } | null = null;

port.on('message', (message: RecordMessage) => {
  if (message.op === 'flush') {
    port.postMessage({ id: message.id, fault } satisfies FlushReply);
    fault = null;
    return;
  }
  try {
    stores ??= { rawLog: openSqliteRawLogWriter(indexDir), sessions: openSqliteSessionStore(indexDir) };
    if (message.op === 'log') stores.rawLog.appendSerialized(messageEntries(message));
    else stores.sessions.patch(message.taskId, JSON.parse(message.patch) as SessionPatch);
  } catch (error) {
    fault ??= faultOf(error);
  }
});
