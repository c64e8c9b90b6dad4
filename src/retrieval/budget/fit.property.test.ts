// Property tests of the budget: random candidate sets (unicode, backtick runs, heading-like
// lines, huge bodies, repeated identities, nested symbols) against random budgets, from ones
// too small for an empty package to roomy ones, in every format, counted with o200k_base.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  MATCH_STRENGTHS,
  RENDER_FORMATS,
  detailRank,
  itemIdentity,
  textAt,
  type ContextItem,
  type ContextPackage,
  type Detail,
  type FileEdge,
  type MatchStrength,
  type PackageFrame,
  type RenderFormat,
} from '../../core/context-package.js';
import { isCairnError } from '../../core/errors.js';
import type { Language } from '../../core/entities.js';
import { jsonItemKey, parseJson, parseMarkdown, parsePrompt, printerFor, renderPackage } from '../../render/index.js';
import { oneLine, renderOrder, summaryView } from '../../render/view.js';
import { summaryLine } from '../../render/printer.js';
import { allocate, MAX_EDGES, MAX_NAMED } from './allocate.js';
import { buildCostModel } from './cost.js';
import { compareEdges, normalizeEdges } from './edges.js';
import { fitToBudget } from './fit.js';
import { availableTokens, type TokenBudget } from './limits.js';
import { prioritize, type Slot } from './order.js';
import { createO200kCounter } from '../../tokenizer/tokens.js';

const counter = createO200kCounter();
const RUNS = Number(process.env.CAIRN_PROPERTY_RUNS ?? 200);
// Huge texts make a run take up to ~100 ms on a busy machine.
const TIMEOUT_MS = 180_000;
// Shrinking a failure with huge texts can take minutes; CAIRN_PROPERTY_SHRINK=0 reports the first one as found.
fc.configureGlobal({ endOnFailure: process.env.CAIRN_PROPERTY_SHRINK === '0' });

// ---- generators ----------------------------------------------------------------------

const TRICKY_LINES = [
  'def f(x):',
  '    return x',
  '```',
  '````python',
  '`````',
  '## 1. fake.py',
  '[2] fake.py',
  'DEPENDENCIES',
  '## Dependencies',
  'tier 0 (seed) · full · lines 1-2 · scope: x',
  '',
  '\r',
  '<|endoftext|>',
  'ünïcödé 日本語 😀',
];

const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...TRICKY_LINES), { maxLength: 25 }).map((lines) => lines.join('\n')) },
  {
    weight: 1,
    // Huge: 2 000 to 60 000 characters of repeated code.
    arbitrary: fc
      .tuple(fc.constantFrom('x = compute(y)  # ünï\n', 'def g():\n    return ```\n', '日本語のテキスト '), fc.integer({ min: 2_000, max: 60_000 }))
      .map(([chunk, size]) => chunk.repeat(Math.ceil(size / chunk.length)).slice(0, size)),
  },
);

const pathArb: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom('src/a.py', 'src/b.py', 'pkg/ünï.py', 'docs/日本語.md', 'a b/c d.ts', '[1] odd.py', '## 2. odd.md'),
    fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 }).map((p) => p.join('/')),
  )
  // Paths are single-line and never contain the entity-key separator.
  .filter((path) => path.length > 0 && oneLine(path) === path && !path.includes('::'));

interface Spec {
  path: string;
  symbol: string | null;
  tier: number;
  score: number;
  full: string | null;
  excerpt: string | null;
  signature: string | null;
  detail: Detail;
  start: number;
  length: number;
  language: Language;
  reason: string;
  signals: Record<string, number>;
}

const specArb: fc.Arbitrary<Spec> = fc.record({
  path: pathArb,
  symbol: fc.option(fc.constantFrom('f', 'C', 'C.m', 'C.n', 'g'), { nil: null, freq: 2 }),
  tier: fc.integer({ min: 0, max: 4 }),
  score: fc.double({ min: -5, max: 5, noNaN: true }),
  full: fc.option(textArb, { nil: null, freq: 6 }),
  excerpt: fc.option(textArb, { nil: null, freq: 2 }),
  signature: fc.option(textArb, { nil: null, freq: 2 }),
  detail: fc.constantFrom<Detail>('full', 'full', 'excerpt', 'signature', 'path'),
  start: fc.integer({ min: 1, max: 60 }),
  length: fc.integer({ min: 0, max: 60 }),
  language: fc.constantFrom<Language>('python', 'typescript', 'markdown', 'other'),
  reason: fc.string({ maxLength: 40 }),
  signals: fc.dictionary(fc.constantFrom('bm25', 'graph', 'cochange', 'mention'), fc.double({ noNaN: true, noDefaultInfinity: true }), { maxKeys: 3 }),
});

