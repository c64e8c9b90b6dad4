import { describe, expect, it } from 'vitest';
import { readDigest } from './digest.js';

const digest = {
  terms: ['matrix:1.00', 'det:0.80'],
  focusedTerms: ['det'],
  anchorFiles: { 'a/b.py': { weight: 2, reasons: ['path named'] } },
  anchorSymbols: { 'a/b.py::Matrix.det': { weight: 1.5, reasons: ['named'] } },
  frames: [{ path: 'a/b.py', line: 12, func: 'det', depth: 0 }, { path: 'a/c.py', line: null, func: null, depth: 1 }],
  errorTypes: ['ValueError'],
};

describe('readDigest', () => {
  it('reads the ranker analysis digest and keeps only the fields it knows', () => {
    const withExtras = {
      ...digest,
      title: 'Matrix.det is slow',
      frames: digest.frames.map((frame) => ({ ...frame, extra: true })),
      anchorFiles: { 'a/b.py': { weight: 2, reasons: ['path named'], more: 1 } },
    };
    expect(readDigest(withExtras)).toEqual(digest);
    expect(readDigest(digest)).not.toBe(digest);
  });

  it('refuses anything that is not a digest, field by field', () => {
    expect(readDigest(null)).toBeNull();
    expect(readDigest([])).toBeNull();
    expect(readDigest({ ...digest, terms: 'matrix' })).toBeNull();
    expect(readDigest({ ...digest, focusedTerms: [1] })).toBeNull();
    expect(readDigest({ ...digest, errorTypes: undefined })).toBeNull();
    expect(readDigest({ ...digest, anchorFiles: { x: { weight: '2', reasons: [] } } })).toBeNull();
    expect(readDigest({ ...digest, anchorSymbols: { x: { weight: 2 } } })).toBeNull();
    expect(readDigest({ ...digest, anchorSymbols: [] })).toBeNull();
    expect(readDigest({ ...digest, frames: [{ path: 'a', line: '3', func: null, depth: 0 }] })).toBeNull();
    expect(readDigest({ ...digest, frames: [{ path: 'a', line: 3, func: 7, depth: 0 }] })).toBeNull();
    expect(readDigest({ ...digest, frames: [{ line: 3, func: null, depth: 0 }] })).toBeNull();
    expect(readDigest({ ...digest, frames: null })).toBeNull();
  });
});
