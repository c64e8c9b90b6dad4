import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isCairnError } from '../../core/errors.js';
import { o200kTablePath } from './o200k.js';
import { o200kRanks, referenceByteLookup } from './o200k.fixture.js';
import { hashBytes, HEADER_WORDS, parseRankTable, RankTable, RankTableError, readRankTable } from './rank-table.js';
import { serializeRankTable, type RankList } from './rank-table-writer.js';

const encoder = new TextEncoder();

function bytesOf(entry: string | readonly number[]): Uint8Array {
  return typeof entry === 'string' ? encoder.encode(entry) : Uint8Array.from(entry);
}

function exactRank(table: RankTable, bytes: Uint8Array): number {
  return table.rankOf(bytes, 0, bytes.length, hashBytes(bytes, 0, bytes.length));
}

describe('the o200k_base rank table', () => {
  let ranks: RankList;
  let file: Uint8Array;
  let table: RankTable;
  let reference: (bytes: Uint8Array) => number | undefined;

  beforeAll(() => {
    ranks = o200kRanks();
    file = serializeRankTable(ranks);
    table = parseRankTable(file);
    reference = referenceByteLookup(ranks);
  });

  it('finds every token as gpt-tokenizer does while merging, byte-order-mark tokens included', () => {
    let checked = 0;
    const differing: number[] = [];
    ranks.forEach((entry, rank) => {
      if (entry === undefined) return;
      const bytes = bytesOf(entry);
      if (table.mergeRankOf(bytes, 0, bytes.length) !== (reference(bytes) ?? -1)) differing.push(rank);
      checked++;
    });
    expect(checked).toBe(199_998);
    expect(differing).toEqual([]);
    // gpt-tokenizer decodes a run before looking it up, and decoding drops a leading BOM:
    // token 61992 (BOM + "\n") is found as "\n".
    const bomNewline = Uint8Array.from([0xef, 0xbb, 0xbf, 0x0a]);
    expect(table.mergeRankOf(bomNewline, 0, 4)).toBe(ranks.indexOf('\n'));
  });

  it('stores each whole token under its rank, except the ones gpt-tokenizer cannot find', () => {
    const bom = [0xef, 0xbb, 0xbf];
    const differing: number[] = [];
    let withBom = 0;
    ranks.forEach((entry, rank) => {
      if (entry === undefined) return;
      const bytes = bytesOf(entry);
      const startsWithBom = bom.every((byte, i) => bytes[i] === byte);
      if (startsWithBom) withBom++;
      if (exactRank(table, bytes) !== (startsWithBom ? -1 : rank)) differing.push(rank);
    });
    expect(differing).toEqual([]);
    expect(withBom).toBe(9);
  });

  it('agrees with gpt-tokenizer on runs that are not tokens, with and without a byte order mark', () => {
    const tokenBytes = fc.integer({ min: 0, max: ranks.length - 1 }).map((rank) => bytesOf(ranks[rank] ?? []));
    const run = fc.tuple(fc.boolean(), fc.array(fc.oneof(tokenBytes, fc.uint8Array({ minLength: 1, maxLength: 4 })), { minLength: 1, maxLength: 3 }));
    fc.assert(
      fc.property(run, ([withBom, parts]) => {
        const bytes = Uint8Array.from([...(withBom ? [0xef, 0xbb, 0xbf] : []), ...parts.flatMap((part) => [...part])]);
        expect(table.mergeRankOf(bytes, 0, bytes.length)).toBe(reference(bytes) ?? -1);
      }),
      { numRuns: 2000 },
    );
  });

  it('is what the build wrote to dist/ (tools/bpe-table.mjs, run by the test setup)', () => {
    expect(Buffer.compare(readFileSync(o200kTablePath()), file)).toBe(0);
  });
});

describe('rank table files', () => {
  const small: RankList = ['a', 'b', 'ab', undefined, [0xff], 'abc'];
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-rank-table-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function written(name: string, bytes: Uint8Array): string {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  }

  function refusal(path: string): unknown {
    try {
      readRankTable(path);
    } catch (error) {
      return error;
    }
    return null;
  }

  it('reads back what was written, holes and byte tokens included', () => {
    const table = readRankTable(written('small.bin', serializeRankTable(small, 4)))!;
    expect(table.tokenCount).toBe(6);
    expect(exactRank(table, encoder.encode('ab'))).toBe(2);
    expect(exactRank(table, Uint8Array.from([0xff]))).toBe(4);
    expect(exactRank(table, encoder.encode('abc'))).toBe(5);
    expect(exactRank(table, encoder.encode('ba'))).toBe(-1);
    expect(exactRank(table, new Uint8Array(0))).toBe(-1);
  });

  it('is absent (null) when there is no file, so that the caller can fall back', () => {
    expect(readRankTable(join(dir, 'missing.bin'))).toBeNull();
  });

  it('refuses a truncated, damaged or foreign file with a RankTableError', () => {
    const good = serializeRankTable(small, 4);
    const flipped = good.slice();
    flipped[good.length - 3]! ^= 0x10; // inside the blob: only the checksum notices
    const foreign = good.slice();
    foreign[0] = 0x7b; // "{": some other file
    const cases = {
      truncated: good.subarray(0, good.length - 4),
      'cut mid-word': good.subarray(0, good.length - 1),
      'header only': good.subarray(0, HEADER_WORDS * 4),
      empty: new Uint8Array(0),
      flipped,
      foreign,
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const error = refusal(written(`${name}.bin`, bytes));
      expect(error, name).toBeInstanceOf(RankTableError);
      expect(isCairnError(error) && error.code, name).toBe('INTERNAL');
    }
  });

  it('refuses a path it cannot read with a RankTableError carrying the cause', () => {
    const error = refusal(dir); // a folder
    expect(error).toBeInstanceOf(RankTableError);
    expect((error as RankTableError).cause).toMatchObject({ code: 'EISDIR' });
  });

  it('refuses to store text that has no exact UTF-8 form, or two tokens with the same bytes', () => {
    expect(() => serializeRankTable(['a', '\ud800'], 4)).toThrow(RankTableError);
    expect(() => serializeRankTable(['a', 'b', 'a'], 4)).toThrow(RankTableError);
    expect(() => serializeRankTable(['a', 'b'], 1)).toThrow(RankTableError);
  });
});