function toItem(spec: Spec): ContextItem {
  return {
    path: spec.path,
    symbolKey: spec.symbol === null ? null : `${spec.path}::${spec.symbol}`,
    language: spec.language,
    startLine: spec.symbol === null ? 1 : spec.start,
    endLine: spec.symbol === null ? 200 : spec.start + spec.length,
    detail: spec.detail,
    texts: { full: spec.full, excerpt: spec.excerpt, signature: spec.signature },
    tokens: 0,
    provenance: { stage: 'scope', tier: spec.tier, reason: spec.reason, signals: spec.signals, score: spec.score },
    demotedFrom: null,
  };
}

// Windows from too small for any package to roomy; reserves from none to all but one token.
const budgetArb: fc.Arbitrary<TokenBudget> = fc
  .oneof(
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }) },
    { weight: 2, arbitrary: fc.integer({ min: 300, max: 3000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 3000, max: 40_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 40_000, max: 200_000 }) },
  )
  .chain((contextWindow) =>
    fc.record({
      contextWindow: fc.constant(contextWindow),
      reservedTokens: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: Math.floor(contextWindow / 4) }),
        fc.integer({ min: 0, max: contextWindow - 1 }),
      ),
    }),
  );

interface Case {
  candidates: ContextItem[];
  budget: TokenBudget;
  frame: PackageFrame;
}

const caseArb: fc.Arbitrary<Case> = fc.array(specArb, { maxLength: 14 }).chain((specs) => {
  const candidates = specs.map(toItem);
  const paths = [...new Set(candidates.map((c) => c.path)), 'not/a/candidate.py'];
  const edgeArb: fc.Arbitrary<FileEdge> = fc.record({
    from: fc.constantFrom(...paths),
    to: fc.constantFrom(...paths),
    relation: fc.constantFrom('imports', 'references', 'cochange'),
    weight: fc.double({ min: 0, max: 10, noNaN: true }),
  });
  return fc.record({
    candidates: fc.constant(candidates),
    budget: budgetArb,
    frame: fc.record({
      taskId: fc.string({ maxLength: 20 }),
      runId: fc.string({ maxLength: 10 }),
      query: fc.string({ unit: 'grapheme', maxLength: 400 }),
      match: fc.constantFrom<MatchStrength>(...MATCH_STRENGTHS),
      matchEvidence: fc.record({
        summary: fc.string({ unit: 'grapheme', maxLength: 160 }),
        closest: fc.array(fc.record({ key: fc.string({ maxLength: 40 }), why: fc.string({ unit: 'grapheme', maxLength: 80 }) }), { maxLength: 3 }),
      }),
      notes: fc.array(fc.string({ maxLength: 60 }), { maxLength: 3 }),
      edges: fc.array(edgeArb, { maxLength: 10 }),
      summaries: fc.uniqueArray(fc.record({ path: fc.constantFrom(...paths), text: fc.string({ unit: 'grapheme', maxLength: 120 }), model: fc.string({ maxLength: 20 }) }), { maxLength: 4, selector: (summary) => summary.path }),
      createdAt: fc.constant('2025-01-01T00:00:00.000Z'),
    }),
  });
});

// ---- invariants ------------------------------------------------------------------------

/** Same rule as the fitter's, stated independently: a whole file, or nested line ranges. */
function shownInside(outer: ContextItem, inner: ContextItem): boolean {
  if (outer === inner || outer.path !== inner.path) return false;
  if (outer.symbolKey === null) return true;
  return inner.symbolKey !== null && outer.startLine <= inner.startLine && inner.endLine <= outer.endLine;
}

/** At least as strong as: a higher score, or the same score and at most the tier. */
function atLeastAsStrong(a: { tier: number; score: number }, b: { tier: number; score: number }): boolean {
  return a.score > b.score || (a.score === b.score && a.tier <= b.tier);
}

function checkBudget(pkg: ContextPackage, format: RenderFormat, available: number): void {
  const tokens = counter.count(renderPackage(pkg, format));
  expect(tokens).toBeLessThanOrEqual(available);
  expect(pkg.budget.used).toBe(tokens);
}

