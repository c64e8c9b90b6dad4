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
