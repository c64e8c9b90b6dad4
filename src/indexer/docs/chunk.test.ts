import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk.js';

/** [headingPath joined by " > ", startLine, endLine] per chunk. */
function outline(path: string, text: string, format: 'markdown' | 'rst' | 'text', maxChunkChars?: number): [string, number, number][] {
  return chunkDocument(path, text, format, { maxChunkChars }).map((c) => [c.headingPath.join(' > '), c.startLine, c.endLine]);
}

const MARKDOWN = [
  '---', //  1
  'title: Front', //  2
  '---', //  3
  'Intro paragraph.', //  4
  '', //  5
  '# Guide', //  6
  '', //  7
  'Text under guide.', //  8
  '', //  9
  '```python', // 10
  '# not a heading', // 11
  'x = 1', // 12
  '```', // 13
  '', // 14
  '## Install #', // 15
  '', // 16
  'Steps.', // 17
  '', // 18
  'Setext Title', // 19
  '============', // 20
  '', // 21
  'Para.', // 22
  '', // 23
  'Sub setext', // 24
  '----------', // 25
  '', // 26
  '- item', // 27
  '---', // 28
  '', // 29
  '### Deep', // 30
  '#### Deeper', // 31
  '## Back', // 32
  '', // 33
].join('\n');

describe('chunkDocument: markdown', () => {
  it('splits at ATX and setext headings, skipping front matter and fenced code', () => {
    expect(outline('docs/guide.md', MARKDOWN, 'markdown')).toEqual([
      ['', 1, 4],
      ['Guide', 6, 13],
      ['Guide > Install', 15, 17],
      ['Setext Title', 19, 22],
      ['Setext Title > Sub setext', 24, 28],
      ['Setext Title > Sub setext > Deep', 30, 30],
      ['Setext Title > Sub setext > Deep > Deeper', 31, 31],
      ['Setext Title > Back', 32, 32],
    ]);
  });

  it('gives stable sequential ids and the exact text, heading line included', () => {
    const chunks = chunkDocument('docs/guide.md', MARKDOWN, 'markdown');
    expect(chunks.map((c) => c.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => `docs/guide.md#${n}`));
    expect(chunks[1]).toEqual({
      id: 'docs/guide.md#1',
      path: 'docs/guide.md',
      headingPath: ['Guide'],
      text: '# Guide\n\nText under guide.\n\n```python\n# not a heading\nx = 1\n```',
      startLine: 6,
      endLine: 13,
    });
    expect(chunkDocument('docs/guide.md', MARKDOWN, 'markdown')).toEqual(chunks);
  });

  it('takes a whole paragraph as setext heading text, and handles CRLF', () => {
    const text = 'Line one\r\nline two\r\n===\r\nbody\r\n';
    expect(chunkDocument('a.md', text, 'markdown')).toEqual([
      { id: 'a.md#0', path: 'a.md', headingPath: ['Line one line two'], text: 'Line one\nline two\n===\nbody', startLine: 1, endLine: 4 },
    ]);
  });

  it('does not treat #hashtags, indented code or tilde-fenced headings as headings', () => {
    const text = '#hashtag\n\n    # indented code\n\n~~~\n# in tilde fence\n~~~\n\n# Real\n';
    expect(outline('a.md', text, 'markdown')).toEqual([
      ['', 1, 7],
      ['Real', 9, 9],
    ]);
  });

  it('drops inline HTML and closing hashes from heading text', () => {
    const text = '# Getting Started <span class="badge cloud"></span>\n## Install  ##\n';
    expect(chunkDocument('a.md', text, 'markdown').map((c) => c.headingPath)).toEqual([
      ['Getting Started'],
      ['Getting Started', 'Install'],
    ]);
  });

  it('emits nothing for an empty document and no preamble when it is blank', () => {
    expect(chunkDocument('a.md', '', 'markdown')).toEqual([]);
    expect(outline('a.md', '\n\n# Only\n', 'markdown')).toEqual([['Only', 3, 3]]);
  });
});

