// Concurrent readers and writers while files change: writers may be told the index is
// busy (exit 6), nothing else fails, and afterwards the index passes its integrity check
// and one more run brings it to exactly what a fresh index holds.

import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCairn, started } from './cli.js';
import { expectOutcome, type ScenarioContext } from './scenario.js';
import { freshCopy, scenarioRepo } from './workspace.js';

const NAME = 'concurrent readers and writers';

export async function concurrentUse(context: ScenarioContext): Promise<void> {
  const { random } = context;
  const repo = scenarioRepo(context.workspace, context.runName, true);
  const runs: Promise<ReturnType<typeof runCairn>>[] = [];
  for (let at = 0; at < 6; at++) {
    const command = random.pick([['index', '.'], ['search', 'widget helper'], ['search', 'cart', '--no-refresh'], ['status'], ['graph', 'shop/cart.py', '--no-refresh']]);
    runs.push(started(command, repo));
    appendFileSync(join(repo, 'pkg', `sub${at}`, `mod_${at}.py`), `\n\ndef during_${at}():\n    return ${at}\n`);
  }
  for (const outcome of await Promise.all(runs)) expectOutcome(context, NAME, outcome, [0, 6]);
  expectOutcome(context, NAME, runCairn(['index', '.'], { cwd: repo }), [0]);
  expectOutcome(context, NAME, runCairn(['status', '--check'], { cwd: repo }), [0]);
  const fresh = freshCopy(repo, 'fresh');
  const counts = (root: string): string => {
    const status = runCairn(['status', '--json'], { cwd: root });
    const parsed = JSON.parse(status.stdout || '{}') as Record<string, unknown>;
    return JSON.stringify(['files', 'symbols', 'references', 'docLinks', 'coChangePairs'].map((key) => parsed[key]));
  };
  const got = counts(repo);
  const expected = counts(fresh);
  if (got !== expected) context.findings.push({ scenario: NAME, what: `index differs from a fresh one: ${got} vs ${expected}`, command: 'cairn index .' });
  rmSync(fresh, { recursive: true, force: true });
}
