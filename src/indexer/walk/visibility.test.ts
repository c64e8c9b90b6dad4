import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexVisibility } from './visibility.js';
import { walkRepositorySync } from './walk.js';

let top: string;
let root: string;

function write(rel: string, content = 'x\n'): void {
  const abs = path.join(top, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, content);
}

/** Every file under the root, as the disk holds them (no rules). */
function allFiles(dir = root, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${prefix}${entry.name}`;
    return entry.isDirectory() ? allFiles(path.join(dir, entry.name), `${rel}/`) : [rel];
  });
}

beforeEach(() => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-visibility-'));
  // The root is a subfolder of a git work tree: ignore files above it apply, and info/exclude.
  fs.mkdirSync(path.join(top, '.git', 'info'), { recursive: true });
  write('.git/info/exclude', 'repo/local-notes.txt\n');
  write('.git/config', '[remote "origin"]\n\turl = https://alice:pw@host/r.git\n');
  write('.gitignore', '*.secret\n');
  root = path.join(top, 'repo');
  write('repo/.gitignore', 'deploy/.env\nlogs/\nbuild/\n!build/keep.txt\n*.log\n');
  write('repo/src/.gitignore', 'generated/\n');
  write('repo/src/.cairnignore', '!kept.log\n');
  for (const file of ['src/app.py', 'src/kept.log', 'src/other.log', 'src/generated/out.py', 'src/a.secret', 'deploy/.env', 'deploy/run.sh', 'logs/run1/out.txt', 'build/keep.txt', 'build/x.o', 'local-notes.txt', 'docs/guide.md', 'excluded/e.txt', '.cairn/index.db', 'runs/r1/build.log', 'runs/r1/summary.txt']) write(`repo/${file}`);
  write('repo/sub/.git/HEAD', 'ref: refs/heads/main\n');
});

afterEach(() => {
  fs.rmSync(top, { recursive: true, force: true });
});

describe('indexVisibility', () => {
  it('shows exactly the files the walker lists (same ignore files, same precedence)', () => {
    const options = { exclude: ['excluded/'], indexDir: path.join(root, '.cairn') };
    const walked = new Set([...walkRepositorySync(root, { maxFileBytes: 1e6, includeVendored: true, ...options })].filter((event) => event.type === 'file').map((event) => event.path));
    const visible = indexVisibility(root, options);
    const shown = allFiles().filter((file) => visible(file, false));
    expect(shown.sort()).toEqual([...walked].sort());
    expect(shown).toEqual(expect.arrayContaining(['src/app.py', 'src/kept.log', 'deploy/run.sh', 'docs/guide.md', 'runs/r1/summary.txt']));
  });

  it('hides .git (anywhere), the index directory, ignored files and everything below an ignored folder', () => {
    const visible = indexVisibility(root, { exclude: [], indexDir: path.join(root, '.cairn') });
    expect(visible('.git', true)).toBe(false);
    expect(visible('sub/.git/HEAD', false)).toBe(false);
    expect(visible('.cairn', true)).toBe(false);
    expect(visible('.cairn/index.db', false)).toBe(false);
    expect(visible('deploy/.env', false)).toBe(false);
    expect(visible('deploy', true)).toBe(true);
    expect(visible('logs', true)).toBe(false);
    expect(visible('logs/run1', true)).toBe(false);
    expect(visible('logs/run1/out.txt', false)).toBe(false);
    expect(visible('runs/r1', true)).toBe(true);
    expect(visible('runs/r1/build.log', false)).toBe(false);
    expect(visible('src/a.secret', false)).toBe(false);
    expect(visible('local-notes.txt', false)).toBe(false);
    expect(visible('', true)).toBe(true);
  });

  it('follows the ignore files as they are now (read when asked)', () => {
    write('repo/.gitignore', '');
    const visible = indexVisibility(root, { exclude: [], indexDir: null });
    expect(visible('deploy/.env', false)).toBe(true);
    expect(visible('logs/run1/out.txt', false)).toBe(true);
  });
});
