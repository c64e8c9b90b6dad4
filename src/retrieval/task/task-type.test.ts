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

  it('bug report with a traceback is typed bug fix, not feature (feature words around the trace do not outvote it)', () => {
    const text = [
      'Nested blueprint registration with a new url_prefix',
      '',
      'When I register a new blueprint inside another one and add a url_prefix, every request fails:',
      '',
      'Traceback (most recent call last):',
      '  File "/home/me/venv/lib/python3.12/site-packages/flask/app.py", line 1511, in wsgi_app',
      '    response = self.full_dispatch_request()',
      '  File "/home/me/venv/lib/python3.12/site-packages/flask/sansio/blueprints.py", line 420, in add_url_rule',
      '    raise ValueError("\'name\' may not contain a dot \'.\' character.")',
      "ValueError: 'name' may not contain a dot '.' character.",
      '',
      'It would be nice to support a new option to allow this request.',
    ].join('\n');
    const issue = parseIssueText(text);
    const result = classifyTaskType(issue, { frames: extractAnchors(issue).frames.length, errorTypes: 1 });
    expect(result.type).toBe('bug_fix');
    expect(result.evidence[0]).toBe('bug_fix ← stack trace');
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
