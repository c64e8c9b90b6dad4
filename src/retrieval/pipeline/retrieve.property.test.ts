// The budget promise, end to end: over random small repositories (written to a temp dir and
// indexed) and random budgets, the rendered package never exceeds contextWindow −
// reservedTokens, in every format, and `budget.used` is exactly its token count.

import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { RENDER_FORMATS } from '../../core/context-package.js';
import { isCairnError } from '../../core/errors.js';
import { createO200kCounter } from '../../tokenizer/tokens.js';
import { indexedFiles, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { retrieve } from './retrieve.js';

const WORDS = ['cart', 'total', 'tax', 'price', 'discount', 'order', 'ship', 'refund', 'ledger', 'émoji🙂', '```', '<|endoftext|>', 'x'.repeat(40)];

const word = fc.constantFrom(...WORDS);
const identifier = fc.stringMatching(/^[a-z][a-z_]{2,10}$/);

const functionArb = fc.record({
  name: identifier,
  doc: fc.option(fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(' ').replace(/"/g, '')), { nil: null }),
  lines: fc.array(fc.array(word, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 40 }),
});

const moduleArb = fc.record({
  functions: fc.array(functionArb, { minLength: 0, maxLength: 5 }),
  imports: fc.array(fc.nat(5), { maxLength: 3 }),
});

const repoArb = fc.array(moduleArb, { minLength: 1, maxLength: 6 });

type RepoSpec = typeof repoArb extends fc.Arbitrary<infer T> ? T : never;

function pythonFiles(spec: RepoSpec): Record<string, string> {
  const files: Record<string, string> = { 'README.md': '# generated\n\nA generated repository.\n' };
  spec.forEach((module, index) => {
    const imports = [...new Set(module.imports.filter((target) => target < spec.length && target !== index))].map((target) => `from pkg.mod${target} import *`);
    const functions = module.functions.map((fn, at) => {
      const doc = fn.doc === null ? '' : `    """${fn.doc}"""\n`;
      const body = fn.lines.map((line) => `    # ${line.join(' ')}`).join('\n');
      return `def ${fn.name}_${at}(value):\n${doc}${body}\n    return value\n`;
    });
    files[`pkg/mod${index}.py`] = [...imports, '', ...functions].join('\n');
  });
  files['pkg/__init__.py'] = '';
  return files;
}

const budgetArb = fc
  .record({ contextWindow: fc.integer({ min: 150, max: 12_000 }), share: fc.double({ min: 0, max: 0.95, noNaN: true }) })
  .map(({ contextWindow, share }) => ({ contextWindow, reservedTokens: Math.floor(contextWindow * share) }));

const taskArb = fc.tuple(fc.array(word, { minLength: 1, maxLength: 10 }), fc.option(identifier, { nil: null })).map(([words, name]) => `${words.join(' ')}${name ? ` \`${name}_0\`` : ''}`);

const opened: IndexedRepo[] = [];
afterEach(() => {
  for (const repo of opened.splice(0)) repo.close();
});

describe('retrieve never exceeds the budget (property)', () => {
  it('holds over random repositories, tasks and budgets, in every format', { timeout: 240_000 }, async () => {
    const counter = createO200kCounter();
    await fc.assert(
      fc.asyncProperty(repoArb, fc.array(fc.tuple(taskArb, budgetArb), { minLength: 1, maxLength: 2 }), async (spec, runs) => {
        const repo = await indexedFiles(pythonFiles(spec));
        opened.push(repo);
        for (const [task, budget] of runs) {
          for (const format of RENDER_FORMATS) {
            const available = budget.contextWindow - budget.reservedTokens;
            try {
              const result = await retrieve(repo.ports, { task, stages: ['scope', 'precision'], budget, format });
              const tokens = counter.count(result.rendered);
              expect(tokens).toBeLessThanOrEqual(available);
              expect(result.package.budget.used).toBe(tokens);
            } catch (error) {
              // Only a budget too small for even an empty package may be refused.
              if (!(isCairnError(error) && error.code === 'BUDGET' && available < 400)) throw error;
            }
          }
        }
        repo.close();
        opened.splice(opened.indexOf(repo), 1);
      }),
      { numRuns: 25 },
    );
  });
});
