import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from './cairn-ranker.js';
import { fuseSignals, type FusionWeights } from './fuse-signals.js';
import { FILE_SIGNALS, SYMBOL_SIGNALS, type RankSignals, type SymbolFacts } from './signals.js';

function signalsWith(symbolScores: Record<string, number>, facts: Record<string, SymbolFacts>): RankSignals {
  const files = Object.fromEntries(FILE_SIGNALS.map((name) => [name, new Map<string, number>()])) as RankSignals['files'];
  const symbols = Object.fromEntries(SYMBOL_SIGNALS.map((name) => [name, new Map<string, number>()])) as RankSignals['symbols'];
  files['bm25-file'].set('a.py', 2);
  for (const [key, score] of Object.entries(symbolScores)) symbols['bm25-symbols'].set(key, score);
  const analysis = { resolved: { pinnedFiles: [], pinnedSymbols: [] } } as unknown as RankSignals['analysis'];
  return { analysis, files, symbols, priors: new Map([['a.py', 1]]), symbolFacts: new Map(Object.entries(facts)) };
}

const weights = (containerPrior: number): FusionWeights => ({ ...structuredClone(DEFAULT_WEIGHTS), containerPrior });

describe('fuseSignals symbol kinds', () => {
  // The class matches best (its name is in the task), the method second.
  const signals = signalsWith(
    { 'a.py::Cart': 10, 'a.py::Cart.total': 9 },
    { 'a.py::Cart': { kind: 'class' }, 'a.py::Cart.total': { kind: 'method' } },
  );

  it('ranks a method above its better-matching class when class-like definitions are demoted', () => {
    const ranked = fuseSignals(signals, weights(0.5), 10).symbols.map((symbol) => symbol.key);
    expect(ranked).toEqual(['a.py::Cart.total', 'a.py::Cart']);
    const cart = fuseSignals(signals, weights(0.5), 10).symbols.find((symbol) => symbol.key === 'a.py::Cart')!;
    expect(cart.signals.map((signal) => signal.signal)).toContain('kind');
  });

  it('keeps the text order without the demotion, and for symbols whose kind is unknown', () => {
    expect(fuseSignals(signals, weights(1), 10).symbols.map((symbol) => symbol.key)).toEqual(['a.py::Cart', 'a.py::Cart.total']);
    const unknown = signalsWith({ 'a.py::Cart': 10, 'a.py::Cart.total': 9 }, {});
    expect(fuseSignals(unknown, weights(0.5), 10).symbols.map((symbol) => symbol.key)).toEqual(['a.py::Cart', 'a.py::Cart.total']);
  });
});

function fileSignals(lists: Partial<Record<(typeof FILE_SIGNALS)[number], Record<string, number>>>): RankSignals {
  const files = Object.fromEntries(FILE_SIGNALS.map((name) => [name, new Map(Object.entries(lists[name] ?? {}))])) as RankSignals['files'];
  const symbols = Object.fromEntries(SYMBOL_SIGNALS.map((name) => [name, new Map<string, number>()])) as RankSignals['symbols'];
  const paths = new Set(Object.values(lists).flatMap((scores) => Object.keys(scores)));
  const analysis = { resolved: { pinnedFiles: [], pinnedSymbols: [] } } as unknown as RankSignals['analysis'];
  return { analysis, files, symbols, priors: new Map([...paths].map((path) => [path, 1])), symbolFacts: new Map() };
}

const fused = (signals: RankSignals, change: Partial<FusionWeights>) => fuseSignals(signals, { ...structuredClone(DEFAULT_WEIGHTS), ...change }, 10).files;
const filesOf = (signals: RankSignals, change: Partial<FusionWeights>): string[] => fused(signals, change).map((file) => file.path);

describe('fuseSignals rank constant', () => {
  // a.py is first in both text lists; b.py second in both, and first in the faint docs list.
  const signals = fileSignals({
    'bm25-focused': { 'a.py': 9, 'b.py': 8 },
    'bm25-file': { 'a.py': 9, 'b.py': 8 },
    docs: { 'b.py': 1 },
  });

  it('with k 60, flattens the top ranks: a faint extra list lifts the second file over the first', () => {
    expect(filesOf(signals, { rankConstant: 60 })).toEqual(['b.py', 'a.py']);
  });

  it('with a small k, being first in the strong lists counts for more than a faint list', () => {
    expect(filesOf(signals, { rankConstant: 15 })).toEqual(['a.py', 'b.py']);
  });
});

describe('fuseSignals anchors by weight', () => {
  // A name of the task defined in four places resolves to weak.py at weight 0.25; the text
  // signals put strong.py first.
  const signals = fileSignals({
    anchors: { 'weak.py': 0.25 },
    'bm25-focused': { 'strong.py': 9 },
    'bm25-file': { 'strong.py': 9, 'weak.py': 3 },
  });

  it('counts an anchor at its weight', () => {
    expect(filesOf(signals, { anchorsByWeight: true })[0]).toBe('strong.py');
  });

  it('without it, any anchor at the top of its list counts in full', () => {
    expect(filesOf(signals, { anchorsByWeight: false })[0]).toBe('weak.py');
  });
});

describe('fuseSignals standing under a sharper fusion', () => {
  // a.py first in both text lists, b.py second in both and first in the faint docs list.
  const signals = fileSignals({
    'bm25-focused': { 'a.py': 9, 'b.py': 8, 'c.py': 1 },
    'bm25-file': { 'a.py': 9, 'b.py': 8, 'c.py': 1 },
    docs: { 'b.py': 1 },
  });

  it('keeps the sharper order and weighs each file by the fusion at k 60, against its best', () => {
    const sharp = fused(signals, { rankConstant: 15 });
    expect(sharp.map((file) => file.path)).toEqual(['a.py', 'b.py', 'c.py']);
    const flat = fused(signals, { rankConstant: 60 });
    const flatScore = new Map(flat.map((file) => [file.path, file.score]));
    const best = Math.max(...flat.map((file) => file.score));
    for (const file of sharp) expect(file.standing).toBeCloseTo(flatScore.get(file.path)! / best, 9);
    // At k 60 b.py is the best file: a.py stands just below it, not at 1.
    expect(sharp[0]!.standing).toBeLessThan(1);
    expect(sharp[2]!.standing).toBeGreaterThan(sharp[2]!.score / sharp[0]!.score);
  });

  it('stands a pinned file (a named path, an innermost frame) first in weight as in order', () => {
    const pinned = { ...signals, analysis: { resolved: { pinnedFiles: ['c.py'], pinnedSymbols: [] } } as unknown as RankSignals['analysis'] };
    expect(fused(pinned, { rankConstant: 15 })[0]).toMatchObject({ path: 'c.py', standing: 1 });
  });

  it('leaves standing unset at RRF k: the score against the best is the standing', () => {
    expect(fused(signals, { rankConstant: 60 }).every((file) => file.standing === undefined)).toBe(true);
    expect(fused(signals, { rankConstant: undefined }).every((file) => file.standing === undefined)).toBe(true);
  });
});
