// Values across the wire in text format: parameters to libpq's strings, result columns
// from their type OIDs to JavaScript values. Integers come back as numbers (cairn's
// counters, sequence numbers and unix-ms times are all far below 2^53), bytea as Buffer,
// json as its text (the caller parses it, as it parses SQLite's JSON text).

import { InputError } from '../../core/errors.js';

const BOOL = 16;
const BYTEA = 17;
const NUMERIC_TYPES = new Set([20, 21, 23, 26, 700, 701, 1700]);

export function decodeValue(text: string, type: number): unknown {
  if (type === BOOL) return text === 't';
  if (NUMERIC_TYPES.has(type)) return Number(text);
  if (type === BYTEA) return Buffer.from(text.slice(2), 'hex');
  return text;
}

/**
 * A parameter as libpq's text. libpq takes C strings, so a NUL character would cut the
 * text short without a word: refused instead (a caller storing arbitrary text uses bytea).
 */
export function encodeParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      throw new InputError('INPUT_INVALID', 'a text for PostgreSQL holds a NUL character, which PostgreSQL text cannot store', {
        hint: 'this value can only be kept in the SQLite store',
      });
    }
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InputError('INPUT_INVALID', `the number ${value} cannot be stored`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  throw new InputError('INPUT_INVALID', `a value of type ${typeof value} cannot be a PostgreSQL parameter`);
}

/** A list of texts as one `text[]` parameter (array literal, each element quoted). */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
