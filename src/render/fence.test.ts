import { describe, expect, it } from 'vitest';

import { fenceFor, fencedBlock, longestBacktickRun } from './fence.js';
import { parseMarkdown } from './parse.js';

describe('fences', () => {
  it('finds the longest run of backticks', () => {
    expect(longestBacktickRun('')).toBe(0);
    expect(longestBacktickRun('a `b` ``c`` d')).toBe(2);
    expect(longestBacktickRun('x\n`````\ny')).toBe(5);
  });

  it('is three backticks, or one more than the longest run inside', () => {
    expect(fenceFor('plain')).toBe('```');
    expect(fenceFor('has ``` inside')).toBe('````');
    expect(fenceFor('````````')).toBe('`````````');
  });

  it('keeps a body that contains fences of its own inside one block', () => {
    const body = 'Example:\n```python\nprint(1)\n```\n````\nmore\n````';
    const block = fencedBlock(body, 'markdown');
    expect(block.startsWith('`````markdown\n')).toBe(true);
    expect(block.endsWith('\n`````\n')).toBe(true);
    const doc = `## 1. README.md\nfull · lines 1-7 · seed\n\n${block}\n## Dependencies\n`;
    expect(parseMarkdown(doc)).toEqual([
      { number: 1, path: 'README.md', symbolKey: null, detail: 'full', startLine: 1, endLine: 7, text: body, language: 'markdown' },
    ]);
  });

  it('gives back a text that ends in an empty line, or holds "\r\n" line breaks, byte for byte', () => {
    for (const body of ['x = 1\n', 'x = 1\r\ny = 2', 'x = 1\r\n\r\n', '\n']) {
      const doc = `## 1. a.py\nfull · lines 1-3 · seed\n\n${fencedBlock(body, 'python')}\n## Dependencies\n`;
      expect(parseMarkdown(doc)[0]!.text).toBe(body);
    }
  });

  it('tags unknown languages as text', () => {
    expect(fencedBlock('x', 'other')).toBe('```text\nx\n```\n');
  });
});
