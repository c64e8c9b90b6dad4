// A package's sections, in the order they claim the budget — primary (the code to change),
// supporting (its context: callers, callees, tests, other files), historical (recent
// commits, assembly/history.ts), supplementary (docs and other non-code files) — and the
// shares of the budget a caller may ask for them. A share is what the section is sure to
// get (if its items want it); what a section leaves unused flows to the sections after it,
// and what no share claims goes, at the end, to the items still waiting in priority order:
// budget is never left idle while an item waits. Without shares the fit is unchanged.

import { UsageError } from '../../core/errors.js';

export const SECTIONS = ['primary', 'supporting', 'historical', 'supplementary'] as const;
export type Section = (typeof SECTIONS)[number];
/** Sections made of items (the historical one is a list of commits, bounded before the fit). */
export type ItemSection = Exclude<Section, 'historical'>;

/** Shares of the available budget by section, each 0..1, summing to at most 1; a section left out gets no share. */
export type SectionShares = Partial<Record<Section, number>>;

const EXAMPLE = 'primary=0.6,supporting=0.25,historical=0.05,supplementary=0.1';

/** Parses "primary=0.6,supporting=0.25,…" (the CLI's `--section-shares`). */
export function parseSectionShares(text: string, input = '--section-shares'): SectionShares {
  const shares: Record<string, number> = {};
  for (const part of text.split(',')) {
    const match = /^\s*([a-z]+)\s*=\s*([0-9]*\.?[0-9]+)\s*$/.exec(part);
    if (match === null) throw sharesError(input, `"${part.trim()}" is not section=share`);
    if (match[1]! in shares) throw sharesError(input, `${match[1]} is given twice`);
    shares[match[1]!] = Number(match[2]);
  }
  return checkSectionShares(shares, input);
}

/** Checks shares given as an object (HTTP `section_shares`, MCP `section_shares`): known sections, each 0..1, sum ≤ 1. */
export function checkSectionShares(shares: Readonly<Record<string, unknown>>, input = 'section_shares'): SectionShares {
  const checked: SectionShares = {};
  for (const [name, value] of Object.entries(shares)) {
    if (!(SECTIONS as readonly string[]).includes(name)) throw sharesError(input, `unknown section "${name}"`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) throw sharesError(input, `${name} must be a number from 0 to 1`);
    checked[name as Section] = value;
  }
  const sum = Object.values(checked).reduce((total, share) => total + share, 0);
  // A little slack for decimal fractions that add up to 1 (0.6 + 0.25 + 0.05 + 0.1).
  if (sum > 1 + 1e-9) throw sharesError(input, `the shares sum to ${Math.round(sum * 1000) / 1000}, more than 1`);
  return checked;
}

function sharesError(input: string, problem: string): UsageError {
  return new UsageError(`${input}: ${problem}`, { hint: `give shares of the budget from 0 to 1 summing to at most 1, e.g. ${EXAMPLE} (sections: ${SECTIONS.join(', ')})` });
}

/** Tokens each item section may take at most, cumulatively in section order, within `capacity`. */
export interface SectionLimits {
  primary: number;
  supporting: number;
  supplementary: number;
}

/**
 * The cumulative limits of the item sections for a capacity (the tokens left for items):
 * a section takes at most its share plus what the sections before it left, and never what
 * the shares of the sections after it reserve. `historyLeft`: the tokens of its share the
 * historical section did not use (they flow on to the supplementary section).
 */
export function sectionLimits(shares: SectionShares, available: number, capacity: number, historyLeft: number): SectionLimits {
  const tokens = (section: Section): number => (shares[section] ?? 0) * available;
  const clamp = (value: number): number => Math.max(0, Math.min(capacity, Math.floor(value)));
  return {
    primary: clamp(Math.min(tokens('primary'), capacity - tokens('supporting') - tokens('supplementary'))),
    supporting: clamp(Math.min(tokens('primary') + tokens('supporting'), capacity - tokens('supplementary'))),
    supplementary: clamp(tokens('primary') + tokens('supporting') + tokens('supplementary') + historyLeft),
  };
}
