import { describe, expect, it } from 'vitest';
import type { RawLogRecord } from '../../store/raw-log.js';
import type { Decision } from '../stages/stage.js';
import { groupDecisions, ungroupDecisions } from './decision-groups.js';
import { decisionsIn } from './explain.js';

function excluded(id: string, score = 0, signals: Record<string, number> = {}): Decision {
  return { subject: 'symbol', id, tier: 1, tierName: 'direct', verdict: 'excluded', label: 'excluded', reason: 'no reference to a primary symbol', score, signals, judge: 'deterministic' };
}

function record(payload: unknown): RawLogRecord {
  return { seq: 1, at: 0, taskId: 't', runId: 'r', kind: 'decisions', stage: 'precision', payload };
}

describe('decisions grouped in runs for the raw log', () => {
  const decisions: Decision[] = [
    { ...excluded('a.py::f', 0.9, { text: 0.8 }), verdict: 'included', label: 'primary', reason: 'named in the task' },
    excluded('a.py::g'),
    excluded('a.py::h', 0.1, { rationale: 1 }),
    { ...excluded('b.py::k'), tier: 2 },
    excluded('a.py::i'),
  ];

  it('writes consecutive decisions that share all but id, score and signals once, and reads back the same decisions in the same order', () => {
    const groups = groupDecisions(decisions);
    expect(groups.map((group) => group.items.map(([id]) => id))).toEqual([['a.py::f'], ['a.py::g', 'a.py::h'], ['b.py::k'], ['a.py::i']]);
    expect(ungroupDecisions(JSON.parse(JSON.stringify(groups)))).toEqual(decisions);
  });

  it('is smaller than the decisions one by one when most share a reason', () => {
    const many = Array.from({ length: 1000 }, (_, n) => excluded(`pkg/module_${n % 40}.py::name_${n}`));
    expect(JSON.stringify({ groups: groupDecisions(many) }).length).toBeLessThan(JSON.stringify({ decisions: many }).length / 3);
  });

  it('explain reads both forms: grouped runs, and one by one as older logs and diagnostics write them', () => {
    expect(decisionsIn([record({ groups: groupDecisions(decisions) })]).map((entry) => entry.payload)).toEqual(decisions);
    expect(decisionsIn([record({ decisions })]).map((entry) => entry.payload)).toEqual(decisions);
  });

  it('says a damaged grouped entry is unreadable instead of guessing', () => {
    for (const groups of [null, 'x', [{ shared: null, items: [] }], [{ shared: {}, items: 'x' }], [{ shared: {}, items: ['x'] }]]) {
      expect(ungroupDecisions(groups)).toBeNull();
    }
  });
});
