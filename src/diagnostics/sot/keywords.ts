// The classic keyword method, kept as it is defined: the words of more than four
// characters in the error message and the root cause, and a file's score is how often they
// occur in it (case-insensitive). It is the floor cairn's ranking is measured against, and
// one of the signals cairn's ranking fuses.

const WORD = /[\p{L}\p{N}_]+/gu;
const MIN_WORD_CHARS = 5;

export function classicKeywords(errorMessage: string, rootCause: string): string[] {
  const seen = new Set<string>();
  for (const match of `${errorMessage}\n${rootCause}`.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if ([...word].length >= MIN_WORD_CHARS) seen.add(word);
  }
  return [...seen];
}

/** Occurrences of the keywords in the text, case-insensitive (substrings, as the classic method counts). */
export function keywordCount(text: string, keywords: readonly string[]): number {
  if (keywords.length === 0) return 0;
  const lower = text.toLowerCase();
  let count = 0;
  for (const keyword of keywords) {
    for (let at = lower.indexOf(keyword); at >= 0; at = lower.indexOf(keyword, at + keyword.length)) count += 1;
  }
  return count;
}
