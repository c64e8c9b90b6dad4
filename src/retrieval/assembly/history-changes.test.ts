// The changed lines under each commit of the historical section, through a real index of a
// git repository the test builds: a large change is shown by its count, and a credential
// in a commit's lines or its subject is redacted like every text a face hands out.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepo } from '../../app/repo.js';
import { drainIndex, openRawLog, openReader, openSessions, runIndex } from '../../app/stores.js';
import { gitLineHistory } from '../../indexer/git/line-changes.js';
import { gitInit, tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { retrieve, type RetrievalPorts } from '../pipeline/retrieve.js';
import { MAX_DIFF_LINES } from './history-changes.js';

const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
const TAIL = '\n\ndef open_session(host, token=None):\n    """A session with the billing service."""\n    return (host, token)\n';
const V1 = `"""Billing client."""\n\n\ndef connect(host):\n    """Open a session with the billing service."""\n    return open_session(host)\n${TAIL}`;
const V2 = V1.replace('    return open_session(host)\n', `    token = "${TOKEN}"\n    return open_session(host, token)\n`);
const RETRIES = Array.from({ length: 14 }, (_, i) => `    attempt_${i} = ${i}  # retry ${i}\n`).join('');
const V3 = V2.replace('    return open_session(host, token)\n', `${RETRIES}    return open_session(host, token)\n`);
const TASK = 'connect raises an authentication error since the billing token change; open_session gets a bad token';

let dir: TempDir;
let ports: RetrievalPorts;

beforeAll(async () => {
  dir = tempDir('cairn-history-changes-');
  const git = gitInit(dir.path);
  dir.write('billing/__init__.py', '');
  dir.write('billing/auth.py', V1);
  git.commit('Add the billing client', 1_700_000_000);
  dir.write('billing/auth.py', V2);
  git.commit(`Pass the billing token ${TOKEN} to the session`, 1_700_100_000);
  dir.write('billing/auth.py', V3);
  git.commit('Retry connect on timeouts', 1_700_200_000);
  const context = await openRepo({ repo: dir.path, env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
  ports = { reader: openReader(context), rawLog: openRawLog(context), sessions: openSessions(context), root: context.root, llm: null, lineHistory: gitLineHistory(context.root) };
});

afterAll(() => {
  ports.reader.close();
  ports.rawLog.close();
  ports.sessions.close();
  dir.remove();
});

const request = { task: TASK, stages: ['scope', 'precision'], budget: { contextWindow: 6000, reservedTokens: 0 }, format: 'markdown' as const, history: 3 };

describe("a commit's changed lines in the historical section", () => {
  it(`shows a change of more than ${MAX_DIFF_LINES} lines by its count alone`, async () => {
    const result = await retrieve(ports, request);
    const retries = (result.package.history ?? []).find((entry) => entry.subject === 'Retry connect on timeouts');
    expect(retries?.changes).toContainEqual({ symbol: 'connect', path: 'billing/auth.py', changedLines: 14, diff: null });
    expect(result.rendered).toContain('Retry connect on timeouts (billing/auth.py)\n  14 lines changed in connect (billing/auth.py)\n');
    expect(result.rendered).not.toContain('+    attempt_0 = 0');
  });

  it('redacts a credential in the changed lines and in the subject', async () => {
    const result = await retrieve(ports, request);
    const token = (result.package.history ?? []).find((entry) => entry.subject.startsWith('Pass the billing token'));
    expect(token?.subject).toBe('Pass the billing token [redacted] to the session');
    const change = token?.changes?.find((entry) => entry.symbol === 'connect');
    expect(change?.diff).toContain('+    token = "[redacted]"');
    expect(change?.diff).toMatch(/^@@ -6 \+6,2 @@ def connect\(host\):\n-    return open_session\(host\)\n/);
    expect(result.rendered).not.toContain(TOKEN);
  });
});
