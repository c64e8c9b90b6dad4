import { describe, expect, it } from 'vitest';
import type { SymbolRecord } from '../../core/entities.js';
import { keepLongestOverloads } from './overloads.js';
import type { ClassifiedSymbol, Decision } from './stage.js';

function symbol(key: string, startLine: number, endLine: number): SymbolRecord {
  const name = key.split('::')[1]!.replace(/#\d+$/, '');
  return { key, path: 'c.py', name, qualifiedName: name, kind: 'function', signature: '', doc: null, startByte: 0, endByte: 0, startLine, endLine, signatureEndLine: startLine, parent: null, exported: true, method: 'ast' };
}

const SYMBOLS = new Map([symbol('c.py::get', 1, 2), symbol('c.py::get#2', 4, 5), symbol('c.py::get#3', 7, 40), symbol('c.py::put', 42, 50)].map((s) => [s.key, s]));
const classified = (key: string): ClassifiedSymbol => ({ key, path: 'c.py', class: 'supporting', tier: 1, reason: 'called by primary', score: 0.5, signals: {} });
const decision = (key: string): Decision => ({ subject: 'symbol', id: key, tier: 1, tierName: 'direct', verdict: 'included', label: 'supporting', reason: 'called by primary', score: 0.5, signals: {}, judge: 'rule' });

describe('keepLongestOverloads', () => {
  it('keeps the longest definition of a name (the implementation) and records the stubs as excluded', () => {
    const keys = ['c.py::get', 'c.py::get#2', 'c.py::get#3', 'c.py::put'];
    const result = keepLongestOverloads(keys.map(classified), keys.map(decision), (key) => SYMBOLS.get(key) ?? null);
    expect(result.classified.map((entry) => entry.key)).toEqual(['c.py::get#3', 'c.py::put']);
    expect(result.decisions.filter((entry) => entry.verdict === 'excluded').map((entry) => [entry.id, entry.reason])).toEqual([
      ['c.py::get', 'another definition of the same name is shown: c.py::get#3 (the longest)'],
      ['c.py::get#2', 'another definition of the same name is shown: c.py::get#3 (the longest)'],
    ]);
  });
});
