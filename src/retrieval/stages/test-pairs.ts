// A source file's own tests: the test files named after it (`a.ts` ↔ `a.test.ts`,
// `a.spec.ts`, `__tests__/a.test.ts`; `a.py` ↔ `test_a.py`, `a_test.py`, `tests/test_a.py`;
// `a.go` ↔ `a_test.go`; `A.java` ↔ `ATest.java`; an `index.ts` ↔ the `index.test.ts` beside
// it), and the few test files that import it or refer to its definitions. A file's own
// tests say more about it than a test that merely imports it among many others (every test
// of a web framework imports its core), so they rank by the seed they test, undamped.

import type { CuratedReader } from '../../store/curated.js';

/** A test named after the file it tests. */
export const NAME_PAIR_STRENGTH = 1;
/** A test that imports or refers to the file, shared among all such tests of that file. */
export const USE_PAIR_STRENGTH = 0.9;

export interface TestPair {
  path: string;
  strength: number;
  how: 'named after' | 'uses';
}

/**
 * The test files paired with `source`: named after it (looked up in the index), or among
 * the test files that import it or refer to it (`users`, already known to the caller), each
 * such user at USE_PAIR_STRENGTH / √(how many test files use it).
 */
export function pairedTests(reader: CuratedReader, source: string, users: readonly string[]): TestPair[] {
  if (reader.file(source)?.isTest !== false) return [];
  const pairs = new Map<string, TestPair>();
  for (const path of testNamesFor(source)) {
    if (reader.file(path)?.isTest === true) pairs.set(path, { path, strength: NAME_PAIR_STRENGTH, how: 'named after' });
  }
  const testUsers = [...new Set(users)].filter((path) => path !== source && reader.file(path)?.isTest === true);
  for (const path of testUsers) {
    if (isNamedAfter(path, source)) pairs.set(path, { path, strength: NAME_PAIR_STRENGTH, how: 'named after' });
    else if (!pairs.has(path)) pairs.set(path, { path, strength: USE_PAIR_STRENGTH / Math.sqrt(testUsers.length), how: 'uses' });
  }
  return [...pairs.values()];
}

/** The paths a test of `source` is commonly given. */
export function testNamesFor(source: string): string[] {
  const { dir, stem, ext } = parts(source);
  const here = dir === '' ? '' : `${dir}/`;
  const exts = ext === 'ts' ? ['ts', 'tsx'] : ext === 'js' ? ['js', 'jsx', 'mjs'] : ext === 'tsx' ? ['tsx', 'ts'] : [ext];
  const names: string[] = [];
  for (const e of exts) names.push(`${here}${stem}.test.${e}`, `${here}${stem}.spec.${e}`, `${here}__tests__/${stem}.test.${e}`, `${here}__tests__/${stem}.${e}`);
  if (ext === 'py') names.push(`${here}test_${stem}.py`, `${here}${stem}_test.py`, `tests/test_${stem}.py`, `test/test_${stem}.py`, `${here}tests/test_${stem}.py`);
  if (ext === 'go' || ext === 'rs') names.push(`${here}${stem}_test.${ext}`);
  if (ext === 'java' || ext === 'kt') names.push(`${here}${stem}Test.${ext}`, `${here.replace(/(^|\/)main\//, '$1test/')}${stem}Test.${ext}`);
  return names.filter((name) => name !== source);
}

/** True when the test's file name, without its test markers, is the source's name (in a related folder). */
export function isNamedAfter(test: string, source: string): boolean {
  const t = parts(test);
  const s = parts(source);
  const bare = t.stem.replace(/^test_|(_test|_tests|\.test|\.spec|Tests?)$/g, '');
  if (bare === '' || bare === t.stem) return false;
  const related = t.dir === s.dir || t.dir === `${s.dir}/__tests__` || /(^|\/)(tests?|__tests__|spec)(\/|$)/.test(t.dir);
  return related && bare === s.stem;
}

function parts(path: string): { dir: string; stem: string; ext: string } {
  const slash = path.lastIndexOf('/');
  const dir = slash < 0 ? '' : path.slice(0, slash);
  const base = path.slice(slash + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? { dir, stem: base, ext: '' } : { dir, stem: base.slice(0, dot), ext: base.slice(dot + 1) };
}
