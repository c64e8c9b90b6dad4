import { describe, expect, it } from 'vitest';
import { UsageError } from '../../core/errors.js';
import { bm25Baseline } from './bm25-baseline.js';
import { RANKER_NAMES, rankerByName } from './registry.js';

describe('rankerByName', () => {
  it('finds every listed ranker under its own name', () => {
    expect(RANKER_NAMES).toContain('bm25-file');
    for (const name of RANKER_NAMES) expect(rankerByName(name).name).toBe(name);
    expect(rankerByName('bm25-file')).toBe(bm25Baseline);
  });

  it('rejects an unknown name with a usage error that lists the known ones', () => {
    let caught: unknown;
    try {
      rankerByName('toString');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).message).toContain('bm25-file');
  });
});
