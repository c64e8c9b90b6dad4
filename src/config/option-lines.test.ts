import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isCairnError } from '../core/errors.js';
import { optionFileLines } from './option-lines.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function file(content: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-lines-'));
  dirs.push(dir);
  const path = join(dir, 'f.jsonl');
  writeFileSync(path, content);
  return path;
}

async function lines(path: string, limits: { maxBytes?: number; maxLineBytes?: number } = {}): Promise<string[]> {
  const out: string[] = [];
  for await (const line of optionFileLines({ what: 'test file', path, maxBytes: limits.maxBytes ?? 1e9, maxLineBytes: limits.maxLineBytes ?? 1e6, hint: 'h' })) out.push(line);
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(isCairnError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('optionFileLines', () => {
  it('yields lines without their ends (LF, CRLF, a last line without one), across read chunks', async () => {
    expect(await lines(file('a\r\nb\n\nc'))).toEqual(['a', 'b', '', 'c']);
    const long = 'x'.repeat(1024 * 1024 + 10);
    expect(await lines(file(`${long}\nend\n`), { maxLineBytes: 2 * 1024 * 1024 })).toEqual([long, 'end']);
  });

  it('refuses a line over its limit and a file over its size, naming them', async () => {
    expect(await refusal(lines(file(`ok\n${'y'.repeat(5000)}\n`), { maxLineBytes: 4096 }))).toMatch(/^test file .*f\.jsonl line 2 is longer than 4 KiB$/);
    expect(await refusal(lines(file('z'.repeat(3 * 1024 * 1024)), { maxLineBytes: 2 * 1024 * 1024 }))).toMatch(/line 1 is longer than 2 MiB$/);
    expect(await refusal(lines(file('a\nb\n'), { maxBytes: 3 }))).toMatch(/is larger than 3 bytes$/);
  });
});
