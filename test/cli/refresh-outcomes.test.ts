// The refresh before a reading command (operations/index-run.ts `refreshIndex`), through the
// real binary: what it cannot do is said on stderr and the command answers anyway, or the
// command fails — one policy per kind of command.

import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

/** A loopback port nothing listens on (one that was just listened on, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the refresh before a reading command', () => {
  it('unreachable-embedding-server-skips-vectors: a graph query warns that the embedding step was skipped and answers (exit 0)', async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(repo);
    repo.write('cairn.yaml', `embed:\n  provider: openai\n  model: test-model\n  baseUrl: http://127.0.0.1:${await closedPort()}\n`);
    // The curated index is complete before the embedding step fails the run (exit 8).
    expect((await runCli(['index', repo.path])).code).toBe(8);
    appendFileSync(join(repo.path, 'shop/cart.py'), '\n# changed, so the refresh runs the embedding step again\n');
    const graph = await runCli(['graph', 'shop/cart.py', '--json', '--repo', repo.path]);
    expect(graph.code, graph.stderr).toBe(0);
    expect(JSON.parse(graph.stdout)).toMatchObject({ target: { path: 'shop/cart.py' } });
    expect(graph.stderr).toMatch(/^cairn: warning: embedding step skipped \(.*\); vector results may be stale\n$/);
  });
});
