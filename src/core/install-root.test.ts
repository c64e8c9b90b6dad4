import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../test/support/temp-repo.js';
import { CairnError } from './errors.js';
import { installRoot, PACKAGE_NAME } from './install-root.js';

let dir: TempDir;
let root: string;
beforeEach(() => {
  dir = tempDir('cairn-install-root-');
  root = dir.path;
});
afterEach(() => dir.remove());

const file = (path: string, text = ''): void => dir.write(path, text);

const moduleAt = (path: string): string => pathToFileURL(join(root, path)).href;

describe('installRoot', () => {
  it('finds the package folder from src/, dist/<folder>/ and dist/bundle/ at any depth', () => {
    file('pkg/package.json', JSON.stringify({ name: PACKAGE_NAME, version: '1.2.3' }));
    for (const module of ['pkg/src/faces/cli/io.ts', 'pkg/dist/indexer/languages/flat-tree.js', 'pkg/dist/bundle/chunk-AB12.js']) {
      expect(installRoot(moduleAt(module))).toBe(join(root, 'pkg'));
    }
  });

  it("skips package.json files that are not cairn's (a nested package, a malformed file)", () => {
    file('pkg/package.json', JSON.stringify({ name: PACKAGE_NAME }));
    file('pkg/dist/package.json', JSON.stringify({ type: 'module' }));
    file('pkg/dist/bundle/package.json', '{ not json');
    expect(installRoot(moduleAt('pkg/dist/bundle/main.js'))).toBe(join(root, 'pkg'));
  });

  it('says INTERNAL, with a hint to reinstall, when no folder above is cairn', () => {
    file('other/package.json', JSON.stringify({ name: 'not-cairn' }));
    let caught: unknown = null;
    try {
      installRoot(moduleAt('other/dist/bundle/main.js'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CairnError);
    expect((caught as CairnError).code).toBe('INTERNAL');
    expect((caught as CairnError).hint).toMatch(/reinstall cairn/);
  });

  it("knows the name this checkout's package.json gives", () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string };
    expect(PACKAGE_NAME).toBe(manifest.name);
  });

  it('is this checkout when asked from its own modules', () => {
    expect(installRoot(import.meta.url)).toBe(fileURLToPath(new URL('../..', import.meta.url)).replace(/[\\/]$/, ''));
  });
});
