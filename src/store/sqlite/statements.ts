// Prepared statements cached per connection by their SQL text. Lists are passed as one
// JSON array parameter (`IN (SELECT value FROM json_each(?))`) so that the SQL, and so the
// cached statement, does not change with the length of the list. `pluck` is a mode of a
// statement, so every helper sets it explicitly.

import type Database from 'better-sqlite3';
import type { Db } from './connection.js';

export type Statement = Database.Statement<unknown[], unknown>;

export class StatementCache {
  private readonly cache = new Map<string, Statement>();
  private readonly rawCache = new Map<string, Statement>();

  constructor(readonly db: Db) {}

  get(sql: string): Statement {
    let statement = this.cache.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }

  all<Row>(sql: string, ...params: unknown[]): Row[] {
    return this.get(sql).pluck(false).all(...params) as Row[];
  }

  one<Row>(sql: string, ...params: unknown[]): Row | undefined {
    return this.get(sql).pluck(false).get(...params) as Row | undefined;
  }

  /**
   * Every row as an array of its columns (raw mode). Raw statements are cached apart, so
   * no other helper ever gets one still in raw mode.
   */
  tuples<Tuple extends unknown[]>(sql: string, ...params: unknown[]): Tuple[] {
    let statement = this.rawCache.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql).raw(true);
      this.rawCache.set(sql, statement);
    }
    return statement.all(...params) as Tuple[];
  }

  /** The first column of every row. */
  column<Value>(sql: string, ...params: unknown[]): Value[] {
    return this.get(sql).pluck().all(...params) as Value[];
  }

  /** The first column of the first row, or undefined when there is no row. */
  value<Value>(sql: string, ...params: unknown[]): Value | undefined {
    return this.get(sql).pluck().get(...params) as Value | undefined;
  }

  run(sql: string, ...params: unknown[]): Database.RunResult {
    return this.get(sql).run(...params);
  }
}

/** A list as the single parameter of `json_each(?)`. */
export function jsonList(values: readonly unknown[]): string {
  return JSON.stringify(values);
}
