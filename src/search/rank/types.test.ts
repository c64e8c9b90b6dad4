import { describe, expect, it } from 'vitest';
import { fileStandings, type RankedFile } from './types.js';

const file = (path: string, score: number, standing?: number): RankedFile => ({ path, score, signals: [], ...(standing === undefined ? {} : { standing }) });

describe('fileStandings', () => {
  it("takes a file's standing where the ranker set one (files ordered by one fusion, weighed by another)", () => {
    expect(fileStandings([file('a.ts', 0.2, 0.9), file('b.ts', 0.05, 1)])).toEqual(new Map([['a.ts', 0.9], ['b.ts', 1]]));
  });

  it('otherwise weighs each file by its score against the best', () => {
    expect(fileStandings([file('a.ts', 0.2), file('b.ts', 0.05)])).toEqual(new Map([['a.ts', 1], ['b.ts', 0.25]]));
    expect(fileStandings([file('a.ts', 0)])).toEqual(new Map([['a.ts', 0]]));
  });
});