function checkNoDuplicates(pkg: ContextPackage): void {
  const identities = pkg.items.map(itemIdentity);
  expect(new Set(identities).size).toBe(identities.length);
  for (const outer of pkg.items) {
    if (outer.detail !== 'full') continue;
    for (const inner of pkg.items) expect(shownInside(outer, inner)).toBe(false);
  }
}

function checkAccounting(pkg: ContextPackage, candidates: ContextItem[]): void {
  const tally = new Map<string, number>();
  const add = (identity: string, n: number): void => void tally.set(identity, (tally.get(identity) ?? 0) + n);
  for (const c of candidates) add(itemIdentity(c), 1);
  for (const i of pkg.items) add(itemIdentity(i), -1);
  for (const r of [...pkg.budget.evicted, ...pkg.budget.deduplicated]) add(r.symbolKey ?? r.path, -1);
  for (const count of tally.values()) expect(count).toBe(0);
}

function checkPriority(pkg: ContextPackage, candidates: ContextItem[]): void {
  const items = pkg.items.map((i) => i.provenance);
  for (let k = 1; k < items.length; k++) expect(atLeastAsStrong(items[k - 1]!, items[k]!)).toBe(true);
  // An identity listed twice is represented by its strongest listing.
  const strongest = new Map<string, { tier: number; score: number }>();
  for (const c of candidates) {
    const known = strongest.get(itemIdentity(c));
    if (known === undefined || !atLeastAsStrong(known, c.provenance)) strongest.set(itemIdentity(c), c.provenance);
  }
  for (const evicted of pkg.budget.evicted) {
    expect(strongest.get(evicted.symbolKey ?? evicted.path)?.tier).toBe(evicted.tier);
  }
  // Code first: a definition is shown as code or not at all; files without code are listed
  // by outline or path, at most MAX_NAMED of them, and never beside code of the same file.
  const codePaths = new Set(pkg.items.filter(showsCode).map((i) => i.path));
  const named = pkg.items.filter((i) => !showsCode(i));
  for (const item of named) {
    expect(item.symbolKey).toBeNull();
    expect(codePaths.has(item.path)).toBe(false);
  }
  expect(named.length).toBeLessThanOrEqual(MAX_NAMED);
  expect(pkg.edges.length).toBeLessThanOrEqual(MAX_EDGES);
  for (const edge of pkg.edges) expect(codePaths.has(edge.from) && codePaths.has(edge.to)).toBe(true);
}

/** Code: any detail above path, except a whole file's outline (a listing). */
function showsCode(item: Pick<ContextItem, 'detail' | 'symbolKey'>): boolean {
  return item.detail !== 'path' && !(item.symbolKey === null && item.detail === 'signature');
}

function checkItems(pkg: ContextPackage): void {
  for (const item of pkg.items) {
    const text = textAt(item, item.detail);
    expect(text).not.toBeNull();
    expect(item.tokens).toBe(counter.count(text ?? ''));
    if (item.demotedFrom !== null) expect(detailRank(item.demotedFrom)).toBeGreaterThan(detailRank(item.detail));
  }
}

function checkRoundTrip(pkg: ContextPackage): void {
  const expected = renderOrder(pkg.items).map((item, k) => ({
    number: k + 1,
    path: item.path,
    symbolKey: item.symbolKey,
    detail: item.detail,
    startLine: item.startLine,
    endLine: item.endLine,
    text: textAt(item, item.detail) ?? '',
  }));
  // A file's summary rides on its first item in render order (its text is no part of the item's code).
  const summaries = new Map((pkg.summaries ?? []).map((summary) => [summary.path, summary]));
  const first = new Set(renderOrder(pkg.items).filter((item, k, all) => all.findIndex((other) => other.path === item.path) === k));
  const summaryOf = (item: ContextItem): string | undefined => {
    const summary = first.has(item) ? summaries.get(item.path) : undefined;
    return summary === undefined ? undefined : summaryLine(summaryView(summary)).slice(0, -1);
  };
  const withSummary = renderOrder(pkg.items).map((item, k) => ({ ...expected[k]!, ...(summaryOf(item) !== undefined ? { summary: summaryOf(item) } : {}) }));
  const strip = ({ language: _language, ...rest }: { language: string } & (typeof withSummary)[number]) => rest;
  expect(parseMarkdown(renderPackage(pkg, 'markdown')).map(strip)).toEqual(withSummary);
  expect(parsePrompt(renderPackage(pkg, 'prompt')).map(strip)).toEqual(withSummary);
  const json = parseJson(renderPackage(pkg, 'json'));
  expect(json.items.map((i) => [jsonItemKey(i), i.detail, i.text])).toEqual(expected.map((e) => [e.symbolKey ?? e.path, e.detail, e.text]));
  expect(json.items.map((i) => (i.summary ? summaryLine(i.summary).slice(0, -1) : undefined))).toEqual(withSummary.map((e) => e.summary));
}

