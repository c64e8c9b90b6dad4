// The artifact vault: texts by their hash, each stored once. The hash is the caller's
// (SHA-256 by default, src/memory/vault.ts): the store only makes sure a hash never names
// two different texts — a second text under a known hash is refused, not overwritten.

import { ConflictError } from '../../core/errors.js';
import { jsonList, type StatementCache } from './statements.js';

/** Hashes looked up per statement: well under SQLite's limits, and one JSON parameter each. */
const LOOKUP_CHUNK = 500;

export class MemoryVault {
  constructor(
    private readonly sql: StatementCache,
    private readonly now: () => number,
  ) {}

  put(artifacts: Map<string, string>): void {
    if (artifacts.size === 0) return;
    const held = this.texts([...artifacts.keys()]);
    const at = this.now();
    for (const [hash, text] of artifacts) {
      const existing = held.get(hash);
      if (existing === undefined) {
        this.sql.run('INSERT INTO artifacts (hash, text, created_at) VALUES (?, ?, ?)', hash, text, at);
        held.set(hash, text);
      } else if (existing !== text) {
        throw new ConflictError(`the vault already holds another text under hash ${hash}`, {
          hint: 'two different texts gave the same hash: the vault keeps the first and refuses the second',
        });
      }
    }
  }

  text(hash: string): string | null {
    return this.sql.value<string>('SELECT text FROM artifacts WHERE hash = ?', hash) ?? null;
  }

  texts(hashes: readonly string[]): Map<string, string> {
    const out = new Map<string, string>();
    const unique = [...new Set(hashes)];
    for (let at = 0; at < unique.length; at += LOOKUP_CHUNK) {
      const rows = this.sql.tuples<[string, string]>(
        'SELECT hash, text FROM artifacts WHERE hash IN (SELECT value FROM json_each(?))',
        jsonList(unique.slice(at, at + LOOKUP_CHUNK)),
      );
      for (const [hash, text] of rows) out.set(hash, text);
    }
    return out;
  }

  each(visit: (hash: string, text: string) => void): void {
    for (const row of this.sql.get('SELECT hash, text FROM artifacts ORDER BY hash').pluck(false).iterate()) {
      const { hash, text } = row as { hash: string; text: string };
      visit(hash, text);
    }
  }
}
