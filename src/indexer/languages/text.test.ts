import { describe, expect, it } from 'vitest';
import { cleanCommentBlock, cleanDocstring, oneLine } from './text.js';

describe('oneLine', () => {
  it('collapses whitespace runs and trims', () => {
    expect(oneLine('  def f(\n    a,\n\tb,\n) -> int:  ')).toBe('def f( a, b, ) -> int:');
  });

  it('caps without splitting a surrogate pair', () => {
    expect(oneLine('x'.repeat(500))).toHaveLength(400);
    const capped = oneLine(`${'x'.repeat(399)}😀`);
    expect(capped).toBe('x'.repeat(399));
  });
});

describe('cleanDocstring', () => {
  it('strips quotes and prefixes and dedents like inspect.cleandoc', () => {
    expect(cleanDocstring('"""Summary.\n\n    Details here.\n      Indented more.\n    """')).toBe(
      'Summary.\n\nDetails here.\n  Indented more.',
    );
    expect(cleanDocstring("r'''raw\\d'''")).toBe('raw\\d');
    expect(cleanDocstring('"one line"')).toBe('one line');
    expect(cleanDocstring('""""""')).toBeNull();
  });

  it('dedents a docstring that starts on the line after the quotes', () => {
    expect(cleanDocstring('"""\n    First.\n    Second.\n    """')).toBe('First.\nSecond.');
  });
});

describe('cleanCommentBlock', () => {
  it('strips JSDoc, line, doc-line and hash markers', () => {
    expect(cleanCommentBlock(['/**\n * Loads things.\n *\n * @param x the thing\n */'])).toBe(
      'Loads things.\n\n@param x the thing',
    );
    expect(cleanCommentBlock(['// first', '// second'])).toBe('first\nsecond');
    expect(cleanCommentBlock(['/// Rust doc\n', '//! inner'])).toBe('Rust doc\ninner');
    expect(cleanCommentBlock(['# python comment', '#   indented'])).toBe('python comment\n  indented');
    expect(cleanCommentBlock(['/* block */'])).toBe('block');
  });

  it('returns null for empty comments and caps long ones', () => {
    expect(cleanCommentBlock(['//', '/**/'])).toBeNull();
    expect(cleanCommentBlock([`// ${'a'.repeat(3000)}`])).toHaveLength(2000);
  });
});
