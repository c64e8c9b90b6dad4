// Episode memory as a user runs it: the real binary on a copy of the shop fixture. Three
// episodes with an edit between the second and the third (the third warns), then the
// introspection commands, approval, doctor, backups, and bad input as one-line errors.

import Database from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createO200kCounter } from '../../src/retrieval/budget/tokens.js';
import { runCli, type CliResult } from '../support/cli.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  cleanups.push(repo);
  return repo;
}

function ok(result: CliResult): CliResult {
  expect(result.code, result.stderr).toBe(0);
  return result;
}

function oneLineError(result: CliResult, code: number, message: RegExp): void {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n').filter((line) => !line.startsWith('cairn: warning: ') && !line.startsWith('cairn: info: '));
  expect(lines[0]).toMatch(message);
  expect(lines.slice(1).every((line) => line.startsWith('  hint: ') || line.startsWith('(run with --help'))).toBe(true);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

const TOTAL = 'shop/cart.py::Cart.total';

describe('cairn hydrate, episode, entity, gates, approve, reject', () => {
  it('three episodes of a conversation with an edit before the third: the third warns and shows the new code', async () => {
    const repo = shop();
    const cairn = (...args: string[]) => runCli([...args, '--repo', repo.path]);
    const first = ok(await cairn('hydrate', 'The total is wrong: look at `Cart.total`', '--conversation', 'c1', '--episode', 'e1', '--max-tokens', '1500'));
    expect(first.stdout).toContain(`## ${TOTAL}\n`);
    expect(first.stderr).toMatch(/^cairn: info: hydrate "The total is wrong: look at `Cart.total`" · episode e1 \(#1 of c1\) · ast-resolved 1 /m);
    expect(first.stderr).toMatch(new RegExp(`^cairn: info: gates ${TOTAL.replace(/\./g, '\\.')}: A pass · B fail · C pass → held$`, 'm'));
    expect(createO200kCounter().count(first.stdout)).toBeLessThanOrEqual(1500);

    const second = ok(await cairn('hydrate', 'Now `apply_discount`', '--conversation', 'c1', '--episode', 'e2', '--max-tokens', '1500'));
    // Unchanged since the first episode and not named again: one line, not its code again.
    expect(second.stdout).toContain(`\nunchanged since episode e1: ${TOTAL}\n`);
    expect(second.stdout).not.toContain(`## ${TOTAL}\n`);
    expect(second.stderr).not.toContain('changed since');

    const cart = join(repo.path, 'shop/cart.py');
    writeFileSync(cart, readFileSync(cart, 'utf8').replace('TAX_RATE), 2)', 'TAX_RATE), 3)'));
    const third = ok(await cairn('hydrate', 'And the gateway `charge`', '--conversation', 'c1', '--episode', 'e3', '--max-tokens', '1500'));
    expect(third.stdout).toContain(`## ${TOTAL} — changed since you saw it (episode e2)`);
    expect(third.stdout).toContain('TAX_RATE), 3)');
    expect(third.stderr).toContain(`cairn: warning: ${TOTAL} changed since episode e2`);

    const episode = JSON.parse(ok(await cairn('episode', 'e3', '--json')).stdout);
    expect(episode.episode).toMatchObject({ id: 'e3', conversation_id: 'c1', sequence: 3, max_tokens: 1500 });
    const changed = episode.blocks.find((block: { entity_key: string }) => block.entity_key === TOTAL);
    expect(Object.keys(changed)).toEqual(expect.arrayContaining(['entity_key', 'artifact_hash', 'reason', 'method', 'triggered_by', 'token_count', 'hydrated_at']));
    expect(changed).toMatchObject({ status: 'changed', reason: 'previously_hydrated', method: 'tracking', previous_episode: 'e2' });
    expect(episode.used_tokens).toBeLessThanOrEqual(1500);
    expect(ok(await cairn('episode', 'e3')).stdout).toMatch(/^episode e3 · conversation c1 #3/);

    const entity = JSON.parse(ok(await cairn('entity', TOTAL, '--json')).stdout);
    expect(entity.current).toMatchObject({ state: 'PROPOSED', version: 2 });
    expect(entity.etv).toMatchObject({ is_stale: false, disk_exists: true, disk_hash: entity.current.artifact_hash });
    expect(Object.keys(entity.etv)).toEqual(expect.arrayContaining(['is_stale', 'disk_exists', 'disk_hash', 'cache_hit', 'last_check']));
    expect(entity.ledger.map((row: { from: string | null; to: string }) => `${row.from}→${row.to}`)).toEqual(['null→PROPOSED', 'PROPOSED→SUPERSEDED', 'null→PROPOSED']);
    expect(entity.hydrations.map((row: { episode_id: string }) => row.episode_id)).toEqual(['e1', 'e2', 'e3']);

    const gates = JSON.parse(ok(await cairn('gates', 'e3', '--json')).stdout);
    expect(gates.entities.find((entry: { evaluation: { entity_key: string } }) => entry.evaluation.entity_key === TOTAL)).toMatchObject({
      evaluation: { decision: 'held', structural: { passed: true }, authority: { passed: false }, fresh: { passed: true } },
      state_now: 'PROPOSED',
    });
    expect(ok(await cairn('gates', 'e3')).stdout).toContain('  B authority:  FAIL — awaiting approval');

    const approved = ok(await cairn('approve', TOTAL));
    expect(approved.stdout).toBe(`${TOTAL}: approved; gates A pass · B pass · C pass → promoted; now AUTHORITATIVE\n`);
    const rejected = ok(await cairn('reject', 'shop/payments/gateway.py::charge'));
    expect(rejected.stdout).toBe('shop/payments/gateway.py::charge: rejected; version 1 is now TOMBSTONED\n');
    expect(ok(await cairn('doctor')).stdout).toMatch(/^memory store: no problems found/);
  });

  it('doctor reports lost hydration rows with exit 11; a backup round-trips exactly into another index directory', async () => {
    const repo = shop();
    const indexDir = join(repo.path, '.cairn');
    ok(await runCli(['hydrate', '`Cart.total`', '--conversation', 'c', '--episode', 'e1', '--repo', repo.path]));
    ok(await runCli(['hydrate', '`charge`', '--conversation', 'c', '--episode', 'e2', '--repo', repo.path]));

    const out = tempDir('cairn-backup-');
    cleanups.push(out);
    const file = join(out.path, 'memory.jsonl');
    ok(await runCli(['memory', 'export', file, '--repo', repo.path]));
    const other = join(out.path, 'other-index');
    ok(await runCli(['memory', 'import', file, '--repo', repo.path, '--index-dir', other]));
    const again = join(out.path, 'again.jsonl');
    ok(await runCli(['memory', 'export', again, '--repo', repo.path, '--index-dir', other]));
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(file, 'utf8'));
    oneLineError(await runCli(['memory', 'export', file, '--repo', repo.path]), 3, /^cairn: .*memory\.jsonl already exists$/);
    oneLineError(await runCli(['memory', 'import', file, '--repo', repo.path, '--index-dir', other]), 10, /^cairn: the memory store already holds data/);

    const db = new Database(join(indexDir, 'memory.db'));
    db.pragma('foreign_keys = OFF');
    db.prepare("DELETE FROM blocks WHERE episode_id = 'e2'").run();
    db.close();
    const doctor = await runCli(['doctor', '--repo', repo.path]);
    expect(doctor.code).toBe(11);
    expect(doctor.stdout).toMatch(/^episode-rows-missing: e2: written with \d+ block\(s\)/m);
    expect(doctor.stdout).toContain('nothing was changed');
  });

  it('bad input is a one-line error naming the input, with the documented exit code', async () => {
    const repo = shop();
    const cairn = (...args: string[]) => runCli([...args, '--repo', repo.path]);
    oneLineError(await cairn('episode', 'nope'), 7, /^cairn: no episode memory in .* yet$/);
    ok(await cairn('hydrate', '`Cart.total`', '--conversation', 'c', '--episode', 'e1'));
    oneLineError(await cairn('hydrate', 'q'), 2, /required option '--conversation <id>' not specified/);
    oneLineError(await cairn('hydrate', 'q', '--conversation', 'bad id!'), 2, /^cairn: conversation id "bad id!" is not usable$/);
    oneLineError(await cairn('hydrate', 'q', '--conversation', 'c', '--episode', 'e1'), 10, /^cairn: episode e1 is already recorded$/);
    oneLineError(await cairn('hydrate', 'q', '--conversation', 'c', '--max-tokens', '0'), 2, /--max-tokens must be a positive whole number, got "0"/);
    oneLineError(await cairn('hydrate', '`Cart.total`', '--conversation', 'c', '--max-tokens', '20'), 9, /^cairn: a hydration without any block takes \d+ tokens, over --max-tokens 20$/);
    oneLineError(await cairn('hydrate', '   ', '--conversation', 'c'), 2, /^cairn: the query is empty$/);
    oneLineError(await cairn('hydrate', 'q', '--conversation', 'c', '--format', 'xml'), 2, /argument 'xml' is invalid/);
    oneLineError(await cairn('episode', 'nope'), 7, /^cairn: no episode nope$/);
    oneLineError(await cairn('gates', 'nope'), 7, /^cairn: no episode nope$/);
    oneLineError(await cairn('entity', 'shop/none.py::f'), 7, /^cairn: shop\/none\.py::f was never hydrated$/);
    oneLineError(await cairn('approve', 'shop/none.py::f'), 7, /^cairn: shop\/none\.py::f was never hydrated$/);
    oneLineError(await cairn('memory', 'import', join(repo.path, 'missing.jsonl')), 3, /missing\.jsonl cannot be read \(ENOENT\)$/);
    const bad = join(repo.path, 'bad.jsonl');
    writeFileSync(bad, '{"format":"cairn-memory","version":1}\nnot json\n');
    oneLineError(await runCli(['memory', 'import', bad, '--repo', repo.path, '--index-dir', join(repo.path, 'fresh-index')]), 3, /bad\.jsonl line 2: not JSON$/);
    expect(existsSync(join(repo.path, 'fresh-index', 'memory.db'))).toBe(false);
  });
});
