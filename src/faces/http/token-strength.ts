// Whether a bearer token is fit to guard a server that listens beyond loopback. Length
// alone let twenty spaces through: a token must also hold no whitespace (a header value is
// trimmed, so such a token could never be sent back intact) and enough distinct characters
// that it cannot be a run of one or two. A random token passes; `openssl rand -hex 32`
// makes one.

/** Tokens shorter than this are refused: guessable, and too short to scrub from logs reliably. */
export const MIN_TOKEN_LENGTH = 16;
/** A random 16-character hex token has fewer only about once in a hundred draws. */
export const MIN_DISTINCT_CHARACTERS = 8;

export const TOKEN_ADVICE = 'make one with: openssl rand -hex 32 (then --token "$TOKEN" or CAIRN_TOKEN=$TOKEN)';

/** Why the token is too weak, or null when it will do. */
export function tokenWeakness(token: string): string | null {
  if (token.trim() === '') return `the bearer token is ${token.length === 0 ? 'empty' : 'only whitespace'}`;
  if (/\s/.test(token)) return 'the bearer token holds whitespace';
  if (token.length < MIN_TOKEN_LENGTH) return `the bearer token is ${token.length} characters long; at least ${MIN_TOKEN_LENGTH} are needed`;
  const distinct = new Set(token).size;
  if (distinct < MIN_DISTINCT_CHARACTERS) return `the bearer token has only ${distinct} distinct character${distinct === 1 ? '' : 's'}; at least ${MIN_DISTINCT_CHARACTERS} are needed`;
  return null;
}
