// Per-section shares of the budget: what a caller may ask (checked, one-line errors), the
// limits they set, and the fit under them — a share is what its section is sure to get,
// what a section leaves flows on, and budget is never left idle while an item waits.

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../core/errors.js';
import { thrownBy } from '../../../test/support/thrown.js';
import { createO200kCounter } from '../../tokenizer/tokens.js';
import { allocate, type Allocation } from './allocate.js';
import { candidate, lengthCostModel, type CandidateSpec } from './candidates.fixture.js';
import { fitToBudget } from './fit.js';
import { prioritize } from './order.js';
import { checkSectionShares, parseSectionShares, sectionLimits, type ItemSection, type SectionShares } from './section-shares.js';

const x = (n: number): string => 'x'.repeat(n);

/** Candidates with their sections: "p…" primary, "s…" supporting, "d…" supplementary. */
function run(specs: CandidateSpec[], capacity: number, shares?: SectionShares): Allocation {
  const { slots } = prioritize(specs.map(candidate));
  const sectionOf = (path: string): ItemSection => (path.startsWith('p') ? 'primary' : path.startsWith('d') ? 'supplementary' : 'supporting');
  const plan = shares ? { sectionOf: (slot: (typeof slots)[number]) => sectionOf(slot.item.path), limits: (cap: number) => sectionLimits(shares, capacity, cap, 0) } : undefined;
  return allocate(slots, [], lengthCostModel(), capacity, plan);
}

const shown = (allocation: Allocation): string[] => allocation.placed.map(({ slot, detail }) => `${slot.identity}=${detail}`);

// Costs (lengthCostModel): 1 + the text's length.
const CODE_AND_DOC: CandidateSpec[] = [
  { path: 'p1.py', symbol: 'f', score: 2, full: x(40) },
  { path: 'p2.py', symbol: 'g', score: 1.9, full: x(40) },
  { path: 's1.py', symbol: 'h', score: 0.8, full: x(15) },
  { path: 'd1.md', score: 0.3, full: x(30), signature: null },
];

describe('section shares: asking', () => {
  it('parses the CLI form and checks the object form', () => {
    expect(parseSectionShares('primary=0.6,supporting=0.25,historical=0.05,supplementary=0.1')).toEqual({ primary: 0.6, supporting: 0.25, historical: 0.05, supplementary: 0.1 });
    expect(parseSectionShares(' primary = .5 ')).toEqual({ primary: 0.5 });
    expect(checkSectionShares({ supplementary: 1 })).toEqual({ supplementary: 1 });
  });

  it.each([
    ['primary=1.2', /^--section-shares: "primary=1.2" is not section=share|^--section-shares: primary must be a number from 0 to 1/],
    ['primary=0.7,supporting=0.5', /^--section-shares: the shares sum to 1.2, more than 1$/],
    ['code=0.5', /^--section-shares: unknown section "code"$/],
    ['primary', /^--section-shares: "primary" is not section=share$/],
    ['primary=0.5,primary=0.2', /^--section-shares: primary is given twice$/],
    ['primary=-0.1', /^--section-shares: "primary=-0.1" is not section=share$/],
  ])('refuses %s with a one-line usage error that says what to give', (text, message) => {
    const error = thrownBy(() => parseSectionShares(text));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toMatch(message);
    expect((error as UsageError).message).not.toContain('\n');
    expect((error as UsageError).hint).toContain('primary=0.6,supporting=0.25,historical=0.05,supplementary=0.1');
  });

  it('refuses a share outside 0..1 or not a number in the object form', () => {
    expect((thrownBy(() => checkSectionShares({ primary: 1.5 })) as UsageError).message).toBe('section_shares: primary must be a number from 0 to 1');
    expect((thrownBy(() => checkSectionShares({ primary: '0.5' })) as UsageError).message).toBe('section_shares: primary must be a number from 0 to 1');
  });
});

