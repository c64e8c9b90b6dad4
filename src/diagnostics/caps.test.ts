// A category's caps: by count, by bytes, the cut that fits the last item with the marker,
// the 100-byte minimum, and cuts that never split a character.

import { describe, expect, it } from 'vitest';
import { cutToBytes, fillCategory, TRUNCATION_MARKER, type CapCandidate } from './caps.js';

function items(texts: string[]): CapCandidate<string>[] {
  return texts.map((text, index) => ({
    id: `f${index}`,
    item: `f${index}`,
    load: (maxBytes: number) => ({ text: text.slice(0, maxBytes), complete: Buffer.byteLength(text) <= maxBytes }),
  }));
}

describe('fillCategory', () => {
  it('caps by count: items past the count are left out, each saying so', () => {
    const outcome = fillCategory(items(['a', 'b', 'c', 'd', 'e', 'f', 'g']), { count: 5, bytes: 10_000 }, 100);
    expect(outcome.taken.map((taken) => taken.item)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4']);
    expect(outcome.stoppedBy).toBe('count');
    expect(outcome.verdicts.slice(5)).toEqual([
      { id: 'f5', verdict: 'excluded', reason: 'over the cap of 5 items', bytes: 0 },
      { id: 'f6', verdict: 'excluded', reason: 'over the cap of 5 items', bytes: 0 },
    ]);
  });

  it('redacts every text it takes, counting by kind (every category passes through here)', () => {
    const outcome = fillCategory(items(['url = https://alice:pw-1234abcd@host/r.git', 'GITHUB_TOKEN=ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i']), { count: 5, bytes: 10_000 }, 100);
    expect(outcome.taken.map((taken) => taken.content)).toEqual(['url = https://alice:[redacted]@host/r.git', 'GITHUB_TOKEN=[redacted]']);
    expect(outcome.redacted).toEqual({ 'url-password': 1, 'github-token': 1 });
  });

  it('a secret straddling the cut is redacted whole, never shown in part', () => {
    const token = 'ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i';
    const outcome = fillCategory(items([`${'x '.repeat(485)}${token}${" and more after it".repeat(5)}`]), { count: 5, bytes: 1000 }, 100);
    expect(outcome.taken[0]!.truncated).toBe(true);
    expect(outcome.taken[0]!.content).not.toContain('ghp_R2d8');
    expect(outcome.redacted).toEqual({ 'github-token': 1 });
  });

  it('caps by bytes: whole items while they fit (exactly filling the cap is fitting)', () => {
    const outcome = fillCategory(items(['x'.repeat(600), 'y'.repeat(400)]), { count: 5, bytes: 1000 }, 100);
    expect(outcome.taken.map((taken) => [taken.size, taken.truncated])).toEqual([
      [600, false],
      [400, false],
    ]);
    expect(outcome).toMatchObject({ bytes: 1000, truncated: 0, stoppedBy: null });
  });

  it('cuts the item that would pass the byte cap to fit exactly, ends it with the marker, then stops', () => {
    const outcome = fillCategory(items(['x'.repeat(600), 'y'.repeat(900), 'z']), { count: 5, bytes: 1000 }, 100);
    const cut = outcome.taken[1]!;
    expect(cut.truncated).toBe(true);
    expect(cut.content.endsWith('\n[... truncated ...]\n')).toBe(true);
    expect(cut.content).toBe(`${'y'.repeat(400 - Buffer.byteLength(TRUNCATION_MARKER))}${TRUNCATION_MARKER}`);
    expect(cut.size).toBe(400);
    expect(outcome).toMatchObject({ bytes: 1000, truncated: 1, stoppedBy: 'bytes' });
    // "z" would fit in no byte at all: the category has stopped.
    expect(outcome.verdicts[2]).toEqual({ id: 'f2', verdict: 'excluded', reason: 'the 1000-byte cap was reached', bytes: 0 });
  });

  it('cuts only when at least 100 bytes remain: 100 left is cut, 99 left is not', () => {
    const at = (first: number) => fillCategory(items(['x'.repeat(first), 'y'.repeat(500)]), { count: 5, bytes: 1000 }, 100);
    const hundred = at(900);
    expect(hundred.taken).toHaveLength(2);
    expect(hundred.taken[1]).toMatchObject({ size: 100, truncated: true });
    const ninetyNine = at(901);
    expect(ninetyNine.taken).toHaveLength(1);
    expect(ninetyNine.stoppedBy).toBe('bytes');
    expect(ninetyNine.verdicts[1]!.reason).toBe('does not fit: 99 bytes left of 1000, under the 100-byte minimum for a cut file');
  });

  it('the minimum is a setting', () => {
    const outcome = fillCategory(items(['x'.repeat(950), 'y'.repeat(500)]), { count: 5, bytes: 1000 }, 40);
    expect(outcome.taken[1]).toMatchObject({ size: 50, truncated: true });
  });

  it('passes over items that cannot be loaded without counting them', () => {
    const candidates: CapCandidate<string>[] = [{ id: 'bin', item: 'bin', load: () => ({ skip: 'binary' }) }, ...items(['a'])];
    const outcome = fillCategory(candidates, { count: 1, bytes: 1000 }, 100);
    expect(outcome.taken.map((taken) => taken.item)).toEqual(['f0']);
    expect(outcome.verdicts[0]).toEqual({ id: 'bin', verdict: 'excluded', reason: 'binary', bytes: 0 });
  });

  it('counts bytes, not characters, and never cuts a character in half', () => {
    const outcome = fillCategory(items(['é'.repeat(300)]), { count: 5, bytes: 201 }, 100);
    const cut = outcome.taken[0]!;
    expect(cut.size).toBeLessThanOrEqual(201);
    expect(Buffer.byteLength(cut.content)).toBe(cut.size);
    expect(cut.content.replace(TRUNCATION_MARKER, '')).toMatch(/^é+$/);
  });
});

describe('cutToBytes', () => {
  it('keeps whole characters that fit', () => {
    expect(cutToBytes('a🔥b', 4)).toBe('a');
    expect(cutToBytes('a🔥b', 5)).toBe('a🔥');
    expect(cutToBytes('abc', 0)).toBe('');
    expect(cutToBytes('abc', 10)).toBe('abc');
  });
});
