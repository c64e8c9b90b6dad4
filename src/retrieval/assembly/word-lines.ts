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
      this.ids.set(word, id);
      this.words.push(word);
      this.expansions.push(expandWord(word));
    }
    return id;
  }

  /** How many code tokens the word expands to. */
  tokens(id: number): number {
    return this.expansions[id]!.length;
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

function split(text: string): WordLines {
  const ids: number[] = [];
  const lineStarts: number[] = [0];
  const hash = new Int32Array(1);
  let lineEnd = text.indexOf('\n');
  for (let at = nextWordStart(text, 0, text.length); at < text.length; at = nextWordStart(text, at, text.length)) {
    // Words never span lines: close every line that ends before this word.
    while (lineEnd !== -1 && lineEnd < at) {
      lineStarts.push(ids.length);
      lineEnd = text.indexOf('\n', lineEnd + 1);
    }
    const end = scanWord(text, at, hash);
    ids.push(VOCABULARY.idAt(text, at, end, hash[0]!));
    at = end;
  }
  while (lineEnd !== -1) {
    lineStarts.push(ids.length);
    lineEnd = text.indexOf('\n', lineEnd + 1);
  }
  lineStarts.push(ids.length);
  const lineLengths = new Uint32Array(lineStarts.length - 1);
  for (let line = 0; line < lineLengths.length; line++) {
    for (let at = lineStarts[line]!; at < lineStarts[line + 1]!; at++) lineLengths[line]! += VOCABULARY.tokens(ids[at]!);
  }
  return { ids: Int32Array.from(ids), lineStarts: Uint32Array.from(lineStarts), lineLengths, generation: VOCABULARY.generation };
}
