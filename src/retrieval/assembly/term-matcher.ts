// Counting a task's terms in code, fast: a file's words come split and expanded into code
// tokens (identifier whole and split, stemmed — as the full-text index does) from a
// process-wide cache (word-lines.ts); a matcher keeps, per word, the task terms it yields,
// and per file of the run its counts by line. Scoring the definitions of a dozen files and
// choosing excerpts then costs a lookup per word, not a stemmer call.

import { expandWord, nextWordStart, scanWord } from '../../core/tokens.js';
import { VOCABULARY, wordLines } from './word-lines.js';

interface WordEntry {
  /** How many code tokens the word expands to (a document's length counts them all). */
  tokens: number;
  /** Slots of the task terms among them. */
  slots: readonly number[];
}

/** Term counts of one text: `length` code tokens in all, `tf[slot]` of each task term. */
export interface TermCounts {
  length: number;
  tf: Float64Array;
}

/** Per line of a text: its code token count, and the slots of the task terms on it (null for none). */
export interface LineTerms {
  lengths: Uint32Array;
  hits: (number[] | null)[];
}

export class TermMatcher {
  readonly terms: readonly string[];
  readonly weights: Float64Array;
  private readonly slots: ReadonlyMap<string, number>;
  private readonly words = new Map<string, WordEntry>();
  /** Texts counted by line in this run, by key, and their line weights. */
  private readonly texts = new Map<string, LineTerms>();
  private readonly weightsByText = new Map<string, Float64Array>();
  /**
   * Per vocabulary id (word-lines.ts): 0 not looked at yet, -1 no task term, k > 0 the task
   * terms are slotLists[k - 1]. Most words of code hold no task term: one array read each.
   */
  private state = new Int32Array(0);
  private readonly slotLists: number[][] = [];
  private generation = VOCABULARY.generation;
  private readonly hash = new Int32Array(1);

  constructor(weights: ReadonlyMap<string, number>) {
    this.terms = [...weights.keys()];
    this.weights = Float64Array.from(this.terms, (term) => weights.get(term)!);
    this.slots = new Map(this.terms.map((term, slot) => [term, slot]));
  }

  get size(): number {
    return this.terms.length;
  }

  /**
   * Counts per line, for texts whose parts (definitions, windows) are scored line by line;
   * `key` names the text's content (path and hash), so its words are split once per process.
   */
  lines(key: string, text: string): LineTerms {
    let known = this.texts.get(key);
    if (known === undefined) {
      known = this.countLines(key, text);
      this.texts.set(key, known);
    }
    return known;
  }

  /** Per line of a text (as `lines`), the summed weight of the distinct task terms on it. */
  lineWeights(key: string, text: string): Float64Array {
    let known = this.weightsByText.get(key);
    if (known === undefined) {
      const { hits } = this.lines(key, text);
      known = Float64Array.from(hits, (slots) => (slots === null ? 0 : this.distinctWeight(slots)));
      this.weightsByText.set(key, known);
    }
    return known;
  }

  private distinctWeight(slots: readonly number[]): number {
    let weight = 0;
    slots.forEach((slot, index) => {
      if (slots.indexOf(slot) === index) weight += this.weights[slot]!;
    });
    return weight;
  }

  private countLines(key: string, text: string): LineTerms {
    const { ids, lineStarts, lineLengths } = wordLines(key, text);
    if (this.generation !== VOCABULARY.generation) {
      this.state = new Int32Array(0);
      this.slotLists.length = 0;
      this.generation = VOCABULARY.generation;
    }
    if (this.state.length < VOCABULARY.size) {
      const grown = new Int32Array(Math.max(VOCABULARY.size, this.state.length * 2));
      grown.set(this.state);
      this.state = grown;
    }
    const count = lineStarts.length - 1;
    const hits: (number[] | null)[] = new Array(count).fill(null);
    for (let line = 0; line < count; line++) {
      let found: number[] | null = null;
      for (let at = lineStarts[line]!; at < lineStarts[line + 1]!; at++) {
        const slots = this.slotsOf(ids[at]!);
        if (slots !== null) (found ??= []).push(...slots);
      }
      hits[line] = found;
    }
    return { lengths: lineLengths, hits };
  }

