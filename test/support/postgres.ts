// Helpers for tests against the run's PostgreSQL server (test/postgres-setup.ts): its URL,
// a fresh schema per test, and statements run as the superuser behind cairn's adapters.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { connectPg } from '../../src/store/postgres/connection.js';

/** The server's superuser URL, or null when the run has no server (tests skip). */
export function pgUrl(): string | null {
  return inject('pgUrl');
}

/** A schema name no other test uses. */
export function freshSchema(prefix = 't'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Runs statements as the superuser, in `schema`, on a connection of their own. */
export function asSuperuser(url: string, schema: string, ...statements: { sql: string; params?: unknown[] }[]): unknown[][] {
  const db = connectPg(url, { schema });
  try {
    return statements.map(({ sql, params }) => db.query(sql, params ?? []).map((row) => Object.values(row)));
  } finally {
    db.close();
  }
}

export function dropSchema(url: string, schema: string): void {
  asSuperuser(url, 'public', { sql: `DROP SCHEMA IF EXISTS ${schema} CASCADE` });
}

const RACE_WRITER = fileURLToPath(new URL('../postgres/race-writer.mjs', import.meta.url));

/** Runs the repository stream's migrations in a child process (several start together in the race tests); resolves with its output lines joined by " | ". */
export function migrateInChild(url: string, schema: string, startAt: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RACE_WRITER, url, schema, 'migrate', String(startAt)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out.trim().split('\n').join(' | ')));
  });
}
