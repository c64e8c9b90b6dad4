// Names from a repository are escaped for human-readable output, not altered otherwise.

import { describe, expect, it } from 'vitest';
import { printable } from './printable.js';

describe('printable', () => {
  it('escapes line breaks, terminal escapes, DEL, C1 and bidi controls', () => {
    expect(printable('fake\n    src/secret.py')).toBe('fake\\n    src/secret.py');
    expect(printable('\u001b[31mred.py')).toBe('\\x1b[31mred.py');
    expect(printable('a\r\tb\u007f\u0085\u202ec')).toBe('a\\r\\tb\\x7f\\x85\\u202ec');
  });

  it('keeps everything else, non-ASCII names included', () => {
    expect(printable('src/naïve_模块.py')).toBe('src/naïve_模块.py');
  });

});
