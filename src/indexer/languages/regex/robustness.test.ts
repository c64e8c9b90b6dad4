import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../core/entities.js';
import { regexExtract } from './index.js';
import { SAMPLES } from './samples.fixture.js';

const LANGUAGES: Language[] = [
  'typescript', 'tsx', 'javascript', 'python', 'go', 'rust', 'java',
  'c', 'cpp', 'csharp', 'ruby', 'php', 'kotlin', 'scala', 'swift', 'shell',
];

/** Characters that steer the scanner and the profiles, so random input hits their branches. */
const TRICKY = [
  '{', '}', '(', ')', '[', ']', '<', '>', '"', "'", '`', '/', '*', '\\', '#', '\n', '\r\n', ' ', '\t', ':', ';',
  '$', '${', '"""', "'''", '/*', '*/', '//', '=begin\n', '=end', 'def ', 'class ', 'fn ', 'func ', 'function ',
  'import ', 'from ', 'use ', 'mod ', 'impl ', 'type (', 'export ', '@', 'end', 'x', 'é', '🎉', '\uFFFD', '\u0000',
];

const trickyText = fc.array(fc.constantFrom(...TRICKY), { maxLength: 300 }).map((parts) => parts.join(''));

function assertWellFormed(language: Language, source: string): void {
  const result = regexExtract(language, 'p/f.x', source);
  const bytes = Buffer.byteLength(source, 'utf8');
  const keys = new Set<string>();
  for (const symbol of result.symbols) {
    expect(symbol.startByte).toBeGreaterThanOrEqual(0);
    expect(symbol.endByte).toBeGreaterThanOrEqual(symbol.startByte);
    expect(symbol.endByte).toBeLessThanOrEqual(bytes);
    expect(symbol.startLine).toBeGreaterThanOrEqual(1);
    expect(symbol.endLine).toBeGreaterThanOrEqual(symbol.startLine);
    expect(keys.has(symbol.key)).toBe(false);
    keys.add(symbol.key);
  }
  for (const ref of result.references) expect(ref.line).toBeGreaterThanOrEqual(1);
  for (const imp of result.imports) expect(imp.line).toBeGreaterThanOrEqual(1);
}

describe('regexExtract never throws and stays well-formed', () => {
  it('on random text built from syntax-significant pieces, for every language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), trickyText, (language, source) => {
        assertWellFormed(language, source);
      }),
      { numRuns: 600, seed: 20240611 },
    );
  });

  it('on random bytes decoded as UTF-8 with replacement characters', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.uint8Array({ maxLength: 2000 }), (language, raw) => {
        assertWellFormed(language, new TextDecoder('utf-8', { fatal: false }).decode(raw));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('on the empty file and whitespace', () => {
    for (const language of LANGUAGES) {
      for (const source of ['', '\n', '\r\n\r\n', '   \t']) {
        expect(regexExtract(language, 'e', source)).toEqual({
          method: 'regex',
          parseNote: expect.toSatisfy((note: string | null) => note === null || note === 'no grammar'),
          symbols: [],
          imports: [],
          references: [],
        });
      }
    }
  });

  it('on enormous single lines (completes; timing is measured separately)', () => {
    const megabyte = 1024 * 1024;
    const lines = [
      'function a(b){return c(d,e.f(g))}var h=i.j(k);'.repeat(megabyte / 45),
      '('.repeat(megabyte),
      '{'.repeat(megabyte),
      '"'.repeat(megabyte),
      'a().'.repeat(megabyte / 4) + 'b(',
      'x' + ' '.repeat(megabyte) + '(',
      '(/['.repeat(megabyte / 3),
      '`${'.repeat(megabyte / 3),
    ];
    lines.forEach((line, index) => {
      // Alternate grammars so each line meets a brace and an indentation profile across the set.
      const languages: Language[] = index % 2 === 0 ? ['typescript', 'ruby'] : ['python', 'cpp'];
      for (const language of languages) {
        const result = regexExtract(language, 'big', line);
        expect(result.method).toBe('regex');
        expect(result.symbols.every((s) => s.endByte <= Buffer.byteLength(line))).toBe(true);
      }
    });
  });
});

describe('regexExtract is deterministic', () => {
  it('gives the same output, byte for byte, for the same input', () => {
    for (const [language, source] of Object.entries(SAMPLES)) {
      const first = JSON.stringify(regexExtract(language as Language, 'same', source));
      const second = JSON.stringify(regexExtract(language as Language, 'same', source));
      expect(second).toBe(first);
    }
  });
});
