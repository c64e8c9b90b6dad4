// The run directory and the source-of-truth folders are walked without leaving them.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readHead } from './read-file.js';
import { walkInside } from './safe-walk.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-walk-'));
  dirs.push(dir);
  return dir;
}

describe('walkInside', () => {
  it('follows links that stay inside, never those that leave, and walks a linked loop once', () => {
    const outside = temp();
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    mkdirSync(join(outside, 'folder'));
    writeFileSync(join(outside, 'folder', 'more.txt'), 'more');
    const root = temp();
    mkdirSync(join(root, 'logs'));
    writeFileSync(join(root, 'logs', 'a.log'), 'a');
    symlinkSync(join(outside, 'secret.txt'), join(root, 'leak.txt'));
    symlinkSync(join(outside, 'folder'), join(root, 'leak-dir'));
    symlinkSync('../../' + outside.split('/').pop() + '/secret.txt', join(root, 'logs', 'relative-leak.txt'));
    symlinkSync('logs/a.log', join(root, 'inside-link.log'));
    symlinkSync('..', join(root, 'logs', 'loop'));
    const walk = walkInside(root);
    expect(walk.files.map((file) => file.path)).toEqual(['inside-link.log']);
    expect(walk.skipped.map((entry) => entry.path).sort()).toEqual(['leak-dir', 'leak.txt', 'logs/relative-leak.txt']);
    for (const entry of walk.skipped) expect(entry.reason).toMatch(/outside the folder: not followed$/);
  });

  it('lists each real file once (the first path that reaches it) and skips pipes', () => {
    const root = temp();
    writeFileSync(join(root, 'b.log'), 'b');
    symlinkSync('b.log', join(root, 'a-link.log'));
    execFileSync('mkfifo', [join(root, 'pipe')]);
    const walk = walkInside(root);
    expect(walk.files.map((file) => file.path)).toEqual(['a-link.log']);
    expect(walk.skipped).toEqual([{ path: 'pipe', reason: 'not a regular file (a pipe, socket or device)' }]);
  });

  it('stops at maxEntries and says so', () => {
    const root = temp();
    for (let i = 0; i < 20; i++) writeFileSync(join(root, `f${String(i).padStart(2, '0')}`), '');
    const walk = walkInside(root, { maxEntries: 5 });
    expect(walk.cut).toBe(true);
    expect(walk.files).toHaveLength(5);
  });
});

describe('readHead', () => {
  it('reads at most what is asked and says whether that was all', () => {
    const root = temp();
    writeFileSync(join(root, 'f'), 'abcdef');
    expect(readHead(join(root, 'f'), 3)).toEqual({ text: 'abc', complete: false, binary: false });
    expect(readHead(join(root, 'f'), 6)).toEqual({ text: 'abcdef', complete: true, binary: false });
    writeFileSync(join(root, 'bin'), Buffer.from([65, 0, 66]));
    expect(readHead(join(root, 'bin'), 100).binary).toBe(true);
  });

  it('refuses to open a link (the walk hands it real paths only)', () => {
    const root = temp();
    writeFileSync(join(root, 'f'), 'x');
    symlinkSync('f', join(root, 'link'));
    expect(() => readHead(join(root, 'link'), 10)).toThrow(expect.objectContaining({ code: 'ELOOP' }));
  });
});
