// Regression tests for task words that became anchors: an everyday word of the task that is
// also a helper's name (`unchanged`) put that helper first, and a function written as a call
// (`simplify(...)`) anchored nothing because many classes have a method of that name.

import { afterEach, describe, expect, it } from 'vitest';
import { indexedFiles, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { analyzeTask } from '../task/task-query.js';
import { retrieve } from './retrieve.js';

const repos: IndexedRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.close();
});

const EXPR = `class Expr:
    def simplify(self, **kwargs):
        """See the simplify function."""
        from mathlib.simplify.simplify import simplify
        return simplify(self, **kwargs)


def unchanged(func, *args):
    """Return True if \`func\` applied to the \`args\` is unchanged.

    Can be used instead of \`assert foo == foo\`: the result is unchanged when
    func(*args) returns its input unchanged, so the input is unchanged.
    """
    f = func(*args)
    return f.func == func and f.args == args
`;

const SIMPLIFY = `from mathlib.core.expr import Expr


def simplify(expr, ratio=1.7, measure=None):
    """Simplifies the given expression.

    Tries every rewriting and keeps the shortest result; when none is shorter,
    the input expression is returned as it is.
    """
    candidates = [expand(expr), factor(expr), cancel(expr)]
    best = min(candidates, key=measure or count_ops)
    if measure(best) > ratio * measure(expr):
        return expr
    return best
`;

/** Thirteen classes with a \`simplify\` method: more definitions of the name than an anchor may have. */
const SHAPES = Array.from({ length: 13 }, (_, n) => `class Shape${n}:\n    def simplify(self):\n        return self\n`).join('\n\n');

const TASK = 'simplify(...) returns the input unchanged';

async function mathlib(): Promise<IndexedRepo> {
  const repo = await indexedFiles({
    'mathlib/__init__.py': '',
    'mathlib/core/__init__.py': '',
    'mathlib/core/expr.py': EXPR,
    'mathlib/simplify/__init__.py': '',
    'mathlib/simplify/simplify.py': SIMPLIFY,
    'mathlib/shapes.py': SHAPES,
  });
  repos.push(repo);
  return repo;
}

describe('task words as anchors', () => {
  it('a call written without a receiver anchors the function of that name, not its many methods', async () => {
    const repo = await mathlib();
    const task = await analyzeTask(repo.ports.reader, TASK);
    expect(task.mentionedSymbols.map((symbol) => symbol.key)).toContain('mathlib/simplify/simplify.py::simplify');
    expect(task.mentionedSymbols.some((symbol) => symbol.key.startsWith('mathlib/shapes.py'))).toBe(false);
  });

  it('an everyday word of the task (unchanged) is not a name: the helper called unchanged does not come first', async () => {
    const repo = await mathlib();
    const task = await analyzeTask(repo.ports.reader, TASK);
    expect(task.nameTerms).toContain('simplify');
    expect(task.nameTerms).not.toContain('unchanged');
    const result = await retrieve(repo.ports, { task: TASK, stages: ['scope', 'precision'], budget: { contextWindow: 4000, reservedTokens: 0 }, format: 'json' });
    const order = result.package.items.map((item) => item.symbolKey ?? item.path);
    expect(order[0], order.join(', ')).toMatch(/^mathlib\/simplify\/simplify\.py(::simplify)?$/);
    const helper = order.indexOf('mathlib/core/expr.py::unchanged');
    if (helper >= 0) expect(helper).toBeGreaterThan(order.findIndex((key) => key.startsWith('mathlib/simplify/simplify.py')));
    expect(result.package.match).toBe('strong');
  });
});
