// The work spent on one file is bounded whatever `index.maxFileBytes` allows. Parsing costs
// memory in proportion to the syntax nodes of a file: a 5 MB single-line bundle (one
// node every byte or two) took 25 s and 1.9 GB, a 50 MB one more than 16 GB. Files that
// are minified, large and generated, or simply large are indexed as text only: path and
// full-text body, no syntax tree, no symbols. The body of a text-only file is its head.

/** Above this, no file is parsed (1 MiB: `index.maxFileBytes`' default, so by default every indexed file is). */
export const MAX_PARSE_CHARS = 1024 * 1024;

/** A text-only file's full-text body is its first this many characters. */
export const MAX_TEXT_ONLY_CHARS = 1024 * 1024;

/** Bytes decoded at most for a text-only file: UTF-8 takes up to 4 bytes a character. */
export const MAX_TEXT_ONLY_BYTES = 4 * MAX_TEXT_ONLY_CHARS;

/** A generated file this large is data more than code (descriptors, tables, bundles). */
const MAX_GENERATED_PARSE_CHARS = 256 * 1024;

/** Minified: most of the text sits on lines this long... */
const LONG_LINE_CHARS = 4096;
/** ...in a file at least this large (smaller ones are cheap, whatever their lines). */
const MIN_MINIFIED_CHARS = 32 * 1024;

/**
 * Why the file is indexed as text only, or null when it is parsed. Hand-written code
 * rarely has lines of 4,096 characters; a bundle has little else. (On sympy, prefect,
 * dask, yt-dlp and sqlglot, 5,000 files, only one is minified by this rule: a .min.js.)
 */
export function textOnlyReason(text: string, generated: boolean): string | null {
  if (text.length > MAX_PARSE_CHARS) return 'larger than 1 MiB';
  if (generated && text.length > MAX_GENERATED_PARSE_CHARS) return 'generated and larger than 256 KiB';
  if (text.length >= MIN_MINIFIED_CHARS && longLineShare(text) > 0.5) return 'minified (most of it on lines over 4,096 characters)';
  return null;
}

/** The share of the text's characters on lines longer than LONG_LINE_CHARS. */
function longLineShare(text: string): number {
  let long = 0;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (end - start > LONG_LINE_CHARS) long += end - start;
    start = end + 1;
  }
  return long / text.length;
}