describe('chunkDocument: reStructuredText', () => {
  const RST = [
    '=======', //  1
    ' Title', //  2
    '=======', //  3
    '', //  4
    'Intro.', //  5
    '', //  6
    'Section A', //  7
    '=========', //  8
    '', //  9
    'Text A.', // 10
    '', // 11
    'Sub A1', // 12
    '------', // 13
    '', // 14
    'Text.', // 15
    '', // 16
    'Section B', // 17
    '=========', // 18
    '', // 19
    'Short', // 20
    '--', // 21
    'Not a title: the underline is short and under 4 characters.', // 22
    '', // 23
    'Sub B1', // 24
    '------', // 25
    'Long title with short underline', // 26
    '~~~~', // 27
    '', // 28
    'End.', // 29
  ].join('\n');

  it('finds underlined and overlined titles, levels by order of first appearance', () => {
    expect(outline('docs/index.rst', RST, 'rst')).toEqual([
      ['Title', 1, 5],
      ['Title > Section A', 7, 10],
      ['Title > Section A > Sub A1', 12, 15],
      ['Title > Section B', 17, 22],
      ['Title > Section B > Sub B1', 24, 25],
      ['Title > Section B > Sub B1 > Long title with short underline', 26, 29],
    ]);
  });

  it('does not fix a level to a character: the first style seen is level 1', () => {
    const text = 'A\n---\n\nB\n===\n\nC\n---\n\ntext\n\n----\n\nafter a transition\n';
    expect(outline('x.rst', text, 'rst')).toEqual([
      ['A', 1, 2],
      ['A > B', 4, 5],
      ['C', 7, 14],
    ]);
  });

  it('ignores indented lines and tables that look like adornments', () => {
    const text = 'Intro\n\n  indented\n  --------\n\n=====  =====\nA      B\n=====  =====\n';
    expect(outline('x.rst', text, 'rst')).toEqual([['', 1, 8]]);
  });
});

describe('chunkDocument: plain text and long sections', () => {
  it('groups plain-text paragraphs into chunks of bounded size', () => {
    const text = 'aaaa aaaa\nbbbb\n\ncccc cccc\n\ndddd dddd dddd dddd dddd\n\n\neeee\n';
    expect(outline('NOTES.txt', text, 'text', 30)).toEqual([
      ['', 1, 4],
      ['', 6, 6],
      ['', 9, 9],
    ]);
    expect(chunkDocument('NOTES.txt', text, 'text', { maxChunkChars: 30 })[0]?.text).toBe('aaaa aaaa\nbbbb\n\ncccc cccc');
  });

  it('cuts a long section at paragraph boundaries, not inside code, keeping the heading path', () => {
    const para = (n: number): string => `paragraph ${n} ${'x'.repeat(20)}`; // 33 characters
    const text = ['# Long', '', para(1), '', para(2), '', '```', 'code', '', 'more code', '```', '', para(3), '## Next', 'n'].join('\n');
    // With a cut allowed at the blank line inside the fence, lines 5-9 would fit in 45 characters.
    const chunks = chunkDocument('long.md', text, 'markdown', { maxChunkChars: 45 });
    expect(chunks.map((c) => [c.id, c.headingPath.join(' > '), c.startLine, c.endLine])).toEqual([
      ['long.md#0', 'Long', 1, 3],
      ['long.md#1', 'Long', 5, 5],
      ['long.md#2', 'Long', 7, 11],
      ['long.md#3', 'Long', 13, 13],
      ['long.md#4', 'Long > Next', 14, 15],
    ]);
  });

  it('cuts a paragraph longer than the limit between lines, and keeps an overlong line whole', () => {
    const text = ['l1 ' + 'a'.repeat(20), 'l2 ' + 'b'.repeat(20), 'l3 ' + 'c'.repeat(80)].join('\n');
    expect(outline('t.txt', text, 'text', 50)).toEqual([
      ['', 1, 2],
      ['', 3, 3],
    ]);
  });

  it('keeps every chunk within the limit when lines are short', () => {
    const text = Array.from({ length: 400 }, (_, i) => (i % 7 === 6 ? '' : `line ${i} ${'w'.repeat(i % 50)}`)).join('\n');
    const chunks = chunkDocument('big.txt', text, 'text', { maxChunkChars: 500 });
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(500);
    expect(chunks.map((c) => c.text).join('\n\n').replace(/\n+/g, '\n')).toBe(text.replace(/\n+/g, '\n'));
  });
});
