// Damaged or odd index directories: every command must answer with exit 0, 3 or 5 and a
// short message — never exit 1 — and leave the user's files alone.

import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Random } from './random.js';
import { runCairn } from './cli.js';
import { describeArgs, expectOutcome, type ScenarioContext } from './scenario.js';
import { changes, notUserFiles, scenarioRepo, snapshot } from './workspace.js';

const NAME = 'damaged index';

/** `outside`: a folder beyond the repository that must never change (links point there). */
type Damage = (indexDir: string, random: Random, outside: string) => void;

function sql(file: string, statement: string): void {
  const db = new Database(file);
  try {
    db.exec(statement);
  } finally {
    db.close();
  }
}

const DAMAGES: Record<string, Damage> = {
  'noise over pages': (dir, random) => {
    const file = join(dir, 'index.db');
    const size = statSync(file).size;
    const length = Math.min(size, 1024 * (1 + random.int(64)));
    const fd = openSync(file, 'r+');
    writeSync(fd, random.bytes(length), 0, length, random.int(Math.max(1, size - length)));
    closeSync(fd);
  },
  truncated: (dir, random) => truncateSync(join(dir, 'index.db'), random.int(statSync(join(dir, 'index.db')).size)),
  'schema version': (dir, random) => sql(join(dir, 'index.db'), `PRAGMA user_version = ${random.pick([0, -1, -2147483648, 99, 2147483647])}`),
  'row counts': (dir, random) => sql(join(dir, 'index.db'), `UPDATE meta SET value = '${random.pick(['{garbage', '[]', '{"files":"x"}', 'null', '1e999'])}' WHERE key = 'rowCounts'`),
  'table dropped': (dir, random) => sql(join(dir, 'index.db'), `DROP TABLE ${random.pick(['meta', 'files', 'symbols', 'refs', 'files_fts', 'symbols_fts', 'commits', 'cochange'])}`),
  'json column': (dir, random) => sql(join(dir, 'index.db'), random.pick(["UPDATE imports SET names = '{x'", "UPDATE doc_chunks SET heading_path = '['", "UPDATE raw_ref_lists SET refs = 'nope'"])),
  'index.db a directory': (dir) => {
    rmSync(join(dir, 'index.db'));
    mkdirSync(join(dir, 'index.db'));
  },
  'index.db a link': (dir, random, outside) => {
    rmSync(join(dir, 'index.db'));
    symlinkSync(random.pick(['/dev/null', '/dev/zero', join(dir, 'nowhere', 'index.db'), join(outside, 'planted.db'), join(outside, 'secret.py')]), join(dir, 'index.db'));
  },
  'index.lock a directory': (dir) => mkdirSync(join(dir, 'index.lock')),
  'index.lock a link': (dir) => symlinkSync('/dev/zero', join(dir, 'index.lock')),
  'stale index.lock': (dir) => writeFileSync(join(dir, 'index.lock'), '999999999'),
  'sessions.db garbage': (dir, random) => writeFileSync(join(dir, 'sessions.db'), random.bytes(8192)),
  'raw-log.db garbage': (dir, random) => writeFileSync(join(dir, 'raw-log.db'), random.bytes(8192)),
  'index.db empty': (dir) => writeFileSync(join(dir, 'index.db'), ''),
  'crash mark': (dir) => sql(join(dir, 'index.db'), "UPDATE meta SET value = 'building' WHERE key = 'state'"),
};

const COMMANDS: string[][] = [
  ['index', '.'],
  ['index', '.', '--rebuild'],
  ['search', 'cart total'],
  ['search', 'cart', '--no-refresh'],
  ['status'],
  ['status', '--check'],
  ['graph', 'shop/cart.py', '--no-refresh'],
  ['similar', 'shop/cart.py'],
  ['retrieve', 'Cart.total is wrong', '--stages', 'scope,precision', '--context-window', '8000', '--reserved-tokens', '1000'],
  ['explain', '--task-id', 'task-none'],
  ['refine', '--task-id', 'task-none', '--missing-files', 'shop/cart.py'],
];

export function damagedIndex(context: ScenarioContext): void {
  const { random } = context;
  const repo = scenarioRepo(context.workspace, context.runName, true);
  const indexDir = join(repo, '.cairn');
  const damage = random.pick(Object.keys(DAMAGES));
  const command = random.pick(COMMANDS);
  // The stores beside index.db exist once a retrieval ran.
  if (damage.includes('sessions') || damage.includes('raw-log')) runCairn([...COMMANDS[8]!], { cwd: repo });
  DAMAGES[damage]!(indexDir, random, context.workspace.outside);
  const before = snapshot(repo, notUserFiles);
  const outcome = runCairn(command, { cwd: repo, timeoutMs: 60_000 });
  // exit 7: a task id or file the damaged index does not know.
  expectOutcome(context, `${NAME}: ${damage}`, outcome, [0, 3, 5, 7]);
  for (const change of changes(before, snapshot(repo, notUserFiles))) {
    context.findings.push({ scenario: `${NAME}: ${damage}`, what: `user file ${change}`, command: describeArgs(command) });
  }
  if (existsSync(indexDir)) chmodSync(indexDir, 0o755);
}
