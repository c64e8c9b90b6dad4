// Which of a task's terms may count as naming a definition. A plain English word of the
// task ("returns the input unchanged") is a word, not a name: that a helper happens to be
// called `unchanged` says nothing about it being the code to change. A term counts as a
// name when the task writes it as code — in backticks or a code block, as a call `name(`,
// as a dotted, snake_case or mixed-case identifier — or when it is no English word at all
// (not among the 40,000 most frequent of spoken English: "teardown", "sympify").

import { expandWord } from '../../core/tokens.js';
import { looksLikeCode } from '../../search/query/anchors.js';
import type { EnglishWords } from '../../search/query/english.js';
import type { IssueText } from '../../search/query/issue-text.js';

const WORD = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\s*\()?/g;

/** The tokens (as the index holds them) of the task's words that may name a definition. */
export function nameTerms(issue: IssueText, english: EnglishWords): Set<string> {
  const names = new Set<string>();
  const add = (text: string, inCode: boolean): void => {
    for (const match of text.matchAll(WORD)) {
      const word = match[0].replace(/\s*\($/, '');
      const named = inCode || match[1] !== undefined || looksLikeCode(word) || english.rank(word) === null;
      if (named) for (const token of expandWord(word)) names.add(token);
    }
  };
  add(issue.title, false);
  add(issue.prose, false);
  for (const code of issue.inlineCode) add(code, true);
  for (const block of issue.codeBlocks) add(block, true);
  return names;
}
