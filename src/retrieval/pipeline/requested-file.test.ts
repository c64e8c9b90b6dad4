// Regression of issue 21: `refine --missing-files` added the file as a bare path. Asked for,
// a file comes as code: whole when it fits its share of the budget, else the definitions
// that bear on the task, whole, with its outline (every definition's header line as written).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFiles, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { refine } from './refine.js';
import { EMPTY_REFINEMENT } from './refinement.js';
import { retrieve } from './retrieve.js';

/** A context module of 40 small classes, one of which (`SessionContext`) handles cookies. */
function contextModule(): string {
  const filler = Array.from({ length: 40 }, (_, index) =>
    [`class Holder${index}:`, `    def value${index}(self, item):`, `        total = item + ${index}`, `        total = total * 2`, `        return total`, ''].join('\n'),
  );
  const session = [
    'class SessionContext:',
    '    def set_cookie_domain(self, response, domain):',
    '        if domain is None:',
    '            return response',
    '        response.cookie_domain = domain',
    '        return response',
    '',
  ].join('\n');
  return ['import os', '', ...filler.slice(0, 20), session, ...filler.slice(20)].join('\n');
}

const FILES = {
  'app/cart.py': 'def total(items):\n    return sum(items)\n',
  // Some 450 tokens: more than a seed is shown whole for (6 % of the budget), within a requested file's share.
  'app/helpers.py': Array.from({ length: 12 }, (_, index) => `def helper_${index}(value):\n    """Scales the value by ${index}."""\n    scaled = value * ${index}\n    return scaled + ${index}\n`).join('\n'),
  'app/context.py': contextModule(),
};

describe('a requested file comes as code (issue 21)', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFiles(FILES);
  });
  afterAll(() => repo.close());

  async function refined(missing: string, contextWindow: number) {
    const first = await retrieve(repo.ports, { task: 'the cart total is wrong when the session cookie domain is set', stages: ['scope', 'precision'], budget: { contextWindow, reservedTokens: 200 }, format: 'json' });
    return refine(repo.ports, { taskId: first.taskId, request: { ...EMPTY_REFINEMENT, missingFiles: [missing] } });
  }

  it('regression: a requested file was added as a bare path; it comes whole when it fits', async () => {
    const { package: pkg } = await refined('app/helpers.py', 3000);
    const item = pkg.items.find((entry) => entry.path === 'app/helpers.py' && entry.symbolKey === null);
    expect(item?.detail).toBe('full');
    // The file's own lines; the break after the last is the code block's (core/source-lines.ts).
    expect(item!.texts.full).toBe(readFileSync(join(repo.dir.path, 'app/helpers.py'), 'utf8').replace(/\r?\n$/, ''));
    expect(item!.provenance.reason).toContain('requested by a refinement');
  });

  it('regression: a requested file too large to show whole comes as the parts that bear on the task, with its outline', async () => {
    const { package: pkg } = await refined('app/context.py', 2200);
    const item = pkg.items.find((entry) => entry.path === 'app/context.py' && entry.symbolKey === null);
    expect(item?.detail).toBe('excerpt');
    const text = item!.texts.excerpt!;
    // The definition that bears on the task, whole.
    expect(text).toContain('    def set_cookie_domain(self, response, domain):\n        if domain is None:\n            return response\n        response.cookie_domain = domain\n        return response');
    // The outline: header lines of the other definitions, as written.
    expect(text).toContain('class Holder0:\n    def value0(self, item):');
    expect(text).toMatch(/⋯ lines? \d+(-\d+)? not shown ⋯/);
    // Every other line is the file's own, in order.
    const source = readFileSync(join(repo.dir.path, 'app/context.py'), 'utf8').split('\n');
    const shown = text.split('\n').filter((line) => !line.includes(' not shown ⋯'));
    let at = 0;
    for (const line of shown) {
      at = source.indexOf(line, at);
      expect(at, line).toBeGreaterThanOrEqual(0);
    }
    // Its definitions are not offered again beside it.
    expect(pkg.items.filter((entry) => entry.path === 'app/context.py' && entry.symbolKey !== null)).toEqual([]);
    expect(pkg.budget.used).toBeLessThanOrEqual(pkg.budget.available);
  });
});