  private slotsOf(id: number): number[] | null {
    let state = this.state[id]!;
    if (state === 0) {
      const { slots } = this.entryOf(VOCABULARY.expansion(id));
      if (slots.length === 0) state = -1;
      else {
        this.slotLists.push([...slots]);
        state = this.slotLists.length;
      }
      this.state[id] = state;
    }
    return state < 0 ? null : this.slotLists[state - 1]!;
  }

  /** The summed counts of some lines (1-based numbers) of a text counted by `lines`. */
  sum(text: LineTerms, lineNumbers: Iterable<number>): TermCounts {
    const tf = new Float64Array(this.terms.length);
    let length = 0;
    for (const line of lineNumbers) {
      length += text.lengths[line - 1] ?? 0;
      for (const slot of text.hits[line - 1] ?? []) tf[slot]! += 1;
    }
    return { length, tf };
  }

  /** The summed weight of the distinct task terms in `text` (one line, say). */
  weightOf(text: string): number {
    let seen: Set<number> | null = null;
    let weight = 0;
    this.eachWord(text, (entry) => {
      for (const slot of entry.slots) {
        seen ??= new Set();
        if (seen.has(slot)) continue;
        seen.add(slot);
        weight += this.weights[slot]!;
      }
    });
    return weight;
  }

  private eachWord(text: string, visit: (entry: WordEntry) => void): void {
    for (let at = nextWordStart(text, 0, text.length); at < text.length; at = nextWordStart(text, at, text.length)) {
      const end = scanWord(text, at, this.hash);
      visit(this.entry(text.slice(at, end)));
      at = end;
    }
  }

  private entry(word: string): WordEntry {
    let entry = this.words.get(word);
    if (entry === undefined) {
      entry = this.entryOf(expandWord(word));
      this.words.set(word, entry);
    }
    return entry;
  }

  private entryOf(tokens: readonly string[]): WordEntry {
    const slots: number[] = [];
    for (const token of tokens) {
      const slot = this.slots.get(token);
      if (slot !== undefined) slots.push(slot);
    }
    return { tokens: tokens.length, slots };
  }
}

const MATCHERS = new WeakMap<object, TermMatcher>();

/**
 * The matcher of a task's weighted terms (a term listed twice keeps its larger weight),
 * one per task analysis, so that the stages and the assembly of a run share its memo.
 */
export function matcherFor(task: { terms: readonly { term: string; weight: number }[] }): TermMatcher {
  let matcher = MATCHERS.get(task);
  if (matcher === undefined) {
    const weights = new Map<string, number>();
    for (const { term, weight } of task.terms) weights.set(term, Math.max(weights.get(term) ?? 0, weight));
    matcher = new TermMatcher(weights);
    MATCHERS.set(task, matcher);
  }
  return matcher;
}

const NAME_MATCHERS = new WeakMap<object, TermMatcher>();

/** The matcher of those of the task's terms that may count as naming a definition (TaskQuery.nameTerms). */
export function nameMatcherFor(task: { terms: readonly { term: string; weight: number }[]; nameTerms: readonly string[] }): TermMatcher {
  let matcher = NAME_MATCHERS.get(task);
  if (matcher === undefined) {
    const names = new Set(task.nameTerms);
    matcher = matcherFor({ terms: task.terms.filter((entry) => names.has(entry.term)) });
    NAME_MATCHERS.set(task, matcher);
  }
  return matcher;
}

/** Names a file's content for the counts by line: its path and hash. */
export function textKey(record: { path: string; hash: string }): string {
  return `${record.path}\u0000${record.hash}`;
}
