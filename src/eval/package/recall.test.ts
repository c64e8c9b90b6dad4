import { describe, expect, it } from 'vitest';
import { measureRecall, type RecallInput } from './recall.js';

const FILE = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
const lines = (path: string) => (path === 'a.py' ? FILE : null);

function input(overrides: Partial<RecallInput>): RecallInput {
  return {
    blocks: [],
    used: 100,
    named: new Set(),
    goldFiles: ['a.py'],
    goldFunctions: [],
    goldLines: null,
    lines,
    ...overrides,
  };
}

function block(start: number, end: number, tokens = 10) {
  return { path: 'a.py', startLine: start, text: FILE.slice(start - 1, end).join('\n'), tokens };
}

describe('measureRecall', () => {
  it('counts a gold function as shown when at least half of its lines are shown', () => {
    const goldFunctions = [{ name: 'a.py:f', path: 'a.py', ranges: [{ start: 1, end: 10 }] }];
    expect(measureRecall(input({ blocks: [block(1, 5)], goldFunctions })).functionAny).toBe(1);
    expect(measureRecall(input({ blocks: [block(1, 4)], goldFunctions })).functionAny).toBe(0);
  });

  it('reports any / all gold functions separately', () => {
    const goldFunctions = [
      { name: 'a.py:f', path: 'a.py', ranges: [{ start: 1, end: 4 }] },
      { name: 'a.py:g', path: 'a.py', ranges: [{ start: 11, end: 14 }] },
    ];
    const recall = measureRecall(input({ blocks: [block(1, 4)], goldFunctions }));
    expect(recall.functionAny).toBe(1);
    expect(recall.functionAll).toBe(0);
  });

  it('measures changed lines shown, any and share', () => {
    const recall = measureRecall(input({ blocks: [block(3, 6)], goldLines: new Map([['a.py', [2, 4, 6, 8]]]) }));
    expect(recall.lineAny).toBe(1);
    expect(recall.lineShare).toBe(0.5);
  });

  it('gives no credit for a file named by path only', () => {
    const recall = measureRecall(input({ named: new Set(['a.py']), goldLines: new Map([['a.py', [2]]]) }));
    expect(recall.fileNamed).toBe(1);
    expect(recall.lineAny).toBe(0);
    expect(recall.precision).toBe(0);
  });

  it('leaves function and line metrics out when the task has no such gold', () => {
    const recall = measureRecall(input({ blocks: [block(1, 2)] }));
    expect(recall.functionAny).toBeUndefined();
    expect(recall.lineAny).toBeUndefined();
  });

  it('computes precision as the gold files\' share of the package tokens', () => {
    const other = { path: 'b.py', startLine: 1, text: 'x', tokens: 30 };
    expect(measureRecall(input({ blocks: [block(1, 2, 20), other], used: 80 })).precision).toBe(0.25);
  });
});
