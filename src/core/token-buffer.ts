// A growable byte buffer in which search text is assembled, each token preceded by a space.
// Tokens are ASCII by construction (lowercased [a-z0-9_.] words and their Porter stems),
// so one byte per character holds them, and the finished text is read out with one
// latin1 copy: far cheaper than joining millions of small strings or flattening a rope.

const SPACE = 0x20;
const DOLLAR = 0x24;
const UNDERSCORE = 0x5f;
const UPPER_A = 0x41;
const UPPER_Z = 0x5a;
const TO_LOWER = 0x20;

export class TokenBuffer {
  bytes: Uint8Array;
  length = 0;
  private view: Buffer;

  constructor(initialBytes = 64 * 1024) {
    this.bytes = new Uint8Array(initialBytes);
    this.view = Buffer.from(this.bytes.buffer, 0, initialBytes);
  }

  /** Makes room for `extra` more bytes; `bytes` may be replaced, so read it after this. */
  reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < needed) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = Buffer.from(grown.buffer, 0, size);
  }

  /** Appends source[start, end): already spaced tokens. */
  append(source: Uint8Array, start: number, end: number): void {
    this.reserve(end - start);
    const bytes = this.bytes;
    let length = this.length;
    // Most pieces are a few bytes long: a plain loop beats the call into TypedArray#set.
    for (let at = start; at < end; at++) bytes[length++] = source[at]!;
    this.length = length;
  }

  /** Appends one token, source[start, end), with its space. */
  appendToken(source: Uint8Array, start: number, end: number): void {
    this.reserve(1);
    this.bytes[this.length++] = SPACE;
    this.append(source, start, end);
  }

  /** Appends tokens (ASCII strings), each with its space. */
  appendTokens(tokens: readonly string[]): void {
    for (const token of tokens) {
      this.reserve(token.length + 1);
      this.bytes[this.length++] = SPACE;
      for (let at = 0; at < token.length; at++) this.bytes[this.length++] = token.charCodeAt(at);
    }
  }

  /** Appends the word text[start, end) (ASCII) as one token: lowercased, "$" written "_" (tokens.ts lowerWhole). */
  appendLowerWhole(text: string, start: number, end: number): void {
    this.reserve(end - start + 1);
    this.bytes[this.length++] = SPACE;
    for (let at = start; at < end; at++) {
      const code = text.charCodeAt(at);
      const lower = code >= UPPER_A && code <= UPPER_Z ? code + TO_LOWER : code;
      this.bytes[this.length++] = lower === DOLLAR ? UNDERSCORE : lower;
    }
  }

  /** Whether one of the tokens written so far is source[start, end). */
  hasToken(source: Uint8Array, start: number, end: number): boolean {
    const length = end - start;
    for (let tokenStart = 1; tokenStart < this.length; ) {
      let tokenEnd = tokenStart;
      while (tokenEnd < this.length && this.bytes[tokenEnd] !== SPACE) tokenEnd++;
      if (tokenEnd - tokenStart === length && this.sameBytes(tokenStart, source, start, length)) return true;
      tokenStart = tokenEnd + 1;
    }
    return false;
  }

  /**
   * The text written since `start`: its tokens joined by single spaces (the space before
   * the first one is left out).
   */
  textSince(start: number): string {
    return this.length - start <= 1 ? '' : this.view.toString('latin1', start + 1, this.length);
  }

  private sameBytes(at: number, source: Uint8Array, start: number, length: number): boolean {
    for (let offset = 0; offset < length; offset++) {
      if (this.bytes[at + offset] !== source[start + offset]) return false;
    }
    return true;
  }
}
