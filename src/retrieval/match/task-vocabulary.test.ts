import { describe, expect, it } from 'vitest';
import { fromWords } from '../../search/query/english.js';
import { parseIssueText } from '../../search/query/issue-text.js';
import type { TermStats } from '../../store/curated.js';
import { specificity, taskVocabulary, tokenOf } from './task-vocabulary.js';

const ENGLISH = fromWords(['the', 'cart', 'empty', 'charging', 'crashes', 'match', 'tags']);

function stats(documentFrequency: Record<string, number>): (target: 'symbol' | 'file', tokens: string[]) => TermStats {
  return () => ({ documents: 1000, documentFrequency: new Map(Object.entries(documentFrequency)) });
}

describe('taskVocabulary', () => {
  it('weighs each word by where it is written, marks words written as code, and ranks plain ones in English', () => {
    const words = taskVocabulary(parseIssueText('Charging an empty cart crashes with PaymentError\n\nsee `Basket.total`'), ENGLISH, stats({ empti: 3 }));
    const byWord = new Map(words.map((word) => [word.word, word]));
    expect(byWord.get('PaymentError')).toMatchObject({ token: 'paymenterror', codeLike: true, englishRank: null, df: 0, specificity: 1 });
    expect(byWord.get('cart')).toMatchObject({ codeLike: false, englishRank: 2, emphasis: 3 });
    expect(byWord.get('Basket')).toMatchObject({ token: 'basket', codeLike: true, emphasis: 3 }); // inline code, and the prose around it
    expect(byWord.get('total')).toMatchObject({ codeLike: true, emphasis: 3 });
    expect(byWord.get('empty')!.specificity).toBeGreaterThan(0.8);
  });

  it('drops the kind of a conventional commit (fix, feat, chore) but keeps its scope; ids and versions are no words', () => {
    const words = taskVocabulary(parseIssueText('fix(etag): match tags 0ec7f71 for ts7'), ENGLISH, stats({}));
    expect(words.map((word) => word.word).sort()).toEqual(['etag', 'match', 'tags']);
  });
});

describe('specificity', () => {
  it('is the inverse document frequency on a 0–1 scale, and 1 for a word the index lacks', () => {
    expect(specificity(0, 1000)).toBe(1);
    expect(specificity(1, 1000)).toBeGreaterThan(specificity(100, 1000));
    expect(specificity(1000, 1000)).toBeCloseTo(0, 3);
  });
});

describe('tokenOf', () => {
  it('looks a plain word up by its stem and an identifier whole', () => {
    expect(tokenOf('charging')).toBe('charg');
    expect(tokenOf('SESSION_COOKIE_DOMAIN')).toBe('session_cookie_domain');
    expect(tokenOf('setCookie')).toBe('setcookie');
  });
});
