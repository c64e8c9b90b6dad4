import { describe, expect, it } from 'vitest';
import { extractAnchors } from '../../search/query/anchors.js';
import { parseIssueText } from '../../search/query/issue-text.js';
import { classifyTaskType, type TaskType } from './task-type.js';

function typeOf(text: string): TaskType {
  const issue = parseIssueText(text);
  const anchors = extractAnchors(issue);
  return classifyTaskType(issue, { frames: anchors.frames.length, errorTypes: anchors.errorTypes.length }).type;
}

describe('classifyTaskType', () => {
  it.each<[string, TaskType]>([
    ['Cart.total crashes when the discount code is lowercase', 'bug_fix'],
    ['Wrong total\nThe cart shows the wrong amount after a discount.', 'bug_fix'],
    ['Add support for gift cards at checkout', 'feature'],
    ['Refactor the payment gateway to simplify retries', 'refactor'],
    ['Add tests for Cart.total with discounts', 'test'],
    ['Fix typo in the payments documentation', 'docs'],
    ['How do I apply two discount codes to one cart?', 'question'],
    ['Checkout page\nIt would be nice to show the tax separately.', 'feature'],
  ])('%s → %s', (text, expected) => {
    expect(typeOf(text)).toBe(expected);
  });

  it('treats a pasted traceback as a bug report even without bug words', () => {
    const text = [
      'charge() and the cart',
      '```',
      'Traceback (most recent call last):',
      '  File "shop/payments/gateway.py", line 15, in charge',
      'PaymentError: nothing to charge',
      '```',
    ].join('\n');
    expect(typeOf(text)).toBe('bug_fix');
  });

  it('says which cues decided, strongest type first', () => {
    const issue = parseIssueText('Refactor cart totals\nThe code is hard to follow; simplify it.');
    const result = classifyTaskType(issue, { frames: 0, errorTypes: 0 });
    expect(result.type).toBe('refactor');
    expect(result.evidence[0]).toBe('refactor ← title: refactor');
    expect(result.evidence).toContain('refactor ← body: simplify');
    expect(result.scores.refactor).toBeGreaterThan(result.scores.feature);
  });

  it('falls back to feature when nothing matches', () => {
    expect(typeOf('Shipping rates per country')).toBe('feature');
  });
});
