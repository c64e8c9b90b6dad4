// Which extraction built an index: a constant of its own, so that the no-change run
// before every search need not load the extractors to read it.

/**
 * Bumped whenever extraction records something else from the same bytes (definitions,
 * file roles); an index built by another version is re-extracted in full on its next run,
 * as after a tokenization change. 2: function-valued members of object literals, wrapped
 * function values and functions bound inside functions are definitions; `playground/`,
 * `__mocks__/` and `__fixtures__/` are classified.
 */
export const EXTRACTION_VERSION = '2';
