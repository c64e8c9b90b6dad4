// Hostile file names and links shipped in a repository: names with control characters,
// links leaving the repository, link loops, a `.cairn` that is a link. Output must show
// names escaped, never show what lies outside, and nothing outside may change.

import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCairn } from './cli.js';
import { describeArgs, expectOutcome, type ScenarioContext } from './scenario.js';
import { changes, notUserFiles, scenarioRepo, snapshot } from './workspace.js';

const NAME = 'hostile names and links';

const NAMES = ['fake\n    src/secret.py', '\u001b[31mred.py', 'rtl\u202eyp.py', 'tab\there.py', 'bell\u0007.py', `${'long_'.repeat(48)}.py`, 'sp ace.py', 'naïve_模块.py', '-dash.py', '--flag.py'];

export function hostileNames(context: ScenarioContext): void {
  const { random, workspace } = context;
  const repo = scenarioRepo(workspace, context.runName, random.next() < 0.5);
  for (let at = 0; at < 3; at++) {
    const name = random.pick(NAMES);
    const dir = name.includes('/') ? join(repo, name.slice(0, name.lastIndexOf('/'))) : repo;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(repo, name), `def cart_${at}():\n    return cart_total([])\n`);
  }
  const link = random.int(4);
  if (link === 0) symlinkSync(join(workspace.outside, 'secret.py'), join(repo, 'shop', 'leak.py'));
  else if (link === 1) symlinkSync(workspace.outside, join(repo, 'outside-dir'));
  else if (link === 2) symlinkSync('loop', join(repo, 'loop'));
  const commands = [['index', '.'], ['search', 'cart'], ['graph', 'shop/cart.py'], ['similar', 'shop/leak.py'], ['impact', 'cart_total'], ['status']];
  const before = snapshot(repo, notUserFiles);
  for (const command of commands) {
    const outcome = runCairn(command, { cwd: repo, timeoutMs: 60_000 });
    expectOutcome(context, NAME, outcome, [0, 2, 5, 7]);
    if (outcome.stdout.includes('OUTSIDE_SECRET_MARKER') || outcome.stdout.includes('leaked')) {
      context.findings.push({ scenario: NAME, what: 'content from outside the repository in the output', command: describeArgs(command) });
    }
  }
  for (const change of changes(before, snapshot(repo, notUserFiles))) context.findings.push({ scenario: NAME, what: `user file ${change}`, command: 'the commands above' });
  // A `.cairn` link shipped in the repository: refused, nothing written where it points.
  const shipped = scenarioRepo(workspace, `${context.runName}-dotcairn`, false);
  symlinkSync(workspace.outside, join(shipped, '.cairn'));
  expectOutcome(context, NAME, runCairn(['index', '.'], { cwd: shipped }), [3]);
}
