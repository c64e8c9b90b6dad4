// IndexGenerations over the cairn_catalog schema (migrations/catalog). Publishing:
//   1. under the repository's index-run lock (a session advisory lock on a connection of
//      its own: released when released, or when the holder dies and its connection drops),
//      earlier uploads left by dead publishers are removed and generation N+1 is inserted
//      as 'uploading';
//   2. its files are uploaded chunk by chunk, each insert committed on its own;
//   3. one transaction records the files and turns the row 'published' — the only moment
//      readers can see it — and drops published generations older than the newest KEEP.
// A reader downloads inside one REPEATABLE READ transaction, so a generation dropped by a
// publisher meanwhile is still read whole from the snapshot; the files land in a temporary
// folder, are checked against their hashes, and are renamed into place.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { IndexError, InputError } from '../../core/errors.js';
import type { GenerationFile, GenerationInfo, IndexGenerations, IndexRunLock } from '../generations.js';
import { connectPg, type PgConnection } from './connection.js';
import { mapPgError, withErrorMapping } from './errors.js';
import { downloadFile, uploadFile, type UploadedFile } from './generation-transfer.js';
import { openMigrated } from './migrations.js';
import { COMPLETE, repositoryCacheDir } from './checkout-cache.js';

export const CATALOG_SCHEMA = 'cairn_catalog';

/** Published generations kept per repository (replicas still downloading an older one read it from their snapshot). */
const KEEP = 3;


const REPOSITORY_NAME = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,199}$/;

function checkName(repository: string): void {
  if (!REPOSITORY_NAME.test(repository) || repository.includes('..')) {
    throw new InputError('INPUT_INVALID', `"${repository.slice(0, 60)}" is not a repository name cairn can publish under`, {
      hint: 'use letters, digits, ".", "_", "-" and "/" (e.g. github.com/org/repo)',
    });
  }
}

class PgRunLock implements IndexRunLock {
  constructor(
    readonly repository: string,
    private readonly connection: PgConnection,
  ) {}

  /** The lock is held while its connection lives; a dead connection means it was lost. */
  holds(): boolean {
    try {
      return this.connection.isOpen && this.connection.value<boolean>(
        "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted)",
      ) === true;
    } catch {
      return false;
    }
  }

  release(): void {
    this.connection.close();
  }
}

interface FileRow extends UploadedFile {
  [key: string]: unknown;
}

class PgIndexGenerations implements IndexGenerations {
  constructor(
    private readonly db: PgConnection,
    private readonly url: string,
  ) {}

  tryLock(repository: string): IndexRunLock | null {
    checkName(repository);
    const connection = connectPg(this.url, { schema: CATALOG_SCHEMA });
    const taken = connection.value<boolean>("SELECT pg_try_advisory_lock(hashtext('cairn index run'), hashtext($1))", [repository]);
    if (taken !== true) {
      connection.close();
      return null;
    }
    return new PgRunLock(repository, connection);
  }

  publish(lock: IndexRunLock, files: readonly GenerationFile[], meta: { gitHead: string | null }): GenerationInfo {
    const repository = lock.repository;
    if (!(lock instanceof PgRunLock) || !lock.holds()) {
      throw new IndexError('INDEX_BUSY', `the index-run lock of ${repository} is not held (lost with its connection?)`, {
        hint: 'index again: the run that lost its lock may have been overtaken by another',
      });
    }
    const generation = this.db.transaction(() => {
      this.db.run('INSERT INTO repositories (name) VALUES ($1) ON CONFLICT DO NOTHING', [repository]);
      // Numbered past a dead run's upload before that is removed: a chunk its connection still
      // commits after the removal then names a generation that no longer exists and fails on
      // the foreign key, instead of landing in this one under a reused number.
      const next = (this.db.value<number>('SELECT coalesce(max(generation), 0) + 1 FROM generations WHERE repository = $1', [repository]) ?? 1);
      this.db.run("DELETE FROM generations WHERE repository = $1 AND state = 'uploading'", [repository]);
      this.db.run(
        "INSERT INTO generations (repository, generation, state, git_head, publisher, started_at) VALUES ($1, $2, 'uploading', $3, $4, $5)",
        [repository, next, meta.gitHead, `${hostname()}:${process.pid}`, Date.now()],
      );
      return next;
    });
    const uploaded = files.map((file) => uploadFile(this.db, repository, generation, file.name, file.path));
    return this.db.transaction(() => {
      for (const file of uploaded) {
        this.db.run('INSERT INTO generation_files (repository, generation, name, sha256, bytes, chunks) VALUES ($1, $2, $3, $4, $5, $6)', [
          repository, generation, file.name, file.sha256, file.bytes, file.chunks,
        ]);
      }
      const published = this.db.run(
        "UPDATE generations SET state = 'published', published_at = $3 WHERE repository = $1 AND generation = $2 AND state = 'uploading'",
        [repository, generation, Date.now()],
      );
      if (published !== 1) throw new IndexError('INDEX_BUSY', `generation ${generation} of ${repository} was removed while it was uploaded`);
      this.db.run(
        "DELETE FROM generations WHERE repository = $1 AND state = 'published' AND generation <= $2::bigint - $3::bigint",
        [repository, generation, KEEP],
      );
      return this.info(repository, generation)!;
    });
  }

