import { describe, expect, it } from 'vitest';
import { isNamedAfter, testNamesFor } from './test-pairs.js';

describe('test pairs: which tests are named after a source file', () => {
  it('pairs the common test names with their source, in a related folder', () => {
    expect(isNamedAfter('src/middleware/request-id/index.test.ts', 'src/middleware/request-id/index.ts')).toBe(true);
    expect(isNamedAfter('src/app/__tests__/router.test.tsx', 'src/app/router.tsx')).toBe(true);
    expect(isNamedAfter('tests/test_ctx.py', 'src/flask/ctx.py')).toBe(true);
    expect(isNamedAfter('pkg/store/store_test.go', 'pkg/store/store.go')).toBe(true);
    expect(isNamedAfter('src/test/java/a/CartTest.java', 'src/main/java/a/Cart.java')).toBe(true);
  });

  it('does not pair a test with a file of another name, or with a same-named file elsewhere', () => {
    expect(isNamedAfter('src/middleware/cache/index.test.ts', 'src/middleware/request-id/index.ts')).toBe(false);
    expect(isNamedAfter('tests/test_reqctx.py', 'src/flask/ctx.py')).toBe(false);
    expect(isNamedAfter('src/index.ts', 'src/index.ts')).toBe(false);
    expect(isNamedAfter('src/a/util.test.ts', 'src/b/util.ts')).toBe(false);
  });

  it('names the paths a test of a file is commonly given', () => {
    expect(testNamesFor('src/request.ts')).toEqual(expect.arrayContaining(['src/request.test.ts', 'src/request.spec.ts', 'src/__tests__/request.test.ts', 'src/request.test.tsx']));
    expect(testNamesFor('src/flask/ctx.py')).toEqual(expect.arrayContaining(['src/flask/test_ctx.py', 'tests/test_ctx.py']));
    expect(testNamesFor('pkg/store.go')).toContain('pkg/store_test.go');
  });
});