describe('section shares: the fit', () => {
  it('without shares, code first as ever: the doc gets a path line', () => {
    expect(shown(run(CODE_AND_DOC, 100))).toEqual(['p1.py::f=full', 'p2.py::g=full', 's1.py::h=full', 'd1.md=path']);
  });

  it("honours the shares: the primary section keeps within its share, the doc's share holds its text", () => {
    const result = run(CODE_AND_DOC, 100, { primary: 0.5, supporting: 0.2, supplementary: 0.3 });
    expect(shown(result)).toEqual(['p1.py::f=full', 's1.py::h=full', 'd1.md=full']);
    expect(result.evicted.map((record) => record.symbolKey)).toEqual(['p2.py::g']);
    expect(result.estimate).toBeLessThanOrEqual(100);
  });

  it('gives what no share claims, and what a section leaves, to the items still waiting', () => {
    // primary takes 41 of its 60; supporting has nothing; the doc (51) exceeds its own 10 + what flowed to it,
    // but the 30 % no share claims is never left idle while it waits.
    const result = run([CODE_AND_DOC[0]!, { path: 'd1.md', score: 0.3, full: x(50), signature: null }], 100, { primary: 0.6, supplementary: 0.1 });
    expect(shown(result)).toEqual(['p1.py::f=full', 'd1.md=full']);
  });

  it('passes what a section leaves on to the next', () => {
    // primary (30) uses 11: supporting may take 60 in all, so s1 (45) is placed before the docs claim theirs;
    // were the shares not cumulative, s1 would wait and the two docs would take the budget.
    const specs: CandidateSpec[] = [
      { path: 'p1.py', symbol: 'f', score: 2, full: x(10) },
      { path: 's1.py', symbol: 'h', score: 0.8, full: x(44) },
      { path: 'd1.md', score: 0.3, full: x(40), signature: null },
      { path: 'd2.md', score: 0.2, full: x(40), signature: null },
    ];
    const result = run(specs, 100, { primary: 0.3, supporting: 0.3, supplementary: 0.4 });
    expect(shown(result).filter((entry) => entry.endsWith('=full'))).toEqual(['p1.py::f=full', 's1.py::h=full', 'd1.md=full']);
  });

  it('limits accumulate in section order and reserve the later shares', () => {
    expect(sectionLimits({ primary: 0.5, supporting: 0.2, supplementary: 0.3 }, 1000, 900, 0)).toEqual({ primary: 400, supporting: 600, supplementary: 900 });
    expect(sectionLimits({ primary: 0.5, historical: 0.1 }, 1000, 950, 60)).toEqual({ primary: 500, supporting: 500, supplementary: 560 });
  });

  it('keeps a real render within the budget and the doc in full under shares', () => {
    const counter = createO200kCounter();
    const code = Array.from({ length: 100 }, (_, i) => `    total_${i} = price * ${i}\n`).join('');
    const candidates = [
      candidate({ path: 'p.py', symbol: 'price', score: 2, full: `def price():\n${code}`, signature: 'def price():' }),
      candidate({ path: 'docs/pricing.md', score: 0.3, full: `# Pricing\n\n${'Discounts apply before tax. '.repeat(20)}\n`, signature: null }),
    ];
    const budget = { contextWindow: 1200, reservedTokens: 0 };
    const plain = fitToBudget(candidates, budget, counter, 'markdown');
    const shared = fitToBudget(candidates, budget, counter, 'markdown', undefined, { shares: { primary: 0.5, supplementary: 0.4 }, of: { 'p.py::price': 'primary', 'docs/pricing.md': 'supplementary' } });
    expect(plain.items.find((item) => item.path === 'docs/pricing.md')?.detail).not.toBe('full');
    expect(shared.items.find((item) => item.path === 'docs/pricing.md')?.detail).toBe('full');
    expect(shared.package.budget.used).toBeLessThanOrEqual(1200);
  });
});
