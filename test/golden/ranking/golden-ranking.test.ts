// Golden ranking tests (as zoekt keeps them): for each query on each fixture repository, the
// top files, the top symbols and the package's primaries (the items shown as whole code),
// written as text under test/golden/ranking/<fixture>.txt. Any change of ranking fails here,
// so a tuning change shows its effect in the diff of these files; after a change made on
// purpose, regenerate them with CAIRN_UPDATE_GOLDEN=1 and commit the diff with the change.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openOneShot, type OneShotHandle } from '../../../src/app/one-shot.js';
import { openRepo } from '../../../src/app/repo.js';
import { drainIndex, runIndex } from '../../../src/app/stores.js';
import { getContext } from '../../../src/operations/context.js';
import { findCode, type SearchFound } from '../../../src/operations/search.js';
import { fixtureRepo, type TempDir } from '../../support/temp-repo.js';
import { GOLDEN_REPOS } from './queries.js';

// Task and run ids are printed in the package and end in random hex, which tokenizes to a
// token or two more or less from run to run: at the budget's edge that decides whether an item
// still fits (a whole one in the middle too, when a later one is smaller). Ids numbered in
// order make every run of this file render, and so fit, the same package.
vi.mock('../../../src/runlog/ids.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/runlog/ids.js')>();
  let issued = 0;
  return { ...actual, newId: (prefix: 'task' | 'run') => `${prefix}-golden-${String(++issued).padStart(4, '0')}` };
});

const UPDATE = process.env['CAIRN_UPDATE_GOLDEN'] === '1';
const TOP = 5;
/** The package's budget: enough for a few whole functions, small enough to make choices. */
const BUDGET = { contextWindow: 4000, reservedTokens: 0 };
/**
 * The first primaries only. The ids the package prints are numbered in this file (the mock
 * above), so every run renders the same package; the edge item's tolerance (sameGolden) is
 * kept for a package whose last primary sits at the budget's edge.
 */
const PRIMARIES = 8;

/**
 * Equal, line for line, but that a primaries line may have one entry more or less at its
 * end: the item at the budget's edge (see PRIMARIES). Any other change fails.
 */
function sameGolden(actual: string, expected: string): boolean {
  const [got, want] = [actual.split('\n'), expected.split('\n')];
  if (got.length !== want.length) return false;
  return got.every((line, at) => line === want[at] || edgeOnly(line, want[at]!));
}

function edgeOnly(a: string, b: string): boolean {
  if (!a.startsWith('primaries: ') || !b.startsWith('primaries: ')) return false;
  const [shorter, longer] = [a, b].map((line) => line.slice('primaries: '.length).split(' | ')).sort((x, y) => x.length - y.length) as [string[], string[]];
  return longer.length - shorter.length === 1 && shorter.every((entry, at) => entry === longer[at]);
}

function goldenPath(fixture: string): string {
  return fileURLToPath(new URL(`./${fixture}.txt`, import.meta.url));
}

function ids(found: SearchFound): string[] {
  return found.mode === 'hybrid' ? found.rows.map((row) => (row.kind === 'symbol' ? row.id : row.path)) : found.hits.map((hit) => hit.id);
}

async function describeQuery(repo: OneShotHandle, query: string): Promise<string> {
  const files = await findCode(repo, { query, limit: TOP, kind: 'file', mode: 'hybrid' });
  const symbols = await findCode(repo, { query, limit: TOP, kind: 'symbol', mode: 'hybrid' });
  const answer = await getContext(repo, { task: query, budget: BUDGET, format: 'markdown' });
  const primaries = answer.package.items.filter((item) => item.detail === 'full').map((item) => item.symbolKey ?? item.path).slice(0, PRIMARIES);
  return [`## ${query}`, `files: ${ids(files).join(' | ')}`, `symbols: ${ids(symbols).join(' | ')}`, `primaries: ${primaries.join(' | ')}`, ''].join('\n');
}

describe.each(GOLDEN_REPOS)('golden ranking on $fixture', ({ fixture, queries }) => {
  let dir: TempDir;
  let repo: OneShotHandle;
  beforeAll(async () => {
    dir = fixtureRepo(fixture);
    const context = await openRepo({ repo: dir.path, env: {} });
    await drainIndex(runIndex(context, { workers: 0 }));
    repo = await openOneShot(context, { refresh: false, needs: 'retrieval', env: {} });
  }, 120_000);
  afterAll(() => {
    repo?.close();
    dir?.remove();
  });

  it(`matches ${fixture}.txt (regenerate with CAIRN_UPDATE_GOLDEN=1)`, async () => {
    const blocks: string[] = [];
    for (const query of queries) blocks.push(await describeQuery(repo, query));
    const actual = `# golden ranking: ${fixture} — top ${TOP} files, top ${TOP} symbols, first ${PRIMARIES} primaries at ${BUDGET.contextWindow} tokens\n\n${blocks.join('\n')}`;
    const path = goldenPath(fixture);
    if (UPDATE) writeFileSync(path, actual);
    expect(existsSync(path), `${path} is missing: run with CAIRN_UPDATE_GOLDEN=1 to write it`).toBe(true);
    const expected = readFileSync(path, 'utf8');
    expect(sameGolden(actual, expected) ? expected : actual).toBe(expected);
  }, 120_000);
});
