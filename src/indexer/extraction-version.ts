// What extraction records for a file, versioned: an index whose files were extracted by an
// earlier version is re-extracted in full on its next run (their hashes match, so nothing
// else would make the indexer look at them again). Bump it whenever a file's symbols,
// keys, ranges, search text or file roles come out differently for the same bytes.
//
//   2  search text with Porter stems (core/search-text.ts SEARCH_TEXT_VERSION 2)
//   3  keys a person would type (a name's definition keeps `path::name`, overload
//      declarations and other repeats are `name#n`; no scope for `declare module 'x'`),
//      and each symbol's signature end line
//   4  function-valued members of object literals, wrapped function values and functions
//      bound inside functions are definitions; `playground/`, `__mocks__/` and
//      `__fixtures__/` are classified

import { SEARCH_TEXT_VERSION } from '../core/search-text.js';

export const EXTRACTION_VERSION = `${SEARCH_TEXT_VERSION}.4`;

/** The meta entry that holds the version the index's files were extracted with. */
export const EXTRACTION_VERSION_META = 'searchTextVersion';
