import { describe, expect, it } from 'vitest';
import { expandWord } from '../../core/tokens.js';
import { VOCABULARY, wordLines } from './word-lines.js';

const words = (text: string, line: number) => {
  const split = wordLines(`t:${text}`, text);
  return Array.from(split.ids.slice(split.lineStarts[line], split.lineStarts[line + 1]), (id) => VOCABULARY.expansion(id)[0]);
};

describe('wordLines', () => {
  it('splits a text into word ids line by line, blank lines and a last line without a newline included', () => {
    const text = 'def fetchUser(id):\n\n    return db.get(id)\nx';
    const split = wordLines('a', text);
    expect(split.lineStarts.length - 1).toBe(4);
    expect(words(text, 0)).toEqual(['def', 'fetchuser', 'id']);
    expect(words(text, 1)).toEqual([]);
    expect(words(text, 2)).toEqual(['return', 'db.get', 'id']);
    expect(words(text, 3)).toEqual(['x']);
  });

  it('counts the code tokens of each line as the words expand (identifiers whole and split)', () => {
    const text = 'fetchUser = 1\nplain';
    const split = wordLines('b', text);
    expect(Array.from(split.lineLengths)).toEqual([expandWord('fetchUser').length + expandWord('1').length, expandWord('plain').length]);
  });

  it('gives the same word the same id, and a key seen before its earlier split', () => {
    const first = wordLines('c', 'alpha beta alpha');
    expect(first.ids[0]).toBe(first.ids[2]);
    expect(wordLines('c', 'alpha beta alpha')).toBe(first);
  });
});