/** A BUDGET error is right only when no self-consistent package without items fits. */
function checkRightToRefuse(error: unknown, c: Case, format: RenderFormat, available: number): void {
  expect(isCairnError(error) && error.code).toBe('BUDGET');
  const { slots, duplicates } = prioritize(c.candidates);
  const empty: ContextPackage = {
    ...c.frame,
    items: [],
    edges: [],
    budget: {
      contextWindow: c.budget.contextWindow,
      reservedTokens: c.budget.reservedTokens,
      available,
      used: 0,
      format,
      tokenizer: counter.name,
      demoted: [],
      evicted: slots.map((s) => ({ path: s.item.path, symbolKey: s.item.symbolKey, tier: s.item.provenance.tier, detail: s.ceiling, reason: '' })),
      deduplicated: duplicates,
    },
  };
  let used = 0;
  for (let step = 0; step < 6; step++) {
    const tokens = counter.count(renderPackage({ ...empty, budget: { ...empty.budget, used } }, format));
    if (tokens === used) break;
    used = tokens;
  }
  expect(used).toBeGreaterThan(available);
}

/**
 * Fits the case in every format and checks what every fit holds (or that a refusal was its
 * right); `more` checks what one property adds.
 */
function checkEveryFormat(c: Case, fit: (format: RenderFormat) => ContextPackage, more: (pkg: ContextPackage) => void = () => undefined): void {
  const available = availableTokens(c.budget);
  for (const format of RENDER_FORMATS) {
    let pkg: ContextPackage;
    try {
      pkg = fit(format);
    } catch (error) {
      checkRightToRefuse(error, c, format, available);
      continue;
    }
    checkBudget(pkg, format, available);
    checkNoDuplicates(pkg);
    checkAccounting(pkg, c.candidates);
    checkPriority(pkg, c.candidates);
    checkItems(pkg);
    more(pkg);
  }
}

// ---- properties ----------------------------------------------------------------------------

