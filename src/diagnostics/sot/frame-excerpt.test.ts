import { describe, expect, it } from 'vitest';
import { frameExcerpt, frameLinesByPath } from './frame-excerpt.js';

/** A module of `count` functions of 10 lines each after 5 import lines; function i spans lines 6+10i .. 15+10i. */
function module(count: number): { text: string; symbols: { startLine: number; endLine: number; qualifiedName: string; parent: string | null }[] } {
  const lines = ['import os', 'import sys', 'import json', 'import re', ''];
  const symbols = [];
  for (let i = 0; i < count; i++) {
    const start = lines.length + 1;
    lines.push(`def handler_${i}(request):`, ...Array.from({ length: 8 }, (_, k) => `    value_${k} = request.get("field_${i}_${k}")`), '    return value_0');
    symbols.push({ startLine: start, endLine: start + 9, qualifiedName: `handler_${i}`, parent: null });
  }
  return { text: `${lines.join('\n')}\n`, symbols };
}

const bytes = (text: string) => Buffer.byteLength(text);

describe('frame excerpt: the code around a frame, not the file head', () => {
  it('gives the whole file when it fits', () => {
    const { text, symbols } = module(3);
    expect(frameExcerpt({ text, symbols, lines: [20], maxBytes: 10_000, shareBytes: 100 })).toEqual({ text, what: 'whole' });
  });

  it('takes the definition holding the frame line first, whole, with gap lines naming what is left out', () => {
    const { text, symbols } = module(100);
    const excerpt = frameExcerpt({ text, symbols, lines: [6 + 10 * 70 + 4], maxBytes: 2_000, shareBytes: 600 })!;
    expect(excerpt.what).toBe('the code around the frame: handler_70 (lines 706-715)');
    const lines = text.split('\n');
    expect(excerpt.text).toContain(lines.slice(705, 715).join('\n'));
    expect(excerpt.text).not.toContain('import os');
    expect(excerpt.text).toMatch(/^⋯ lines 1-\d+ not shown ⋯\n/);
    expect(bytes(excerpt.text)).toBeLessThanOrEqual(2_000);
  });

  it('widens around the definition up to the file share, never past the bytes left', () => {
    const { text, symbols } = module(100);
    const line = 6 + 10 * 50 + 2;
    const narrow = frameExcerpt({ text, symbols, lines: [line], maxBytes: 5_000, shareBytes: 0 })!;
    const wide = frameExcerpt({ text, symbols, lines: [line], maxBytes: 5_000, shareBytes: 3_000 })!;
    expect(bytes(wide.text)).toBeGreaterThan(bytes(narrow.text));
    expect(bytes(wide.text)).toBeLessThanOrEqual(3_000);
    expect(wide.text).toContain('def handler_49(request):');
    expect(wide.text).toContain('def handler_51(request):');
  });

  it('centres a window on the line when the definition alone does not fit', () => {
    const { text, symbols } = module(100);
    const excerpt = frameExcerpt({ text, symbols, lines: [6 + 10 * 30 + 5], maxBytes: 200, shareBytes: 200 })!;
    expect(excerpt.text).toContain('value_4 = request.get("field_30_4")');
    expect(bytes(excerpt.text)).toBeLessThanOrEqual(200);
  });

  it('takes each frame line of the file, innermost first, and says when the lines are not in the file', () => {
    const { text, symbols } = module(100);
    const two = frameExcerpt({ text, symbols, lines: [6 + 10 * 80 + 1, 6 + 10 * 10 + 1], maxBytes: 1_500, shareBytes: 0 })!;
    expect(two.text).toContain('def handler_80(request):');
    expect(two.text).toContain('def handler_10(request):');
    expect(frameExcerpt({ text, symbols, lines: [99_999], maxBytes: 1_500, shareBytes: 0 })).toBeNull();
  });

  it('resolves frames to candidate files by path suffix, innermost first', () => {
    const frames = [
      { path: '/srv/app/src/flask/app.py', line: 1262, func: 'make_response', language: 'python' as const, depth: 0 },
      { path: '/srv/app/src/flask/app.py', line: 900, func: 'full_dispatch_request', language: 'python' as const, depth: 1 },
      { path: '/usr/lib/python3/site.py', line: 3, func: null, language: 'python' as const, depth: 2 },
    ];
    expect(frameLinesByPath(frames, ['src/flask/app.py', 'src/flask/ctx.py'])).toEqual(new Map([['src/flask/app.py', [1262, 900]]]));
  });
});
