// Code fences that cannot be closed early: a fence is one backtick longer than the longest
// backtick run in the text (at least three), so no line of the text can end the block.

export function longestBacktickRun(text: string): number {
  let longest = 0;
  let current = 0;
  for (let i = 0; i < text.length; i++) {
    current = text.charCodeAt(i) === 96 ? current + 1 : 0;
    if (current > longest) longest = current;
  }
  return longest;
}

export function fenceFor(text: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
}

/** Language names as fence info strings; 'other' has no useful tag. */
export function fenceLanguage(language: string): string {
  return language === 'other' ? 'text' : language;
}

/** The fenced block: opening fence with language, the text verbatim, closing fence. */
export function fencedBlock(text: string, language: string): string {
  const fence = fenceFor(text);
  return `${fence}${fenceLanguage(language)}\n${text}\n${fence}\n`;
}