describe('fitToBudget properties (o200k_base)', () => {
  it(`every format: within budget, no duplicates, priority respected, renders parse back (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        checkEveryFormat(c, (format) => fitToBudget(c.candidates, c.budget, counter, format, c.frame).package, (pkg) => {
          checkRoundTrip(pkg);
          expect(pkg.edges.every((e) => pkg.items.some((i) => i.path === e.from) && pkg.items.some((i) => i.path === e.to))).toBe(true);
        });
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);

  it(`with section shares too: within budget, no duplicates, accounted for, priority order kept (${Math.ceil(RUNS / 2)} runs)`, () => {
    const SECTION_NAMES = ['primary', 'supporting', 'supplementary'] as const;
    // Four weights and a slack: shares summing to at most 1, some of them 0.
    const sharesArb = fc.tuple(fc.nat(10), fc.nat(10), fc.nat(10), fc.nat(10), fc.nat(10)).map(([p, s, h, d, slack]) => {
      const total = Math.max(1, p + s + h + d + slack);
      return { primary: p / total, supporting: s / total, historical: h / total, supplementary: d / total };
    });
    fc.assert(
      fc.property(caseArb, sharesArb, (c, shares) => {
        // Sections by identity, spread over the three item sections.
        const of = Object.fromEntries(c.candidates.map((item) => [itemIdentity(item), SECTION_NAMES[itemIdentity(item).length % 3]!]));
        checkEveryFormat(c, (format) => fitToBudget(c.candidates, c.budget, counter, format, c.frame, { shares, of }).package);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  }, TIMEOUT_MS);

  it(`is deterministic and independent of input order (${Math.ceil(RUNS / 2)} runs)`, () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const fit = (candidates: ContextItem[]): string => {
          try {
            return renderPackage(fitToBudget(candidates, c.budget, counter, 'prompt', c.frame).package, 'prompt');
          } catch (error) {
            return isCairnError(error) ? `error ${error.code}` : 'unexpected';
          }
        };
        const first = fit(c.candidates);
        expect(fit(c.candidates)).toBe(first);
        const identities = c.candidates.map(itemIdentity);
        if (new Set(identities).size === identities.length) expect(fit([...c.candidates].reverse())).toBe(first);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  }, TIMEOUT_MS);
});

describe('allocate properties (o200k_base costs)', () => {
  const allocationCaseArb = fc.tuple(caseArb, fc.integer({ min: -10, max: 20_000 }), fc.constantFrom<RenderFormat>(...RENDER_FORMATS));

  function setUp(c: Case, format: RenderFormat, slots: Slot[]) {
    const available = 10 ** 6;
    const edges = normalizeEdges(c.frame.edges, slots);
    const cost = buildCostModel({
      slots,
      candidateCount: c.candidates.length,
      frame: c.frame,
      contextWindow: available,
      reservedTokens: 0,
      available,
      format,
      counter,
      printer: printerFor(format),
    });
    return { edges, cost };
  }

  /**
   * What the edges a raise of `slot` to code would list cost (as allocate's newEdges picks
   * them): none when its file already shows code, else its edges to files showing code,
   * strongest first, while the list has room. Found by the property test (seed 2074566734):
   * a file whose excerpt fitted the slack exactly was left at its path line, rightly, because
   * its edge to the other file did not fit as well.
   */
  function edgesARaiseBrings(slot: Slot, result: ReturnType<typeof allocate>, edges: ReturnType<typeof normalizeEdges>, cost: ReturnType<typeof buildCostModel>): number {
    const codePaths = new Set(result.placed.filter((p) => p.detail !== 'path' && !(p.slot.item.symbolKey === null && p.detail === 'signature')).map((p) => p.slot.item.path));
    const path = slot.item.path;
    if (codePaths.has(path)) return 0;
    return edges
      .filter((edge) => (edge.from === path && codePaths.has(edge.to)) || (edge.to === path && codePaths.has(edge.from)))
      .sort((a, b) => b.weight - a.weight || compareEdges(a, b))
      .slice(0, Math.max(0, MAX_EDGES - result.edges.length))
      .reduce((sum, edge) => sum + cost.edgeCost(edge), 0);
  }

  it(`stays within capacity and leaves no affordable raise undone (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(allocationCaseArb, ([c, capacity, format]) => {
        const { slots } = prioritize(c.candidates);
        const { edges, cost } = setUp(c, format, slots);
        const result = allocate(slots, edges, cost, capacity);
        if (result.placed.length > 0) expect(result.estimate).toBeLessThanOrEqual(capacity);
        const slack = capacity - result.estimate;
        const placed = new Set(result.placed.map((p) => p.slot));
        for (const { slot, detail } of result.placed) {
          const containsPlaced = [...placed].some((other) => other !== slot && other.item.path === slot.item.path && shownInside(slot.item, other.item));
          if (detail === slot.ceiling || containsPlaced) continue;
          for (const target of ['full', 'excerpt', 'signature'] as const) {
            if (detailRank(target) <= detailRank(detail) || detailRank(target) > detailRank(slot.ceiling)) continue;
            if (textAt(slot.item, target) === null) continue;
            // A raise to code also lists the file's edges to files showing code: those cost too.
            expect(cost.itemCost(slot, target) - cost.itemCost(slot, detail) + edgesARaiseBrings(slot, result, edges, cost)).toBeGreaterThan(slack);
          }
        }
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);

  it(`never shows an item's code at less detail because weaker candidates exist (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(allocationCaseArb, fc.nat(), ([c, capacity, format], cut) => {
        const { slots } = prioritize(c.candidates);
        const { edges, cost } = setUp(c, format, slots);
        const withOthers = allocate(slots, edges, cost, capacity);
        const strongerOnly = allocate(slots.slice(0, slots.length === 0 ? 0 : cut % (slots.length + 1)), edges, cost, capacity);
        // Code shown per identity (a file's outline and path lines are listings, not code);
        // an item absorbed by a container placed in full is shown in full.
        const shown = (result: typeof withOthers) => {
          const details = new Map<string, number>();
          for (const p of result.placed) if (showsCode({ detail: p.detail, symbolKey: p.slot.item.symbolKey })) details.set(p.slot.identity, detailRank(p.detail));
          for (const record of result.covered) if (record.reason.startsWith('shown in full')) details.set(record.symbolKey ?? record.path, detailRank('full'));
          return details;
        };
        const all = shown(withOthers);
        for (const [identity, rank] of shown(strongerOnly)) expect(all.get(identity) ?? -1).toBeGreaterThanOrEqual(rank);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);
});
