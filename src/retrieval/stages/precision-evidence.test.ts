import { describe, expect, it } from 'vitest';
import type { ReferenceEdge } from '../../core/entities.js';
import type { CuratedReader } from '../../store/curated.js';
import { relatedSymbols } from './precision-evidence.js';
import { DEFAULT_TUNING } from '../tuning.js';

/** A reader holding only reference edges (all files code, none a test): what relatedSymbols reads. */
function edgesReader(edges: ReferenceEdge[]): CuratedReader {
  return {
    referencesFrom: (key: string) => edges.filter((edge) => edge.fromKey === key || edge.fromPath === key),
    referencesTo: (key: string) => edges.filter((edge) => edge.toKey === key),
    file: (path: string) => ({ path, isTest: false }),
  } as unknown as CuratedReader;
}

const use = (from: string, to: string): ReferenceEdge => ({
  fromKey: `${from}.ts::${from}`,
  fromPath: `${from}.ts`,
  toKey: `${to}.ts::${to}`,
  toPath: `${to}.ts`,
  kind: 'type',
  count: 1,
  confidence: 1,
});

describe('relatedSymbols', () => {
  // A widely used TypeScript type (query's `QueryKey`, used by hundreds of option types) made
  // every user of it context ahead of code whose own text matched the task: the users of a
  // primary with many users in scope now count less each.
  it('damps the users of a primary that many definitions use (regression: hub type users flooding the context)', () => {
    const hubUsers = Array.from({ length: 12 }, (_, n) => use(`user${n}`, 'hub'));
    const edges = [...hubUsers, use('caller', 'rare'), use('other', 'rare')];
    const scope = new Set(edges.map((edge) => edge.fromPath).concat(['hub.ts', 'rare.ts']));
    const related = relatedSymbols(edgesReader(edges), ['hub.ts::hub', 'rare.ts::rare'], [], scope, DEFAULT_TUNING.precision.hubDamping);
    const rareUser = related.get('caller.ts::caller')!;
    const hubUser = related.get('user0.ts::user0')!;
    expect(rareUser).toMatchObject({ relation: 'calls', to: 'rare.ts::rare', strength: 0.7 });
    expect(hubUser.relation).toBe('calls');
    expect(hubUser.strength).toBeCloseTo(0.7 * (3 / 12), 6);
  });

  it('keeps every user of a primary at full strength when damping is off', () => {
    const edges = Array.from({ length: 12 }, (_, n) => use(`user${n}`, 'hub'));
    const scope = new Set(edges.map((edge) => edge.fromPath).concat(['hub.ts']));
    const related = relatedSymbols(edgesReader(edges), ['hub.ts::hub'], [], scope, 0);
    expect(related.get('user5.ts::user5')?.strength).toBe(0.7);
  });
});
