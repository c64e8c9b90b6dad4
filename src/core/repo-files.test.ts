// Reads of repository content stay inside the repository and never block or run away.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insideRepository, readRepoFile } from './repo-files.js';

let base: string;
let root: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'cairn-repo-files-'));
  root = join(base, 'repo');
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'src', 'a.py'), 'print(1)\n');
  writeFileSync(join(base, 'secret.txt'), 'outside\n');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('readRepoFile', () => {
  it('reads a file inside the repository, links within it included', () => {
    symlinkSync('a.py', join(root, 'src', 'b.py'));
    expect(readRepoFile(root, 'src/a.py')).toMatchObject({ ok: true });
    expect(readRepoFile(root, 'src/b.py')).toMatchObject({ ok: true });
    expect(insideRepository(root, 'src/b.py')).toBe(true);
  });

  it('refuses a link whose real path leaves the repository', () => {
    symlinkSync(join(base, 'secret.txt'), join(root, 'src', 'leak.py'));
    expect(readRepoFile(root, 'src/leak.py')).toMatchObject({ ok: false, reason: 'outside' });
    expect(insideRepository(root, 'src/leak.py')).toBe(false);
  });

  it('refuses a sibling folder whose name starts like the repository ("repo-other")', () => {
    mkdirSync(join(base, 'repo-other'));
    writeFileSync(join(base, 'repo-other', 'x.py'), 'x\n');
    symlinkSync(join(base, 'repo-other', 'x.py'), join(root, 'x.py'));
    expect(readRepoFile(root, 'x.py')).toMatchObject({ ok: false, reason: 'outside' });
  });

  it('refuses a FIFO without blocking, and a file over maxBytes', () => {
    execFileSync('mkfifo', [join(root, 'pipe.py')]);
    expect(readRepoFile(root, 'pipe.py')).toMatchObject({ ok: false, reason: 'not-a-file' });
    expect(readRepoFile(root, 'src/a.py', { maxBytes: 3 })).toMatchObject({ ok: false, reason: 'too-large' });
  });

  it('says missing for a file that is gone', () => {
    expect(readRepoFile(root, 'src/gone.py')).toMatchObject({ ok: false, reason: 'missing' });
  });
});
