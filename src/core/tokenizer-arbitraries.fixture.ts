// fast-check generators of text for the tokenizer's property tests: code-like text built
// from pieces chosen to hit every branch of the word grammar and of identifier splitting
// (camel-case runs, digits, "$", "_", dots, repeated segments), words longer than the
// 64-character token cap and the 255-character memo limit, line breaks of both kinds,
// empty lines, and unicode (including lone surrogates and letters whose low byte is ASCII).

import fc from 'fast-check';

const PIECES = [
  'get', 'User', 'getUser', 'user', 'HTTP', 'Server', 'HTTPServer', 'aBCd', 'ABcD', 'aBCDe', 'XMLHttpRequest',
  'x', 'X', 'a1B', 'v2', '2', '10', '3.14', '1.2.3', '$', '$x', 'a$b', '_', '__', '__init__', 'snake_case',
  'self', 'args', 'self.args', 'a.a', 'getUser.user', 'x.X', 'foo.bar_baz', 'Foo.Bar.baz', 'os.path.join',
  'schedulers', 'Scheduler', 'running', 'ponies', 'does', 'this', 'relational', 'hopefulness',
  '.', '..', '...', ' ', '  ', '\n', '\r\n', '\n\n', '\r', '\t', '(', ')', '[', ']', ',', ':', '#', '"', "'",
  '-', '/', '\\', '=', '@', 'é', 'ß', 'Ł', 'İ', '\u212a', 'ſ', '中文', '😀', '\ud800', '\udc00', '\u00a0', '\u0000',
];

/** Words past the token cap (64) and the memo's word limit (255), some of them stemmable. */
export const longWord = fc
  .tuple(
    fc.constantFrom('x', 'ab', 'ba', 'Ab', 'A', 'a_', 'a.', 'b.B', '1', '1.', 'x$'),
    fc.integer({ min: 20, max: 140 }),
    fc.constantFrom('', 'ational', 'ization', 'fulness', 'ing', 'ies', 'ed', 'Case', '9'),
  )
  .map(([unit, count, suffix]) => unit.repeat(count) + suffix);

const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
  { weight: 1, arbitrary: longWord },
);

/** Code-like text. */
export const codeText = fc.array(piece, { maxLength: 60 }).map((pieces) => pieces.join(''));

/** A single identifier-like word, possibly dotted. */
export const identifier = fc.oneof(
  fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,80}(\.[A-Za-z_$][A-Za-z0-9_$]{0,10}){0,3}$/),
  fc.stringMatching(/^[0-9]{1,5}(\.[0-9]{1,3}){0,3}$/),
  longWord,
);

/** Any text at all: code-like, identifiers, arbitrary unicode. */
export const anyText = fc.oneof(codeText, identifier, fc.string({ unit: 'binary', maxLength: 40 }));

/** Repository-like paths: folders and a file name with an extension, odd characters included. */
export const repositoryPath = fc
  .array(fc.oneof(fc.constantFrom('src', 'getUser', 'HTTPServer', '.hidden', 'a.b', 'x-y', 'é', '$x', ''), identifier), {
    minLength: 1,
    maxLength: 5,
  })
  .chain((segments) => fc.constantFrom('.ts', '.py', '', '.test.ts', '.').map((extension) => `${segments.join('/')}${extension}`));
