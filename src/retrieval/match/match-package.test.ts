// What a package may hold given its match: everything when strong or weak; with none only
// the closest candidates, at most at signature detail, each saying why it is only close.

import { describe, expect, it } from 'vitest';
import type { ContextItem } from '../../core/context-package.js';
import { DEFAULT_TUNING } from '../tuning.js';
import type { MatchAssessment } from './assess-match.js';
import { candidatesForMatch, matchEvidence, whyWeak } from './match-package.js';

function item(key: string, tier: number): ContextItem {
  const [path] = key.split('::');
  return {
    path: path!,
    symbolKey: key.includes('::') ? key : null,
    language: 'python',
    startLine: 1,
    endLine: 3,
    detail: 'full',
    texts: { full: 'def f():\n    return 1\n', excerpt: null, signature: key.includes('::') ? 'def f():' : null },
    tokens: 0,
    provenance: { stage: 'precision', tier, reason: 'primary: its code matches the task', signals: {}, score: 1 },
    demotedFrom: null,
  };
}

function assessment(strength: MatchAssessment['strength']): MatchAssessment {
  return {
    strength,
    coverage: 0.1,
    presence: 0.4,
    anchor: null,
    candidates: [
      { key: 'a.py::f', coverage: 0.1, holds: ['empty'], lacks: ['PaymentError', 'cart', 'charging', 'refund'] },
      { key: 'b.py', coverage: 0, holds: [], lacks: ['PaymentError'] },
    ],
    words: [],
    summary: 'nothing in this repository matches the task',
  };
}

const CANDIDATES = [item('a.py::f', 0), item('a.py::g', 1), item('b.py', 0), item('c.py::test_f', 2)];

describe('candidatesForMatch', () => {
  it('keeps every candidate when the match is strong', () => {
    expect(candidatesForMatch(CANDIDATES, assessment('strong'), DEFAULT_TUNING.match)).toHaveLength(4);
  });

  it('keeps the package as ranked when the match is weak (it only says so)', () => {
    expect(candidatesForMatch(CANDIDATES, assessment('weak'), DEFAULT_TUNING.match)).toHaveLength(4);
  });

  it('keeps only the closest candidates, briefly, with why they are weak, when nothing matches', () => {
    const kept = candidatesForMatch(CANDIDATES, assessment('none'), DEFAULT_TUNING.match);
    expect(kept.map((entry) => entry.symbolKey ?? entry.path)).toEqual(['a.py::f', 'b.py']);
    expect(kept.map((entry) => entry.detail)).toEqual(['signature', 'path']);
    expect(kept[0]!.provenance.reason).toBe('closest candidate, weak: holds empty; lacks PaymentError, cart, charging');
  });
});

describe('matchEvidence', () => {
  it('names no closest candidates for a strong match, and says what a weak or empty package leaves out', () => {
    expect(matchEvidence(assessment('strong'), DEFAULT_TUNING.match).closest).toEqual([]);
    const none = matchEvidence(assessment('none'), DEFAULT_TUNING.match);
    expect(none.closest).toEqual([
      { key: 'a.py::f', why: 'holds empty; lacks PaymentError, cart, charging' },
      { key: 'b.py', why: "holds none of the task's specific words; lacks PaymentError" },
    ]);
    expect(none.summary).toMatch(/only the closest candidates, briefly/);
    expect(matchEvidence(assessment('weak'), DEFAULT_TUNING.match).summary).toMatch(/judge it with care/);
    expect(whyWeak({ key: 'x', coverage: 0, holds: [], lacks: [] })).toBe("holds none of the task's specific words");
  });
});
