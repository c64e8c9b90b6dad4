import { describe, expect, it } from 'vitest';
import { GitLogParser, type ParsedCommit } from './log-parser.js';

// Output of `git log -z --name-status` with LOG_FORMAT, as git 2.39 writes it.
const OUTPUT =
  '\x1e' + 'a'.repeat(40) + '\x001700000200\x00Rename b\x00Body line 1\nBody ✓ line 2\n\x00\x00\n' +
  'R100\x00b.py\x00lib/b2.py\x00M\x00a.py\x00' +
  '\x1e' + 'b'.repeat(40) + '\x001700000100\x00Empty one\x00\x00\x00\n' +
  '\x1e' + 'c'.repeat(40) + '\x001700000000\x00First\x00\x00\x00\nA\x00a.py\x00A\x00b.py\x00C075\x00a.py\x00c.py\x00';

const EXPECTED: ParsedCommit[] = [
  {
    sha: 'a'.repeat(40),
    time: 1700000200,
    subject: 'Rename b',
    body: 'Body line 1\nBody ✓ line 2',
    changes: [
      { status: 'R', path: 'lib/b2.py', fromPath: 'b.py' },
      { status: 'M', path: 'a.py' },
    ],
  },
  { sha: 'b'.repeat(40), time: 1700000100, subject: 'Empty one', body: '', changes: [] },
  {
    sha: 'c'.repeat(40),
    time: 1700000000,
    subject: 'First',
    body: '',
    changes: [
      { status: 'A', path: 'a.py' },
      { status: 'A', path: 'b.py' },
      { status: 'C', path: 'c.py', fromPath: 'a.py' },
    ],
  },
];

function parseInPieces(text: string, size: number): ParsedCommit[] {
  const parser = new GitLogParser();
  const out: ParsedCommit[] = [];
  for (let at = 0; at < text.length; at += size) out.push(...parser.feed(text.slice(at, at + size)));
  return [...out, ...parser.end()];
}

describe('GitLogParser', () => {
  it('parses commits, bodies, renames and copies from one piece', () => {
    expect(parseInPieces(OUTPUT, OUTPUT.length)).toEqual(EXPECTED);
  });

  it.each([1, 2, 3, 7, 64])('gives the same result when the output arrives in %i-character pieces', (size) => {
    expect(parseInPieces(OUTPUT, size)).toEqual(EXPECTED);
  });

  it('hands out a commit as soon as the first field of the next one is complete', () => {
    const parser = new GitLogParser();
    const nextSha = OUTPUT.indexOf('\x1e', 1);
    const afterNextSha = OUTPUT.indexOf('\0', nextSha) + 1;
    expect(parser.feed(OUTPUT.slice(0, afterNextSha - 1))).toEqual([]);
    expect(parser.feed(OUTPUT.slice(afterNextSha - 1, afterNextSha)).map((c) => c.subject)).toEqual(['Rename b']);
  });

  it('returns nothing for empty output', () => {
    expect(parseInPieces('', 1)).toEqual([]);
  });
});
