// The facts a walk read cover every change that could change what it finds.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingWalkFs, walkInputsUnchanged, type WalkInputs } from './recording-fs.js';
import type { WalkOptions } from './types.js';
import { walkRepositorySync } from './walk.js';
import { nodeWalkFs } from './walk-fs.js';

let root: string;
let indexDir: string;

function write(rel: string, content: string): void {
  const abs = path.join(root, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, content);
}

function record(options: Partial<WalkOptions> = {}): WalkInputs {
  const recording = new RecordingWalkFs(nodeWalkFs);
  [...walkRepositorySync(root, { maxFileBytes: 1_000, includeVendored: false, exclude: [], indexDir, ...options }, recording)];
  return recording.inputs();
}

/** Past the file system's timestamp tick, so the next change gets a later ctime. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));
const unchanged = (inputs: WalkInputs) => walkInputsUnchanged(inputs, nodeWalkFs);

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-recording-'));
  indexDir = path.join(root, '.cairn');
  write('src/app.py', 'def main():\n    pass\n');
  write('src/util/helpers.py', 'X = 1\n');
  write('.gitignore', 'build/\n');
  write('build/out.py', 'generated = True\n');
  write('big.txt', 'x'.repeat(2_000));
  await tick();
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('RecordingWalkFs', () => {
  it('notes the folders, files and ignore files a walk read, and nothing it skipped unread', () => {
    const inputs = record();
    const noted = inputs.ctimes.map(([p]) => path.relative(root, p));
    expect(noted).toEqual(expect.arrayContaining(['', 'src', 'src/util', 'src/app.py', 'src/util/helpers.py', '.gitignore', 'big.txt']));
    expect(noted).not.toContain('build/out.py');
    expect(unchanged(inputs)).toBe(true);
  });

  it.each([
    ['a file is edited', () => write('src/app.py', 'def main():\n    return 1\n')],
    ['a file is added to a folder', () => write('src/util/new.py', 'Y = 2\n')],
    ['a folder is added', () => write('src/extra/deep/mod.py', 'Z = 3\n')],
    ['a file is removed', () => fs.rmSync(path.join(root, 'src/util/helpers.py'))],
    ['a file is renamed', () => fs.renameSync(path.join(root, 'src/app.py'), path.join(root, 'src/main.py'))],
    ['a file becomes unreadable', () => fs.chmodSync(path.join(root, 'src/app.py'), 0o000)],
    ['an ignore file is edited', () => write('.gitignore', '')],
    ['an ignore file is added below', () => write('src/.cairnignore', 'util/\n')],
    ['a too-large file shrinks', () => write('big.txt', 'small')],
  ])('sees the change when %s', async (_name, change) => {
    const inputs = record();
    await tick();
    change();
    expect(unchanged(inputs)).toBe(false);
  });

  it('ignores what the walk never read: ignored folders and the index folder', async () => {
    fs.mkdirSync(indexDir);
    const inputs = record();
    await tick();
    write('build/more.py', 'more = True\n');
    fs.writeFileSync(path.join(indexDir, 'index.lock'), '1');
    expect(unchanged(inputs)).toBe(true);
  });

  it('notes a symbolic link by what it resolves to', async () => {
    fs.symlinkSync(path.join(root, 'src/util'), path.join(root, 'linked'));
    const inputs = record();
    expect(inputs.realpaths.map(([p, real]) => [path.relative(root, p), real && path.relative(root, real)])).toContainEqual(['linked', 'src/util']);
    await tick();
    fs.rmSync(path.join(root, 'linked'));
    fs.symlinkSync(path.join(root, 'src'), path.join(root, 'linked'));
    expect(unchanged(inputs)).toBe(false);
  });
});
