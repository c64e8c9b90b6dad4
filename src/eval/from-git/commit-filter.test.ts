import { describe, expect, it } from 'vitest';
import { categoryOf, isBotLike, isRevert, namesAnyFile, queryOf, wordCount } from './commit-filter.js';

const human = { author: 'Ada', email: 'ada@example.com' };

describe('commit filters', () => {
  it('drops trailers from the query but keeps the body', () => {
    const message = 'Fix the thing that broke\n\nLonger story here.\n\nCo-authored-by: Bob <b@x>\nSigned-off-by: Ada <a@x>';
    expect(queryOf(message)).toBe('Fix the thing that broke\n\nLonger story here.');
  });

  it('counts words that hold a letter or digit', () => {
    expect(wordCount('fix typo')).toBe(2);
    expect(wordCount('Fix `to_orc` delayed compute - behaviour (#8035)')).toBe(6);
  });

  it('recognises reverts by subject or by git\'s body line', () => {
    expect(isRevert('Revert "Add x"\n\nThis reverts commit 0123456789abcdef.')).toBe(true);
    expect(isRevert('Undo the change\n\nThis reverts commit abcdef1234.')).toBe(true);
    expect(isRevert('Reverting to the old algorithm speeds up parsing')).toBe(false);
  });

  it('recognises bots by author and release chores by subject', () => {
    expect(isBotLike({ author: 'dependabot[bot]', email: 'x@users.noreply.github.com', message: 'Update pytest requirement' })).toBe(true);
    expect(isBotLike({ author: 'pre-commit-ci[bot]', email: 'x', message: 'autoupdate hooks' })).toBe(true);
    expect(isBotLike({ ...human, message: '[pre-commit.ci] auto fixes from pre-commit.com hooks' })).toBe(true);
    expect(isBotLike({ ...human, message: 'Bump version to 2021.08.0' })).toBe(true);
    expect(isBotLike({ ...human, message: 'bump version to 2021.08.0' })).toBe(true);
    expect(isBotLike({ ...human, message: 'chore(deps): update dependency x' })).toBe(true);
    expect(isBotLike({ ...human, message: 'Fix release of locks when a worker dies' })).toBe(false);
  });

  it('finds a changed file named by path, file name or stem as a word, in any case', () => {
    const paths = ['dask/dataframe/io/orc/core.py', 'dask/array/routines.py'];
    expect(namesAnyFile('see dask/array/routines.py for details', paths)).toBe(true);
    expect(namesAnyFile('Tweak Routines.py a bit more', paths)).toBe(true);
    expect(namesAnyFile('speed up the ROUTINES module today', paths)).toBe(true);
    expect(namesAnyFile('Use core-count for the pool', paths)).toBe(true);
    expect(namesAnyFile('Fix `to_orc` delayed compute behaviour and the scoreboard', paths)).toBe(false);
    expect(namesAnyFile('subroutines are fine', paths)).toBe(false);
  });

  it('sorts subjects into fix, performance and change', () => {
    expect(categoryOf('Fix crash when the list is empty')).toBe('fix');
    expect(categoryOf('Speed up tokenizer by caching regexes')).toBe('performance');
    expect(categoryOf('Add a --json flag to the status command')).toBe('change');
  });
});
