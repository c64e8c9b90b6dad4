import { describe, expect, it } from 'vitest';
import { CHUNK_FORMAT } from './chunks.js';
import { fileStamp, planEmbedding } from './plan.js';

describe('planEmbedding', () => {
  const files = new Map([
    ['a.py', { hash: 'h-a' }],
    ['b.py', { hash: 'h-b2' }],
    ['c.py', { hash: 'h-c' }],
  ]);

  it('embeds new, changed and unfinished files, and drops files that left the index', () => {
    const completed = new Map([
      ['a.py', fileStamp('h-a', 100)],
      ['b.py', fileStamp('h-b1', 100)],
      ['gone.py', fileStamp('h-g', 100)],
    ]);
    expect(planEmbedding(files, completed, 100)).toEqual({
      work: [
        { path: 'b.py', stamp: fileStamp('h-b2', 100) },
        { path: 'c.py', stamp: fileStamp('h-c', 100) },
      ],
      stale: ['gone.py'],
    });
  });

  it('has nothing to do when every stamp matches', () => {
    const completed = new Map([...files].map(([path, file]) => [path, fileStamp(file.hash, 100)]));
    expect(planEmbedding(files, completed, 100)).toEqual({ work: [], stale: [] });
  });

  it('re-chunks every file when the input limit changes (the chunks would differ)', () => {
    const completed = new Map([...files].map(([path, file]) => [path, fileStamp(file.hash, 100)]));
    expect(planEmbedding(files, completed, 200).work.map((item) => item.path)).toEqual(['a.py', 'b.py', 'c.py']);
    expect(fileStamp('h', 100)).toBe(`c${CHUNK_FORMAT}:100:h`);
  });
});
