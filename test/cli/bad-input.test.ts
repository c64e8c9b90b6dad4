// Bad input gets a clear message naming the input, a documented exit code, no stack
// trace, and leaves an existing index as it was.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/cli.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

function scratch(): TempDir {
  const dir = tempDir();
  cleanups.push(dir);
  return dir;
}

function expectCleanFailure(result: CliResult, code: number, mentions: string): void {
  expect(result.code).toBe(code);
  expect(result.stderr).toContain(mentions);
  expect(result.stderr).toMatch(/^cairn: /);
  expect(result.stderr).toContain('hint:');
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack frames
  expect(result.stdout).toBe('');
}

describe('bad input', () => {
  it('a path that does not exist → exit 3 naming it', async () => {
    const missing = join(scratch().path, 'nope');
    expectCleanFailure(await runCli(['index', missing]), 3, `${missing}: no such folder`);
  });

  it('a file instead of a folder → exit 3 naming it', async () => {
    const dir = scratch();
    dir.write('file.txt', 'hello');
    const file = join(dir.path, 'file.txt');
    expectCleanFailure(await runCli(['index', file]), 3, `${file} is a file`);
  });

  it('unknown flags and bad numbers → usage error, exit 2', async () => {
    const unknown = await runCli(['index', '--frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--frobnicate'");
    const badLimit = await runCli(['search', 'x', '--limit', 'many']);
    expect(badLimit.code).toBe(2);
    expect(badLimit.stderr).toContain('--limit must be a positive whole number, got "many"');
  });

  it('a corrupt index file → exit 5, and the file is left exactly as it was', async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(repo);
    mkdirSync(join(repo.path, '.cairn'));
    const indexFile = join(repo.path, '.cairn', 'index.db');
    const garbage = Buffer.from('this is not a database, but it is the user’s file '.repeat(200));
    writeFileSync(indexFile, garbage);
    const result = await runCli(['index', repo.path]);
    expectCleanFailure(result, 5, indexFile);
    expect(readFileSync(indexFile)).toEqual(garbage);
    const search = await runCli(['search', 'cart', '--repo', repo.path, '--no-refresh']);
    expect(search.code).toBe(5);
    expect(readFileSync(indexFile)).toEqual(garbage);
  });

  it('searching before any index with --no-refresh → exit 5 saying to run cairn index', async () => {
    const repo = scratch();
    const result = await runCli(['search', 'x', '--repo', repo.path, '--no-refresh']);
    expectCleanFailure(result, 5, 'cairn index');
  });

  it('a bad cairn.yaml → exit 4 naming the file and the key', async () => {
    const repo = scratch();
    repo.write('cairn.yaml', 'index:\n  maxFileBytes: -5\n');
    const result = await runCli(['index', repo.path]);
    expectCleanFailure(result, 4, 'index.maxFileBytes');
    expect(result.stderr).toContain(join(repo.path, 'cairn.yaml'));
    repo.write('cairn.yaml', 'index: [unclosed\n');
    expectCleanFailure(await runCli(['index', repo.path]), 4, 'is not valid YAML');
  });

  it('indexes awkward files without failing: invalid UTF-8, an enormous line, binary, an empty file', async () => {
    const repo = scratch();
    repo.write('bad_utf8.py', Buffer.concat([Buffer.from('def ok():\n    return "'), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('"\n')]));
    repo.write('minified.js', `var a=${'1+'.repeat(400_000)}1;function tail(){return a}\n`);
    repo.write('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]));
    repo.write('empty.py', '');
    repo.write('huge.txt', 'x'.repeat(2 * 1024 * 1024));
    const result = await runCli(['index', repo.path, '--json']);
    expect(result.stderr).toBe(`cairn: warning: ${repo.path} is not in a git repository: indexed as a plain folder, without history\n`);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary.files).toBe(4);
    expect(summary.skipped['too-large']).toBe(1);
    // One 800 KB line: minified, so indexed as text only (src/indexer/work-bound.ts), and found by its text.
    const search = await runCli(['search', 'tail', '--mode', 'bm25', '--repo', repo.path, '--json', '--no-refresh']);
    expect(JSON.parse(search.stdout).results.map((r: { id: string }) => r.id)).toContain('minified.js');
    const ok = await runCli(['search', 'ok', '--repo', repo.path, '--kind', 'symbol', '--json', '--no-refresh']);
    expect(JSON.parse(ok.stdout).results.map((r: { id: string }) => r.id)).toContain('bad_utf8.py::ok');
  });
});
