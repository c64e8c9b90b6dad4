// A file's words as ids, line by line, kept across runs: a server scores the same files
// for many tasks, and splitting code into words is most of what scoring costs. Each
// distinct word gets an id in a process-wide vocabulary with its expansion into code
// tokens (identifier whole and split, stemmed — as the full-text index does); a task then
// only looks up which of its terms each id yields. Bounded: the cache forgets the oldest
// files past a total word count, the vocabulary starts over past a size.

import { expandWord, nextWordStart, scanWord } from '../../core/tokens.js';

export interface WordLines {
  /** Word ids of the text, in order. */
  ids: Int32Array;
  /** ids[lineStarts[i] .. lineStarts[i + 1]) are the words of line i (0-based); one more entry than lines. */
  lineStarts: Uint32Array;
  /** Code tokens on each line (the words' expansions), whatever the task. */
  lineLengths: Uint32Array;
  /** The vocabulary generation the ids belong to. */
  generation: number;
}

const MAX_CACHED_WORDS = 8_000_000;
const MAX_VOCABULARY = 1_000_000;

class Vocabulary {
  generation = 0;
  private readonly ids = new Map<string, number>();
  /** The last word seen with each hash (scanWord's), checked in place: most lookups end here, without a string. */
  private readonly byHash = new Map<number, number>();
  private words: string[] = [];
  private expansions: string[][] = [];
  /** Token count of each id's expansion, as bytes (an expansion holds a handful of tokens). */
  private tokenCounts = new Uint8Array(1 << 14);

  /** The id of the word text[start, end), whose hash scanWord gave. */
  idAt(text: string, start: number, end: number, hash: number): number {
    const known = this.byHash.get(hash);
    if (known !== undefined) {
      const word = this.words[known]!;
      if (word.length === end - start && text.startsWith(word, start)) return known;
    }
    const id = this.id(text.slice(start, end));
    this.byHash.set(hash, id);
    return id;
  }

  id(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.expansions.length;
      const expansion = expandWord(word);
      this.ids.set(word, id);
      this.words.push(word);
      this.expansions.push(expansion);
      if (id >= this.tokenCounts.length) {
        const grown = new Uint8Array(this.tokenCounts.length * 2);
        grown.set(this.tokenCounts);
        this.tokenCounts = grown;
      }
      this.tokenCounts[id] = Math.min(255, expansion.length);
    }
    return id;
  }

  /** How many code tokens the word expands to. */
  tokens(id: number): number {
    return this.tokenCounts[id]!;
  }

  expansion(id: number): readonly string[] {
    return this.expansions[id]!;
  }

  get size(): number {
    return this.expansions.length;
  }

  reset(): void {
    this.ids.clear();
    this.byHash.clear();
    this.words = [];
    this.expansions = [];
    this.generation += 1;
  }
}

export const VOCABULARY = new Vocabulary();
const CACHE = new Map<string, WordLines>();
let cachedWords = 0;

/** The words of `text` as ids, by line; `key` names the text's content (path and hash). */
export function wordLines(key: string, text: string): WordLines {
  const known = CACHE.get(key);
  if (known !== undefined && known.generation === VOCABULARY.generation) return known;
  if (VOCABULARY.size > MAX_VOCABULARY) {
    VOCABULARY.reset();
    CACHE.clear();
    cachedWords = 0;
  }
  const made = split(text);
  while (cachedWords + made.ids.length > MAX_CACHED_WORDS && CACHE.size > 0) {
    const [oldest, entry] = CACHE.entries().next().value as [string, WordLines];
    CACHE.delete(oldest);
    cachedWords -= entry.ids.length;
  }
  CACHE.set(key, made);
  cachedWords += made.ids.length;
  return made;
}

/** Scratch buffers of split, grown as needed: a word takes two characters at least, a line one. */
let scratchIds = new Int32Array(1 << 16);
let scratchStarts = new Uint32Array(1 << 14);
let scratchLengths = new Uint32Array(1 << 14);

function split(text: string): WordLines {
  const maxWords = (text.length >> 1) + 1;
  const maxLines = text.length + 2;
  if (scratchIds.length < maxWords) scratchIds = new Int32Array(maxWords);
  if (scratchStarts.length < maxLines) {
    scratchStarts = new Uint32Array(maxLines);
    scratchLengths = new Uint32Array(maxLines);
  }
  const ids = scratchIds;
  const starts = scratchStarts;
  const lengths = scratchLengths;
  const hash = new Int32Array(1);
  let words = 0;
  let lines = 0;
  let length = 0;
  starts[0] = 0;
  let lineEnd = text.indexOf('\n');
  for (let at = nextWordStart(text, 0, text.length); at < text.length; at = nextWordStart(text, at, text.length)) {
    // Words never span lines: close every line that ends before this word.
    while (lineEnd !== -1 && lineEnd < at) {
      lengths[lines] = length;
      length = 0;
      starts[++lines] = words;
      lineEnd = text.indexOf('\n', lineEnd + 1);
    }
    const end = scanWord(text, at, hash);
    const id = VOCABULARY.idAt(text, at, end, hash[0]!);
    ids[words++] = id;
    length += VOCABULARY.tokens(id);
    at = end;
  }
  while (lineEnd !== -1) {
    lengths[lines] = length;
    length = 0;
    starts[++lines] = words;
    lineEnd = text.indexOf('\n', lineEnd + 1);
  }
  lengths[lines] = length;
  starts[++lines] = words;
  return { ids: ids.slice(0, words), lineStarts: starts.slice(0, lines + 1), lineLengths: lengths.slice(0, lines), generation: VOCABULARY.generation };
}
