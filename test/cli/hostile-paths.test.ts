// Paths and names a repository can ship against its reader (issue 14): an index
// directory that is a link, links inside it, a file swapped for a link leaving the
// repository after it was indexed, file names holding control characters. Each test is
// named after the defect it guards against.

import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { tempDir, type TempDir } from '../support/temp-repo.js';

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

function scratch(prefix: string): TempDir {
  const dir = tempDir(prefix);
  cleanups.push(dir);
  return dir;
}

function smallRepo(): TempDir {
  const repo = scratch('cairn-hostile-');
  repo.write('shop/cart.py', 'from shop.pricing import price_of\n\n\ndef cart_total(items):\n    return sum(price_of(item) for item in items)\n');
  repo.write('shop/pricing.py', 'def price_of(item):\n    return item.price * item.count\n');
  return repo;
}

describe('index directory reached through links', () => {
  it('a .cairn symlink shipped in a repository → exit 3, and nothing written where it points', async () => {
    const repo = smallRepo();
    const elsewhere = scratch('cairn-elsewhere-').path;
    symlinkSync(elsewhere, join(repo.path, '.cairn'));
    const result = await runCli(['index', repo.path]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('.cairn is a symbolic link');
    expect(readdirSync(elsewhere)).toEqual([]);
    expect((await runCli(['search', 'cart', '--repo', repo.path])).code).toBe(3);
    expect(readdirSync(elsewhere)).toEqual([]);
    // Named by the user, the same link is taken as named.
    expect((await runCli(['index', repo.path, '--index-dir', join(repo.path, '.cairn')])).code).toBe(0);
    expect(existsSync(join(elsewhere, 'index.db'))).toBe(true);
  });

  it('a dangling .cairn/index.db link → exit 5, and no file created where it points', async () => {
    const repo = smallRepo();
    const target = join(scratch('cairn-elsewhere-').path, 'planted.db');
    mkdirSync(join(repo.path, '.cairn'));
    symlinkSync(target, join(repo.path, '.cairn', 'index.db'));
    const result = await runCli(['index', repo.path]);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('index.db is a symbolic link');
    expect(existsSync(target)).toBe(false);
    for (const suffix of ['-wal', '-shm']) expect(existsSync(`${target}${suffix}`)).toBe(false);
  });
});

describe('a file replaced after indexing by a link leaving the repository', () => {
  const SECRET = 'zanzibar_total';

  async function swapped(): Promise<TempDir> {
    const repo = smallRepo();
    // The secret's name is also used by two other files, so it would count as a distinctive term if read.
    repo.write('shop/notes.py', `def ${SECRET}():\n    return 0\n`);
    repo.write('shop/ledger.py', `from shop.notes import ${SECRET}\n\n\ndef ledger():\n    return ${SECRET}()\n`);
    expect((await runCli(['index', repo.path])).code).toBe(0);
    const outside = scratch('cairn-outside-');
    outside.write('secret.py', `def price_of(item):\n    return ${SECRET}() + ${SECRET}()\n`);
    rmSync(join(repo.path, 'shop/pricing.py'));
    symlinkSync(join(outside.path, 'secret.py'), join(repo.path, 'shop/pricing.py'));
    return repo;
  }

  it('is not read by `similar` (its words do not appear in the output)', async () => {
    const repo = await swapped();
    const result = await runCli(['similar', 'shop/pricing.py', '--repo', repo.path, '--no-refresh']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(SECRET);
  });
});

describe('file names with control characters', () => {
  const NEWLINE_DIR = 'fake\n    src';
  const ANSI_FILE = '\u001b[31mred.py';

  async function namedRepo(): Promise<TempDir> {
    const repo = scratch('cairn-names-');
    mkdirSync(join(repo.path, NEWLINE_DIR));
    writeFileSync(join(repo.path, NEWLINE_DIR, 'secret.py'), 'def cart_total(items):\n    return sum(items)\n');
    writeFileSync(join(repo.path, ANSI_FILE), 'def cart_red():\n    return cart_total([])\n');
    repo.write('src/other.py', 'def cart_other():\n    return cart_total([])\n');
    expect(readdirSync(repo.path)).toContain(NEWLINE_DIR);
    expect((await runCli(['index', repo.path])).code).toBe(0);
    return repo;
  }

  /** No raw control character but the line breaks, and no line that starts like a forged path. */
  function expectEscaped(text: string): void {
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(text).not.toMatch(/^ {4}src\/secret\.py/m);
  }

  it.each([
    ['search', ['search', 'cart']],
    ['graph', ['graph', 'src/other.py']],
    ['similar', ['similar', 'src/other.py']],
    ['impact', ['impact', 'cart_total']],
  ])('are printed escaped by `%s`, not raw (a forged result line, a terminal escape)', async (_name, args) => {
    const repo = await namedRepo();
    const result = await runCli([...args, '--repo', repo.path, '--no-refresh']);
    expect(result.code).toBe(0);
    expectEscaped(result.stdout);
    expect(result.stdout).toMatch(/fake\\n {4}src\/secret\.py|\\x1b\[31mred\.py/);
  });
});
