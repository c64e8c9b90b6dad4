import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import type { FileRecord, SymbolRecord } from '../../core/entities.js';
import { diskSources } from './source-texts.js';

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

function indexed(dir: TempDir, path: string, text: string | Buffer, language: FileRecord['language'] = 'python'): FileRecord {
  dir.write(path, text);
  const stats = statSync(join(dir.path, path));
  const hash = createHash('sha256').update(text).digest('hex');
  return { path, language, kind: 'code', size: stats.size, mtimeMs: stats.mtimeMs, hash, lines: 1, method: 'ast', parseNote: null, isTest: false, isExample: false, isVendored: false, isGenerated: false, lastCommitAt: null, commitCount: 0 };
}

describe('diskSources', () => {
  it('reads files as indexed and symbols by their byte ranges (UTF-8 safe)', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = indexed(dir, 'a.py', '# é\ndef f():\n    return 1\n');
    const sources = diskSources(dir.path);
    const read = sources.read(file);
    expect(read.ok && read.text).toBe('# é\ndef f():\n    return 1\n');
    const start = Buffer.byteLength('# é\n');
    const symbol = { startByte: start, endByte: start + 'def f():'.length } as SymbolRecord;
    expect(sources.symbolText(file, symbol)).toBe('def f():');
    expect(sources.problems()).toEqual([]);
  });

  it('refuses a file that changed since indexing, a missing one and a binary one, saying why', () => {
    const dir = tempDir();
    dirs.push(dir);
    const changed = indexed(dir, 'changed.py', 'x = 1\n');
    dir.write('changed.py', 'x = 2\n# and more\n');
    const missing = { ...indexed(dir, 'gone.py', 'y = 1\n'), path: 'not-there.py' };
    const binary = indexed(dir, 'blob.bin', Buffer.from([1, 0, 2]));
    const sources = diskSources(dir.path);
    for (const file of [changed, missing, binary]) expect(sources.read(file).ok).toBe(false);
    expect(sources.symbolText(changed, { startByte: 0, endByte: 1 } as SymbolRecord)).toBeNull();
    const problems = sources.problems();
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^changed\.py: changed on disk since it was indexed/);
    expect(problems[1]).toMatch(/^not-there\.py: missing on disk/);
    expect(problems[2]).toBe('blob.bin: binary; shown by path only');
  });

  it('trusts size and mtime as the indexer does, and compares hashes when they differ', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = indexed(dir, 'a.py', 'x = 1\n');
    const touched = { ...file, mtimeMs: file.mtimeMs - 1000 };
    expect(diskSources(dir.path).read(touched).ok).toBe(true);
    const wrongHash = { ...touched, hash: '0'.repeat(64) };
    expect(diskSources(dir.path).read(wrongHash).ok).toBe(false);
  });

  // hono's jwt middleware showed `secret: [redacted]` for its options type's `secret: SignatureKey`.
  it('shows a type named after a secret in code as the file holds it, and a config value redacted (the jwt options type)', () => {
    const dir = tempDir();
    dirs.push(dir);
    const code = 'export const jwt = (options: {\n  secret: SignatureKey\n}) => options.secret\n';
    const config = 'auth:\n  secret: SignatureKey\n';
    const sources = diskSources(dir.path);
    expect(sources.lines(indexed(dir, 'jwt.ts', code, 'typescript'))!.line(2)).toBe('  secret: SignatureKey');
    expect(sources.lines(indexed(dir, 'auth.yaml', config, 'yaml'))!.line(2)).toBe('  secret: [redacted]');
    expect(sources.problems()).toEqual(['auth.yaml: 1 value that looks like a credential shown as [redacted] (line 2): edit around it']);
  });
});
