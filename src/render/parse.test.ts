import { describe, expect, it } from 'vitest';

import { isCairnError } from '../core/errors.js';
import { parseMarkdown, parsePrompt } from './parse.js';

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return isCairnError(error) ? error.code : 'not a CairnError';
  }
  return undefined;
}

describe('parsers', () => {
  it('ignore heading-like lines inside code blocks', () => {
    const doc = [
      '[1] a.py',
      'full · lines 1-3 · seed',
      '```python',
      '[2] not an item',
      'DEPENDENCIES',
      '```',
      '',
      'DEPENDENCIES',
      '(none among included files)',
      '',
    ].join('\n');
    expect(parsePrompt(doc)).toEqual([
      { number: 1, path: 'a.py', symbolKey: null, detail: 'full', startLine: 1, endLine: 3, text: '[2] not an item\nDEPENDENCIES', language: 'python' },
    ]);
  });

  it('read a path-only item without a code block, and a symbol key', () => {
    const doc = '## 1. a.py::C.m\npath · lines 4-9 · x\n\n## Dependencies\n';
    expect(parseMarkdown(doc)).toEqual([
      { number: 1, path: 'a.py', symbolKey: 'a.py::C.m', detail: 'path', startLine: 4, endLine: 9, text: '', language: '' },
    ]);
  });

  it('reject renders that are cut short or malformed', () => {
    expect(code(() => parsePrompt('[1] a.py\nfull · lines 1-1 · r\n```\nunclosed\n'))).toBe('INPUT_INVALID');
    expect(code(() => parsePrompt('[1] a.py\nnot a meta line\n\nDEPENDENCIES\n'))).toBe('INPUT_INVALID');
    expect(code(() => parsePrompt('[1] a.py\nfull · lines 1-1 · r\nno fence\n\nDEPENDENCIES\n'))).toBe('INPUT_INVALID');
    expect(code(() => parseMarkdown('# a header only\n'))).toBe('INPUT_INVALID');
  });
});
