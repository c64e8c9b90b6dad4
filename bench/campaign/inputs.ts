// Generated malformed inputs: flag values, option files, cairn.yaml contents. Every one
// must be refused or accepted with a documented exit code (2 usage, 3 input, 4
// configuration, ...) and a short message — never exit 1, never a hang or a runaway read.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Random } from './random.js';
import { runCairn } from './cli.js';
import { expectOutcome, type ScenarioContext } from './scenario.js';
import { scenarioRepo } from './workspace.js';

const NAME = 'malformed input';

const VALUES = ['', ' ', '0', '-1', '1e308', '99999999999999999999', 'NaN', 'Infinity', '0x10', '1.5', ' 5', '５', 'a'.repeat(5000), '\u202e', '.', 'none'];

/** Flags that take a value, with commands that accept them. */
const FLAGS: [command: string[], flag: string][] = [
  [['search', 'cart'], '--limit'],
  [['search', 'cart'], '--kind'],
  [['search', 'cart'], '--lang'],
  [['search', 'cart'], '--path'],
  [['search', 'cart'], '--mode'],
  [['index', '.'], '--workers'],
  [['graph', 'shop/cart.py'], '--depth'],
  [['graph', 'shop/cart.py'], '--relation'],
  [['impact', 'shop/cart.py'], '--depth'],
  [['similar', 'shop/cart.py'], '--limit'],
  [['status'], '--index-dir'],
  [['status'], '--repo'],
  [['search', 'cart'], '--config'],
  [['retrieve', 'task', '--stages', 'scope', '--reserved-tokens', '10'], '--context-window'],
  [['retrieve', 'task', '--context-window', '8000'], '--reserved-tokens'],
  [['retrieve', 'task', '--context-window', '8000', '--reserved-tokens', '10'], '--stages'],
  [['retrieve', 'task', '--context-window', '8000', '--reserved-tokens', '10', '--stages', 'scope'], '--format'],
  [['retrieve', 'task', '--context-window', '8000', '--reserved-tokens', '10', '--stages', 'scope'], '--task-id'],
  [['retrieve', '--context-window', '8000', '--reserved-tokens', '10', '--stages', 'scope'], '--task-file'],
  [['retrieve', 'task', '--stages', 'scope'], '--budget-config'],
  [['refine', '--task-id', 'task-x'], '--request'],
  [['eval', '--dataset', 'd.jsonl', '--repos', '.'], '--k'],
  [['eval', '--from-git'], '--commits'],
  [['explain'], '--task-id'],
];

/** Paths of every awkward kind, made in the scenario's folder. */
function awkwardFiles(dir: string, random: Random): string[] {
  mkdirSync(join(dir, 'folder'), { recursive: true });
  writeFileSync(join(dir, 'empty'), '');
  writeFileSync(join(dir, 'noise'), random.bytes(4096));
  writeFileSync(join(dir, 'big'), Buffer.alloc(6 * 1024 * 1024, 'a'));
  execFileSync('mkfifo', [join(dir, 'fifo')]);
  return ['/dev/zero', '/dev/null', '/dev/urandom', join(dir, 'folder'), join(dir, 'empty'), join(dir, 'noise'), join(dir, 'big'), join(dir, 'fifo'), join(dir, 'missing')];
}

const YAML_PIECES = [
  'index: !!binary aGVsbG8=', 'index: !!set {a, b}', 'index: !!omap [a: 1]', 'index: 2001-12-14', 'index: [1, 2]', 'index: null',
  'index:\n  maxFileBytes: 1e400', 'index:\n  maxFileBytes: -1', 'index:\n  maxFileBytes: 99999999999999999999', 'index:\n  exclude: &x [*x]',
  'index:\n  cochange:\n    maxCommits: 1.5', 'llm:\n  model: m\n  baseUrl: http://127.0.0.1:9\n  timeoutMs: 4000000000', 'llm:\n  model: m\n  baseUrl: not a url',
  'embed:\n  provider: nope', 'retrieval:\n  budget: { context_window: 10, reserved_tokens: 10 }', 'retrieval:\n  stages: []', '{{{', 'a: b: c', '- [', '"\\u0000"', 'unknown: 1',
  '&a [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'x: !custom tag', '? complex\n: key',
];

export function malformedInput(context: ScenarioContext): void {
  const { random } = context;
  const repo = scenarioRepo(context.workspace, context.runName, true);
  const files = awkwardFiles(join(repo, '..', `${context.runName}-files`), random);
  const kind = random.int(3);
  if (kind === 0) {
    const [command, flag] = random.pick(FLAGS);
    const value = random.next() < 0.6 ? random.pick(VALUES) : random.pick(files);
    const outcome = runCairn([...command, flag, value], { cwd: repo, timeoutMs: 60_000 });
    expectOutcome(context, `${NAME}: ${flag}`, outcome, [0, 2, 3, 4, 5, 7, 9]);
  } else if (kind === 1) {
    const yaml = Array.from({ length: 1 + random.int(3) }, () => random.pick(YAML_PIECES)).join('\n');
    writeFileSync(join(repo, 'cairn.yaml'), yaml);
    const outcome = runCairn(random.pick([['index', '.'], ['search', 'cart'], ['status']]), { cwd: repo, timeoutMs: 60_000 });
    expectOutcome(context, `${NAME}: cairn.yaml ${JSON.stringify(yaml.slice(0, 40))}`, outcome, [0, 4]);
  } else {
    const target = join(repo, '..', `${context.runName}-request.yaml`);
    writeFileSync(target, random.pick(YAML_PIECES));
    const outcome = runCairn(random.pick([['refine', '--task-id', 'task-x', '--request', target], ['retrieve', 'task', '--stages', 'scope', '--budget-config', target]]), { cwd: repo, timeoutMs: 60_000 });
    expectOutcome(context, `${NAME}: option file`, outcome, [0, 3, 4, 7, 9]);
  }
}
