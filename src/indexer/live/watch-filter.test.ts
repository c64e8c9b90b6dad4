import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFilter } from './watch-filter.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repo(gitignore = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-watch-'));
  made.push(dir);
  if (gitignore) writeFileSync(join(dir, '.gitignore'), gitignore);
  return dir;
}

describe('watchFilter', () => {
  it("leaves cairn's own index alone (its writes would start a refresh after every refresh)", () => {
    const root = repo();
    const ignored = watchFilter(root, join(root, '.cairn'), { exclude: [], includeVendored: false });
    expect(ignored(join(root, '.cairn'), true)).toBe(true);
    expect(ignored(join(root, '.cairn', 'index.db-wal'), false)).toBe(true);
    expect(ignored(join(root, '.cairn', 'raw-log.db'))).toBe(true);
    const outside = watchFilter(root, '/var/tmp/elsewhere', { exclude: [], includeVendored: false });
    expect(outside(join(root, 'src', 'a.ts'), false)).toBe(false);
  });

  it("watches git's HEAD (a checkout moves it) and nothing else inside .git", () => {
    const root = repo();
    const ignored = watchFilter(root, join(root, '.cairn'), { exclude: [], includeVendored: false });
    expect(ignored(join(root, '.git'), true)).toBe(false);
    expect(ignored(join(root, '.git', 'HEAD'), false)).toBe(false);
    expect(ignored(join(root, '.git', 'objects'), true)).toBe(true);
    expect(ignored(join(root, '.git', 'index'), false)).toBe(true);
    expect(ignored(join(root, '.git', 'refs', 'heads', 'main'), false)).toBe(true);
  });

  it('skips vendored and build folders unless they are indexed, and what the root ignore files and exclude ignore', () => {
    const root = repo('*.log\ngenerated/\n');
    const ignored = watchFilter(root, join(root, '.cairn'), { exclude: ['fixtures/big/'], includeVendored: false });
    expect(ignored(join(root, 'node_modules'), true)).toBe(true);
    expect(ignored(join(root, 'pkg', 'node_modules', 'x', 'index.js'), false)).toBe(true);
    expect(ignored(join(root, 'build'), true)).toBe(true);
    expect(ignored(join(root, 'server.log'), false)).toBe(true);
    expect(ignored(join(root, 'generated'), true)).toBe(true);
    expect(ignored(join(root, 'fixtures', 'big'), true)).toBe(true);
    expect(ignored(join(root, 'src', 'app.ts'), false)).toBe(false);
    expect(ignored(join(root, 'src'), true)).toBe(false);
    expect(ignored(root, true)).toBe(false);
    const vendoredToo = watchFilter(root, join(root, '.cairn'), { exclude: [], includeVendored: true });
    expect(vendoredToo(join(root, 'node_modules'), true)).toBe(false);
  });
});