  latest(repository: string): GenerationInfo | null {
    const generation = this.db.value<number>(
      "SELECT generation FROM generations WHERE repository = $1 AND state = 'published' ORDER BY generation DESC LIMIT 1",
      [repository],
    );
    return generation === undefined ? null : this.info(repository, generation);
  }

  checkout(repository: string, cacheDir: string): { dir: string; info: GenerationInfo } | null {
    checkName(repository);
    return this.db.transaction(() => {
      this.db.script('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const info = this.latest(repository);
      if (info === null) return null;
      const dir = join(repositoryCacheDir(cacheDir, repository), `generation-${info.generation}-${info.files[0]?.sha256.slice(0, 16) ?? 'empty'}`);
      if (existsSync(join(dir, COMPLETE))) return { dir, info };
      const partial = `${dir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
      mkdirSync(partial, { recursive: true });
      try {
        for (const file of info.files) downloadFile(this.db, repository, info.generation, { ...file, chunks: this.chunks(info, file.name) }, join(partial, file.name));
        writeFileSync(join(partial, COMPLETE), `${JSON.stringify(info)}\n`);
        publishFolder(partial, dir);
      } finally {
        rmSync(partial, { recursive: true, force: true });
      }
      return { dir, info };
    });
  }

  repositories(): string[] {
    return this.db
      .query<{ repository: string }>("SELECT DISTINCT repository FROM generations WHERE state = 'published' ORDER BY repository")
      .map((row) => row.repository);
  }

  close(): void {
    this.db.close();
  }

  private info(repository: string, generation: number): GenerationInfo | null {
    const row = this.db.one<{ git_head: string | null; published_at: number }>(
      "SELECT git_head, published_at FROM generations WHERE repository = $1 AND generation = $2 AND state = 'published'",
      [repository, generation],
    );
    if (row === undefined) return null;
    const files = this.db
      .query<FileRow>('SELECT name, sha256, bytes, chunks FROM generation_files WHERE repository = $1 AND generation = $2 ORDER BY name', [repository, generation])
      .map((file) => ({ name: file.name, sha256: file.sha256, bytes: file.bytes }));
    return { repository, generation, files, gitHead: row.git_head, publishedAt: row.published_at };
  }

  private chunks(info: GenerationInfo, name: string): number {
    return this.db.value<number>('SELECT chunks FROM generation_files WHERE repository = $1 AND generation = $2 AND name = $3', [info.repository, info.generation, name]) ?? 0;
  }
}

/** Renames the verified folder into place; when another process did so first, theirs is kept. */
function publishFolder(partial: string, dir: string): void {
  // A folder left without its mark (a checkout killed between rename and mark cannot be: the mark is written first) is not trusted.
  if (existsSync(dir) && !existsSync(join(dir, COMPLETE))) rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(partial, dir);
  } catch (error) {
    if (!existsSync(join(dir, COMPLETE))) throw error;
  }
}

/** Opens the catalog of index generations on the database at `url`, migrating it on first use. */
export function openPgIndexGenerations(url: string): IndexGenerations {
  const db = openMigrated(url, CATALOG_SCHEMA, 'catalog', (error, connection) => mapPgError(error, connection.target));
  return withErrorMapping<IndexGenerations>(new PgIndexGenerations(db, url), (error) => mapPgError(error, db.target));
}
