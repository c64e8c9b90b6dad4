// The memoised full-text encoder must produce exactly ftsText / pathTokens output: the
// query side tokenizes with those, so any difference would lose matches.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchTextEncoder } from './search-text.js';
import { ftsText, pathTokens } from './tokens.js';

const codeChar = fc.constantFrom(...'abcXYZ_$.019 \n\t()[]{}:;,+-*/"\'#@éß'.split(''));
const codeLike = fc.array(codeChar, { maxLength: 200 }).map((chars) => chars.join(''));
const identifier = fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,80}(\.[A-Za-z_$][A-Za-z0-9_$]{0,10}){0,3}$/);

describe('SearchTextEncoder', () => {
  it('matches ftsText on arbitrary code-like text, with one memo across calls', () => {
    const encoder = new SearchTextEncoder();
    fc.assert(fc.property(fc.oneof(codeLike, identifier, fc.string()), (text) => {
      expect(encoder.text(text)).toBe(ftsText(text));
    }), { numRuns: 2000 });
  });

  it('matches ftsText on realistic source and for long identifiers', () => {
    const encoder = new SearchTextEncoder();
    const source = 'class HTTPServer:\n    def get_user_name(self, userId: int) -> str:\n        return self.db.users[userId].displayName  # 3.14 v2.0.1\n';
    expect(encoder.text(source)).toBe(ftsText(source));
    expect(encoder.text(source)).toBe(ftsText(source));
    const long = `${'x'.repeat(70)} camelCase${'Y'.repeat(70)} a.${'b'.repeat(70)}`;
    expect(encoder.text(long)).toBe(ftsText(long));
    expect(encoder.text(null)).toBe('');
  });

  it('tokenizes line by line exactly as the whole text, with one line memo across texts', () => {
    const encoder = new SearchTextEncoder();
    const memo = new Map<string, string>();
    fc.assert(fc.property(fc.array(fc.oneof(codeLike, identifier), { maxLength: 12 }), (lines) => {
      const text = lines.join('\n');
      expect(encoder.lines(text, memo)).toBe(ftsText(text));
    }), { numRuns: 1000 });
    expect(encoder.lines(null, memo)).toBe('');
  });

  it('encodes paths with pathTokens', () => {
    expect(new SearchTextEncoder().path('src/userService/get_name.ts')).toBe(pathTokens('src/userService/get_name.ts').join(' '));
  });
});
