import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.js';
import type { WalkEvent, WalkOptions } from './types.js';
import { walkRepository, walkRepositorySync } from './walk.js';
import { nodeWalkFs, type WalkFs } from './walk-fs.js';

let root: string;

function write(files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
}

const defaults: WalkOptions = { maxFileBytes: 1_000_000, includeVendored: false, exclude: [] };

function events(options: Partial<WalkOptions> = {}, walkFs?: WalkFs, at = root): WalkEvent[] {
  return [...walkRepositorySync(at, { ...defaults, ...options }, walkFs)];
}

function files(options: Partial<WalkOptions> = {}, at = root): string[] {
  return events(options, undefined, at).flatMap((e) => (e.type === 'file' ? [e.path] : []));
}

function skips(options: Partial<WalkOptions> = {}, walkFs?: WalkFs): string[] {
  return events(options, walkFs).flatMap((e) => (e.type === 'skip' ? [`${e.reason} ${e.path}`] : []));
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-walk-'));
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('walkRepository: order and shape', () => {
  it('yields files in the order of their full paths, folders included', () => {
    write({ 'a/b': '', 'a-c': '', 'a.txt': '', B: '', 'a/z/y': '', 'ab/c': '' });
    expect(files()).toEqual(['B', 'a-c', 'a.txt', 'a/b', 'a/z/y', 'ab/c']);
  });

  it('reports repo-relative path, absolute path, size and mtime', () => {
    write({ 'src/x.ts': 'hello' });
    fs.utimesSync(path.join(root, 'src/x.ts'), 1_700_000_000, 1_700_000_000);
    expect(events()).toEqual([
      { type: 'file', path: 'src/x.ts', absPath: path.join(root, 'src/x.ts'), size: 5, mtimeMs: 1_700_000_000_000 },
    ]);
  });

  it('gives the same events from the async generator', async () => {
    write({ 'a.py': 'x', 'node_modules/m.js': '', 'b/c.md': '' });
    const collected: WalkEvent[] = [];
    for await (const event of walkRepository(root, defaults)) collected.push(event);
    expect(collected).toEqual(events());
  });

  it('always skips .git, silently', () => {
    write({ '.git/config': '', '.git/objects/x': '', 'sub/.git': 'gitdir: ../x', 'sub/f': '' });
    expect(events().map((e) => `${e.type} ${e.path}`)).toEqual(['file sub/f']);
  });
});

describe('walkRepository: ignore files', () => {
  it('honours nested .gitignore files with negation, anchoring and folder-only patterns', () => {
    write({
      '.gitignore': '*.log\n!keep.log\n/anchored.txt\nout/\n',
      'a.log': '',
      'keep.log': '',
      'anchored.txt': '',
      'out/x.js': '',
      'src/out': 'a file named out is not a folder',
      'src/anchored.txt': '',
      'src/.gitignore': '/local.txt\nsecret.txt\n!again.log\n',
      'src/local.txt': '',
      'src/deeper/local.txt': '',
      'src/deeper/secret.txt': '',
      'src/again.log': '',
      'src/other.log': '',
    });
    expect(files()).toEqual([
      '.gitignore',
      'keep.log',
      'src/.gitignore',
      'src/again.log',
      'src/anchored.txt',
      'src/deeper/local.txt',
      'src/out',
    ]);
  });

  it('lets a deeper ignore file ignore what a shallower one re-included', () => {
    write({ '.gitignore': '*.tmp\n!b.tmp\n', 'sub/.gitignore': 'b.tmp\n', 'b.tmp': '', 'sub/b.tmp': '' });
    expect(files()).toEqual(['.gitignore', 'b.tmp', 'sub/.gitignore']);
  });

  it('reads .cairnignore after .gitignore in the same folder, so it can re-include', () => {
    write({
      '.gitignore': 'gen/\n',
      '.cairnignore': '!gen/\ndocs/drafts/\n',
      'gen/api.py': '',
      'docs/drafts/a.md': '',
      'docs/b.md': '',
      'pkg/.cairnignore': 'fixtures/\n',
      'pkg/fixtures/big.json': '',
      'pkg/mod.py': '',
    });
    expect(files()).toEqual(['.cairnignore', '.gitignore', 'docs/b.md', 'gen/api.py', 'pkg/.cairnignore', 'pkg/mod.py']);
  });

  it('honours .git/info/exclude below every .gitignore', () => {
    write({ '.git/info/exclude': '*.bak\nkeep.me\n', '.gitignore': '!keep.me\n', 'a.bak': '', 'keep.me': '', 'c.py': '' });
    expect(files()).toEqual(['.gitignore', 'c.py', 'keep.me']);
  });

  it('applies exclude patterns above every ignore file', () => {
    write({ '.gitignore': '!*.py\n', 'a.py': '', 'tests/b.py': '', 'data/c.csv': '', 'data/d.py': '' });
    expect(files({ exclude: ['tests/', 'data/*.csv', '*.py', '!a.py'] })).toEqual(['.gitignore', 'a.py']);
  });

  it('applies the ignore files of folders above the root up to the git work tree', () => {
    write({
      '.git/HEAD': '',
      '.git/info/exclude': 'excluded.md\n',
      '.gitignore': '/pkg/top-anchored.py\n*.o\n',
      'pkg/.gitignore': 'mid.txt\n',
      'pkg/top-anchored.py': '',
      'pkg/kept.py': '',
      'pkg/x.o': '',
      'pkg/mid.txt': '',
      'pkg/excluded.md': '',
    });
    expect(files({}, path.join(root, 'pkg'))).toEqual(['.gitignore', 'kept.py']);
  });

  it('walks tracked files even when ignored, and nothing else in an ignored folder', () => {
    write({ '.gitignore': 'prefect.yaml\nbuild-out/\n', 'templates/prefect.yaml': '', 'build-out/keep.txt': '', 'build-out/junk.txt': '' });
    const tracked = new Set(['templates/prefect.yaml', 'build-out/keep.txt', '.gitignore']);
    expect(files({ tracked })).toEqual(['.gitignore', 'build-out/keep.txt', 'templates/prefect.yaml']);
    expect(files()).toEqual(['.gitignore']);
  });

  it('reports ignored entries only when asked, once per ignored folder', () => {
    write({ '.gitignore': 'tmp/\n*.log\n', 'tmp/a': '', 'tmp/b': '', 'x.log': '', 'y.py': '' });
    expect(skips()).toEqual([]);
    expect(skips({ reportIgnored: true })).toEqual(['ignored tmp', 'ignored x.log']);
  });
});

describe('walkRepository: vendored folders', () => {
  it('skips vendored and build folders with one event each, unless asked to include them', () => {
    write({ 'node_modules/m/index.js': '', 'dist/a.js': '', 'src/__pycache__/a.pyc': '', 'src/a.py': '', '.vscode/s.json': '' });
    expect(skips()).toEqual(['vendored .vscode', 'vendored dist', 'vendored node_modules', 'vendored src/__pycache__']);
    expect(files()).toEqual(['src/a.py']);
    expect(files({ includeVendored: true })).toEqual([
      '.vscode/s.json',
      'dist/a.js',
      'node_modules/m/index.js',
      'src/__pycache__/a.pyc',
      'src/a.py',
    ]);
  });

  it('is silent about vendored folders that are ignored anyway', () => {
    write({ '.gitignore': 'node_modules/\n', 'node_modules/a.js': '', 'a.js': '' });
    expect(events().map((e) => `${e.type} ${e.path}`)).toEqual(['file .gitignore', 'file a.js']);
  });

  it('skips a virtual environment by its pyvenv.cfg whatever its name, and keeps env/ without one', () => {
    write({ 'env/pyvenv.cfg': '', 'env/lib/x.py': '', 'py311/pyvenv.cfg': '', 'config/env/settings.py': '' });
    expect(skips()).toEqual(['vendored env', 'vendored py311']);
    expect(files()).toEqual(['config/env/settings.py']);
  });

  it('skips target/ next to a Cargo.toml or containing CACHEDIR.TAG, and keeps any other target/', () => {
    write({
      'rs/Cargo.toml': '',
      'rs/target/debug/x': '',
      'cache/CACHEDIR.TAG': 'Signature: 8a477f597d28d172789f06886806bc55',
      'cache/blob': '',
      'py/target/model.py': '',
    });
    expect(skips()).toEqual(['vendored cache', 'vendored rs/target']);
    expect(files()).toEqual(['py/target/model.py', 'rs/Cargo.toml']);
  });

  it('walks a vendored folder the user re-included with a negation, build folders inside it too', () => {
    write({ '.cairnignore': '!vendor/\n', 'vendor/lib.go': '', 'vendor/dist/x.js': '' });
    expect(files()).toEqual(['.cairnignore', 'vendor/dist/x.js', 'vendor/lib.go']);
  });
});

describe('walkRepository: limits, links and failures', () => {
  it('reports files above maxFileBytes as too-large, with what is needed to list them', () => {
    write({ 'big.json': 'x'.repeat(101), 'ok.json': 'x'.repeat(100) });
    const big = events({ maxFileBytes: 100 }).find((e) => e.path === 'big.json');
    expect(big).toMatchObject({ type: 'skip', reason: 'too-large', size: 101, absPath: path.join(root, 'big.json') });
    expect(files({ maxFileBytes: 100 })).toEqual(['ok.json']);
  });

  it('never walks into the index folder', () => {
    write({ '.cairn/index.db': '', '.cairn/x/y': '', 'a.py': '' });
    expect(events({ indexDir: path.join(root, '.cairn') }).map((e) => e.path)).toEqual(['a.py']);
  });

  it('follows links inside the root, and reports loops, outside targets and dangling links', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-outside-'));
    try {
      write({ 'real/a.py': '', 'real/sub/b.py': '' });
      fs.writeFileSync(path.join(outside, 'secret.py'), '');
      fs.symlinkSync(path.join(root, 'real'), path.join(root, 'alias'));
      fs.symlinkSync('../a.py', path.join(root, 'real/sub/a-link.py'));
      fs.symlinkSync('..', path.join(root, 'real/sub/up'));
      fs.symlinkSync(outside, path.join(root, 'out-dir'));
      fs.symlinkSync(path.join(outside, 'secret.py'), path.join(root, 'out-file.py'));
      fs.symlinkSync('missing.py', path.join(root, 'dangling.py'));
      fs.symlinkSync('self-loop', path.join(root, 'self-loop'));
      expect(events().map((e) => (e.type === 'file' ? e.path : `${e.reason} ${e.path}`))).toEqual([
        'alias/a.py',
        'alias/sub/a-link.py',
        'alias/sub/b.py',
        'symlink-loop alias/sub/up',
        'unreadable dangling.py',
        'symlink-outside out-dir',
        'symlink-outside out-file.py',
        'real/a.py',
        'real/sub/a-link.py',
        'real/sub/b.py',
        'symlink-loop real/sub/up',
        'symlink-loop self-loop',
      ]);
      expect(files({ followSymlinks: false })).toEqual(['real/a.py', 'real/sub/b.py']);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('reports FIFOs as special files', () => {
    write({ 'a.py': '' });
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    expect(skips()).toEqual(['special pipe']);
  });

  it('turns unreadable folders and files into skip events with the errno code', () => {
    write({ 'locked/a.py': '', 'open/secret.py': '', 'open/b.py': '' });
    const denied = (target: string): never => {
      throw Object.assign(new Error(`EACCES: permission denied, ${target}`), { code: 'EACCES' });
    };
    const guarded: WalkFs = {
      ...nodeWalkFs,
      readdir: (dir) => (dir.endsWith('locked') ? denied(dir) : nodeWalkFs.readdir(dir)),
      assertReadable: (file) => (file.endsWith('secret.py') ? denied(file) : nodeWalkFs.assertReadable(file)),
    };
    expect(events({}, guarded)).toEqual([
      { type: 'skip', path: 'locked', reason: 'unreadable', detail: 'EACCES' },
      expect.objectContaining({ type: 'file', path: 'open/b.py' }),
      { type: 'skip', path: 'open/secret.py', reason: 'unreadable', detail: 'EACCES' },
    ]);
  });

  it('throws a typed InputError for a missing root or a root that is a file', async () => {
    const missing = path.join(root, 'nope');
    expect(() => events({}, undefined, missing)).toThrow(InputError);
    expect(() => events({}, undefined, missing)).toThrow(expect.objectContaining({ code: 'INPUT_NOT_FOUND' }));
    write({ 'file.txt': '' });
    expect(() => events({}, undefined, path.join(root, 'file.txt'))).toThrow(
      expect.objectContaining({ code: 'INPUT_INVALID' }),
    );
    await expect(walkRepository(missing, defaults).next()).rejects.toMatchObject({ code: 'INPUT_NOT_FOUND' });
  });
});
