// "Say so when nothing matches": on the shop fixture (real index, real stores), a task about
// another project is answered with match none — first, in every format — and only its few
// closest candidates, briefly; a task about the shop matches strongly and keeps its package;
// the decision and its evidence are in the raw log for `cairn explain`.

import { afterEach, describe, expect, it } from 'vitest';
import { RENDER_FORMATS } from '../../core/context-package.js';
import { parseJson, parseMarkdownMatch, parsePromptMatch } from '../../render/index.js';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { explainTask } from '../pipeline/explain.js';
import { renderExplanation } from '../pipeline/explain-text.js';
import { retrieve, type RetrieveRequest } from '../pipeline/retrieve.js';
import { DEFAULT_TUNING } from '../tuning.js';

const repos: IndexedRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.close();
});

async function shop(): Promise<IndexedRepo> {
  const repo = await indexedFixture('shop');
  repos.push(repo);
  return repo;
}

/** A commit message of hono (a web framework), asked of the shop. */
const FOREIGN = 'feat(jsx): support `useSyncExternalStore` in the streaming JSX renderer\n\nThe hono/jsx DOM renderer ignored the subscriptions of external stores during hydration.';
const OWN = 'Charging an empty cart crashes with PaymentError';
const REQUEST: Omit<RetrieveRequest, 'task' | 'format'> = { stages: ['scope', 'precision'], budget: { contextWindow: 8000, reservedTokens: 0 } };

function strengthOf(rendered: string, format: (typeof RENDER_FORMATS)[number]): string {
  if (format === 'json') return parseJson(rendered).match;
  return (format === 'markdown' ? parseMarkdownMatch(rendered) : parsePromptMatch(rendered)).strength;
}

describe('match strength', () => {
  it('says so when nothing matches: a task of another project is match none, first, in every format, with only its closest candidates, briefly', async () => {
    const repo = await shop();
    for (const format of RENDER_FORMATS) {
      const result = await retrieve(repo.ports, { ...REQUEST, task: FOREIGN, format });
      const pkg = result.package;
      expect(pkg.match).toBe('none');
      expect(strengthOf(result.rendered, format)).toBe('none');
      if (format !== 'json') expect(result.rendered.split('\n')[0]).toMatch(/^(match: |MATCH )none — nothing in this repository matches the task/);
      expect(pkg.matchEvidence.summary).toContain('useSyncExternalStore');
      expect(pkg.matchEvidence.closest.length).toBeGreaterThan(0);
      expect(pkg.matchEvidence.closest.length).toBeLessThanOrEqual(DEFAULT_TUNING.match.closest);
      // No filler: the few closest candidates at signature or path, a small part of the budget.
      expect(pkg.items.length).toBeLessThanOrEqual(DEFAULT_TUNING.match.closest);
      expect(pkg.items.every((item) => item.detail === 'signature' || item.detail === 'path')).toBe(true);
      expect(pkg.budget.used).toBeLessThan(pkg.budget.available / 4);
    }
  });

  it('a task about the shop matches strongly, names no closest candidates, and keeps its code', async () => {
    const repo = await shop();
    const result = await retrieve(repo.ports, { ...REQUEST, task: OWN, format: 'markdown' });
    expect(result.package.match).toBe('strong');
    expect(result.package.matchEvidence.closest).toEqual([]);
    expect(parseMarkdownMatch(result.rendered)).toMatchObject({ strength: 'strong', closest: null });
    const shown = result.package.items.map((item) => `${item.symbolKey ?? item.path} ${item.detail}`);
    expect(shown.some((line) => /^shop\/payments\/gateway\.py(::charge)? (full|excerpt)$/.test(line)), shown.join(', ')).toBe(true);
  });

  it('logs the decision and its evidence, which cairn explain shows', async () => {
    const repo = await shop();
    const result = await retrieve(repo.ports, { ...REQUEST, task: FOREIGN, format: 'markdown' });
    const run = explainTask(repo.ports.rawLog, result.taskId).runs[0]!;
    expect(run.match).toMatchObject({ strength: 'none', anchor: null });
    expect(run.match!.words.find((word) => word.word === 'jsx')).toMatchObject({ df: 0, fileDf: 0, covered: false });
    const text = renderExplanation(explainTask(repo.ports.rawLog, result.taskId));
    expect(text).toContain('match: none — nothing in this repository matches the task');
    expect(text).toMatch(/jsx \[not in the index/);
  });
});
