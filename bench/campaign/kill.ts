// kill -9 at a random point of an index run (a full rebuild, or a refresh after edits):
// the next run must complete the index, pass SQLite's integrity check, and hold what a
// fresh index of the same tree holds; no user file may change.

import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { killedAfter, runCairn } from './cli.js';
import { expectOutcome, type ScenarioContext } from './scenario.js';
import { changes, freshCopy, notUserFiles, scenarioRepo, snapshot } from './workspace.js';

const NAME = 'kill -9 during index';

/** The counts `status --json` gives, without times. */
function contents(repo: string): string {
  const status = runCairn(['status', '--repo', repo, '--json']);
  if (status.code !== 0) return `status failed: ${status.stderr.split('\n')[0]}`;
  const parsed = JSON.parse(status.stdout) as Record<string, unknown>;
  return JSON.stringify(['files', 'symbols', 'imports', 'references', 'docChunks', 'docLinks', 'coChangePairs', 'commits', 'state'].map((key) => parsed[key]));
}

export async function killDuringIndex(context: ScenarioContext): Promise<void> {
  const { random, findings } = context;
  const rebuild = random.next() < 0.5;
  const repo = scenarioRepo(context.workspace, context.runName, true);
  if (!rebuild) for (let at = 0; at < 30; at++) appendFileSync(join(repo, 'pkg', `sub${at % 20}`, `mod_${at}.py`), `\n\ndef extra_${at}():\n    return ${at}\n`);
  const before = snapshot(repo, notUserFiles);
  const args = ['index', repo, ...(rebuild ? ['--rebuild'] : [])];
  await killedAfter(args, random.int(rebuild ? 2500 : 800), repo);
  const resumed = runCairn(['index', repo]);
  expectOutcome(context, NAME, resumed, [0]);
  expectOutcome(context, NAME, runCairn(['status', '--repo', repo, '--check']), [0]);
  const fresh = freshCopy(repo, 'fresh');
  const got = contents(repo);
  const expected = contents(fresh);
  if (got !== expected) findings.push({ scenario: NAME, what: `index after the kill differs from a fresh one: ${got} vs ${expected}`, command: `cairn ${args.join(' ')}` });
  for (const change of changes(before, snapshot(repo, notUserFiles))) findings.push({ scenario: NAME, what: `user file ${change}`, command: `cairn ${args.join(' ')}` });
  rmSync(fresh, { recursive: true, force: true });
}
