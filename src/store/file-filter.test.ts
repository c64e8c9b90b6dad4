// --path patterns behave as in .gitignore: folders take what is under them, slash-free
// patterns match names at any depth, `/` anchors at the root.

import { describe, expect, it } from 'vitest';
import { pathMatcher } from './file-filter.js';

const PATHS = [
  'src/middleware/cors/index.ts',
  'src/middleware/logger.ts',
  'src/middleware.ts',
  'src/index.ts',
  'lib/src/util.py',
  '.github/workflows/ci.yml',
  'README.md',
];

function matching(...patterns: string[]): string[] {
  const matches = pathMatcher(patterns);
  return PATHS.filter((path) => matches(path));
}

describe('pathMatcher', () => {
  it('takes everything under a folder, named plainly, with a trailing slash, ./ or as folder/*', () => {
    const middleware = ['src/middleware/cors/index.ts', 'src/middleware/logger.ts'];
    expect(matching('src/middleware')).toEqual(middleware);
    expect(matching('src/middleware/')).toEqual(middleware);
    expect(matching('./src/middleware')).toEqual(middleware);
    expect(matching('src/middleware/*')).toEqual(middleware);
    expect(matching('src/middleware/**')).toEqual(middleware);
  });

  it('matches a slash-free pattern against names at any depth, and anchors one that starts with /', () => {
    expect(matching('*.ts')).toEqual(['src/middleware/cors/index.ts', 'src/middleware/logger.ts', 'src/middleware.ts', 'src/index.ts']);
    expect(matching('index.ts')).toEqual(['src/middleware/cors/index.ts', 'src/index.ts']);
    expect(matching('src')).toEqual(PATHS.filter((path) => path.includes('src/')));
    expect(matching('/src')).toEqual(PATHS.filter((path) => path.startsWith('src/')));
  });

  it('keeps exact files, globs with folders, dotfiles, and several patterns as alternatives', () => {
    expect(matching('src/middleware.ts')).toEqual(['src/middleware.ts']);
    expect(matching('src/**/*.ts')).toEqual(['src/middleware/cors/index.ts', 'src/middleware/logger.ts', 'src/middleware.ts', 'src/index.ts']);
    expect(matching('**/*.yml')).toEqual(['.github/workflows/ci.yml']);
    expect(matching('README.md', 'lib')).toEqual(['lib/src/util.py', 'README.md']);
    expect(matching('src/nothing-here')).toEqual([]);
  });
});
