import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createO200kCounter } from '../../retrieval/budget/tokens.js';
import { fitAnswer, tokensOf, type Cut } from './cap.js';

const counter = createO200kCounter();

const listCut: Cut = {
  field: 'results',
  note: (left) => `${left} more results: lower limit`,
  text: (structured) => (structured['results'] as string[]).join('\n'),
};

describe('tokensOf', () => {
  it('counts the text and the structured content together (regression: each was held to the cap alone, so a client handing the model both got up to twice the cap)', () => {
    const answer = { structured: { results: ['src/a.py', 'src/b.py'] }, text: 'src/a.py\nsrc/b.py' };
    expect(tokensOf(counter, answer)).toBe(counter.count(answer.text) + counter.count(JSON.stringify(answer.structured)));
  });
});

describe('fitAnswer', () => {
  it('keeps an answer that fits as it is', () => {
    const structured = { results: ['a.py', 'b.py'] };
    const answer = { structured, text: 'a.py\nb.py' };
    expect(fitAnswer(counter, answer, 1000, listCut)).toBe(answer);
  });

  it('cuts the list to what fits under the cap and says how many were left out', () => {
    const rows = Array.from({ length: 400 }, (_, i) => `src/module_${i}/file_${i}.py  Klass${i}.method_${i}`);
    const structured = { results: rows };
    const fitted = fitAnswer(counter, { structured, text: rows.join('\n') }, 1000, listCut);
    expect(tokensOf(counter, fitted)).toBeLessThanOrEqual(1000);
    const kept = fitted.structured['results'] as string[];
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(rows.slice(0, kept.length));
    expect(fitted.structured['omitted']).toBe(`${400 - kept.length} more results: lower limit`);
    // The largest prefix: one more row would not fit.
    const oneMore = { ...fitted.structured, results: rows.slice(0, kept.length + 1) };
    expect(tokensOf(counter, { structured: oneMore, text: listCut.text(oneMore) })).toBeGreaterThan(1000);
  });

  it('cuts code by whole lines', () => {
    const code = Array.from({ length: 2000 }, (_, i) => `    value_${i} = compute(value_${i - 1}, ${i})`).join('\n');
    const cut: Cut = { field: 'code', note: (left, kept) => `${left} lines not shown: start_line ${kept + 1}`, text: (structured) => String(structured['code']) };
    const fitted = fitAnswer(counter, { structured: { path: 'a.py', code }, text: code }, 2000, cut);
    expect(tokensOf(counter, fitted)).toBeLessThanOrEqual(2000);
    const shown = String(fitted.structured['code']).split('\n');
    expect(code.startsWith(shown.join('\n'))).toBe(true);
    expect(fitted.structured['omitted']).toBe(`${2000 - shown.length} lines not shown: start_line ${shown.length + 1}`);
  });

  it('is never over the cap, whatever the rows and the cap', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 200 }), { maxLength: 300 }), fc.integer({ min: 50, max: 3000 }), (rows, cap) => {
        const fitted = fitAnswer(counter, { structured: { results: rows }, text: rows.join('\n') }, cap, listCut);
        expect(tokensOf(counter, fitted)).toBeLessThanOrEqual(cap);
      }),
      { numRuns: 60 },
    );
  });
});
