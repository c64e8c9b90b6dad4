// Damaged or odd index directories (issue 14): every case gets exit 5 (or 3) and one line
// naming the file and the way out — never "internal error" (exit 1). Each test is named
// after the defect it guards against; the damage is made by hand, as a user, a crash or
// a broken disk would leave it.

import { chmodSync, cpSync, mkdirSync, openSync, rmSync, symlinkSync, writeFileSync, writeSync, closeSync, existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteSessionStore, openSqliteRawLog } from '../../src/store/sqlite/index.js';
import { runCli, type CliResult } from '../support/cli.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

let indexed: TempDir;
const cleanups: TempDir[] = [];

beforeAll(async () => {
  indexed = fixtureRepo('shop');
  const built = await runCli(['index', indexed.path]);
  expect(built.code).toBe(0);
});
afterAll(() => indexed.remove());
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

/** A fresh copy of the indexed shop repository (its `.cairn` included). */
function shop(): { repo: string; indexDir: string; db: string } {
  const dir = tempDir('cairn-damaged-');
  cleanups.push(dir);
  cpSync(indexed.path, dir.path, { recursive: true });
  const indexDir = join(dir.path, '.cairn');
  return { repo: dir.path, indexDir, db: join(indexDir, 'index.db') };
}

function expectCleanFailure(result: CliResult, code: number, mentions: string): void {
  expect(result.stderr).not.toContain('internal error');
  expect(result.code).toBe(code);
  expect(result.stderr).toMatch(/^cairn: /);
  expect(result.stderr).toContain(mentions);
  expect(result.stderr).toContain('hint:');
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

function editDb(file: string, edit: (db: Database.Database) => void): void {
  const db = new Database(file);
  try {
    edit(db);
  } finally {
    db.close();
  }
}

/** A reading command through both paths: the refresh (the writer) and --no-refresh (a reader). */
async function bothPaths(repo: string): Promise<CliResult[]> {
  return [await runCli(['search', 'cart', '--repo', repo]), await runCli(['search', 'cart', '--repo', repo, '--no-refresh'])];
}

/** Deterministic bytes (mulberry32), so the same pages are damaged on every run. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let at = 0; at < length; at++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    bytes[at] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return bytes;
}

describe('damaged or odd index directories', () => {
  it('--index-dir naming an existing file → exit 3 naming it, not "internal error: EEXIST … mkdir"', async () => {
    const { repo } = shop();
    const file = join(repo, 'not-a-folder');
    writeFileSync(file, 'x');
    expectCleanFailure(await runCli(['index', repo, '--index-dir', file]), 3, file);
    expectCleanFailure(await runCli(['search', 'cart', '--repo', repo, '--index-dir', file]), 3, file);
  });

  it('schema version 0 in an index with tables → exit 5, not "table meta already exists"', async () => {
    const { repo, db } = shop();
    editDb(db, (d) => d.pragma('user_version = 0'));
    for (const result of await bothPaths(repo)) expectCleanFailure(result, 5, '--rebuild');
  });

  it('negative schema version → exit 5, not "table … already exists"', async () => {
    const { repo, db } = shop();
    editDb(db, (d) => d.pragma('user_version = -3'));
    for (const result of await bothPaths(repo)) expectCleanFailure(result, 5, 'schema version -3');
  });

  it('garbage in the cached row counts → counted again, not "Expected property name … in JSON"', async () => {
    const { repo, db } = shop();
    editDb(db, (d) => d.prepare("UPDATE meta SET value = '{garbage' WHERE key = 'rowCounts'").run());
    const status = await runCli(['status', '--repo', repo]);
    expect(status.stderr).toBe('');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/contents\s+12 files/);
    expect((await runCli(['index', repo])).code).toBe(0);
  });

  it.each(['meta', 'symbols', 'files_fts'])('table %s dropped → exit 5 naming it, not "no such table"', async (table) => {
    const { repo, db } = shop();
    editDb(db, (d) => d.exec(`DROP TABLE ${table}`));
    for (const result of await bothPaths(repo)) expectCleanFailure(result, 5, table);
  });

  it('index.db a directory → exit 5, not "disk I/O error"; --rebuild → exit 5 and the directory kept, not EISDIR', async () => {
    const { repo, db } = shop();
    rmSync(db);
    mkdirSync(db);
    writeFileSync(join(db, 'keep.txt'), 'someone else’s');
    for (const result of await bothPaths(repo)) expectCleanFailure(result, 5, db);
    expectCleanFailure(await runCli(['index', repo, '--rebuild']), 5, db);
    expect(existsSync(join(db, 'keep.txt'))).toBe(true);
  });

  it('index.db a link to /dev/null → exit 5, not "disk I/O error"; --rebuild replaces the link', async () => {
    const { repo, db } = shop();
    rmSync(db);
    symlinkSync('/dev/null', db);
    for (const result of await bothPaths(repo)) expectCleanFailure(result, 5, db);
    expect((await runCli(['index', repo, '--rebuild'])).code).toBe(0);
    expect(lstatSync(db).isFile()).toBe(true);
  });

  it('index.lock a directory → exit 5 naming it, not "EISDIR"', async () => {
    const { repo, indexDir } = shop();
    mkdirSync(join(indexDir, 'index.lock'));
    expectCleanFailure(await runCli(['index', repo]), 5, 'index.lock');
    expect(lstatSync(join(indexDir, 'index.lock')).isDirectory()).toBe(true);
  });

  it('unparsable rows in sessions.db → refine exits 5 naming the session store, not a JSON parse error', async () => {
    const { repo, indexDir } = shop();
    openSqliteSessionStore(indexDir).close();
    // Dated now: log retention prunes sessions older than the raw log (here: empty) before reading any.
    const now = Date.now();
    editDb(join(indexDir, 'sessions.db'), (d) =>
      d.prepare("INSERT INTO sessions VALUES ('t1', '{not json', '{}', '{}', 'null', 'null', ?, ?)").run(now, now),
    );
    const result = await runCli(['refine', '--task-id', 't1', '--missing-files', 'shop/cart.py', '--repo', repo, '--no-refresh']);
    expectCleanFailure(result, 5, 'session store');
  });

  it('unparsable rows in raw-log.db → explain exits 5 naming the raw log, not a JSON parse error', async () => {
    const { repo, indexDir } = shop();
    openSqliteRawLog(indexDir).close();
    editDb(join(indexDir, 'raw-log.db'), (d) =>
      d.prepare("INSERT INTO entries (at, task_id, run_id, kind, stage, payload) VALUES (1, 't1', 'r1', 'info', NULL, '{not json')").run(),
    );
    expectCleanFailure(await runCli(['explain', '--task-id', 't1', '--repo', repo]), 5, 'raw log');
  });

  it('a read-only index directory → exit 3 naming it, not "EACCES … index.lock"', async () => {
    const { repo, indexDir } = shop();
    // Root ignores permissions: the command then runs as an unprivileged user.
    const as = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    chmodSync(repo, 0o755);
    chmodSync(indexDir, 0o555);
    try {
      const result = await runCli(['search', 'cart', '--repo', repo], as ? { as } : {});
      expectCleanFailure(result, 3, indexDir);
      // SQLite needs its shared-memory file beside a WAL database even to read it.
      expectCleanFailure(await runCli(['search', 'cart', '--repo', repo, '--no-refresh'], as ? { as } : {}), 3, indexDir);
    } finally {
      chmodSync(indexDir, 0o755);
    }
  });
});

describe('page corruption in index.db', () => {
  /**
   * Noise over every page of the symbols' full-text tables (found with dbstat). Neither a
   * refresh nor the relink that completes an interrupted run reads those pages, so only a
   * check of the pages can find this damage.
   */
  function corruptPages(db: string): void {
    const { pages, pageSize } = (() => {
      const d = new Database(db, { readonly: true });
      try {
        const numbers = d.prepare("SELECT pageno FROM dbstat WHERE name LIKE 'symbols\\_fts%' ESCAPE '\\'").pluck().all() as number[];
        return { pages: numbers, pageSize: d.pragma('page_size', { simple: true }) as number };
      } finally {
        d.close();
      }
    })();
    expect(pages.length).toBeGreaterThan(0);
    const fd = openSync(db, 'r+');
    try {
      for (const page of pages) writeSync(fd, noise(pageSize, page), 0, pageSize, (page - 1) * pageSize);
    } finally {
      closeSync(fd);
    }
  }

  it('page corruption is reported by `status --check` with exit 5 and `--rebuild` as the way out', async () => {
    const { repo, db } = shop();
    expect((await runCli(['status', '--repo', repo, '--check'])).code).toBe(0);
    corruptPages(db);
    // Unnoticed without the check: the pages read to answer are intact.
    expect((await runCli(['status', '--repo', repo])).code).toBe(0);
    expectCleanFailure(await runCli(['status', '--repo', repo, '--check']), 5, 'cairn index --rebuild');
  });

  it('page corruption after a crash mark → `cairn index` exits 5 instead of 0 over a malformed index', async () => {
    const { repo, db } = shop();
    editDb(db, (d) => d.prepare("UPDATE meta SET value = 'building' WHERE key = 'state'").run());
    corruptPages(db);
    expectCleanFailure(await runCli(['index', repo]), 5, 'cairn index --rebuild');
  });

  it('page corruption is repaired by `cairn index --rebuild`', async () => {
    const { repo, db } = shop();
    corruptPages(db);
    expect((await runCli(['index', repo, '--rebuild'])).code).toBe(0);
    const check = await runCli(['status', '--repo', repo, '--check']);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('integrity    ok');
  });
});
