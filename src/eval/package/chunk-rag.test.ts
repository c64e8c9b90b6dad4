import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFiles, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { createO200kCounter } from '../../tokenizer/tokens.js';
import { ChunkRag, CHUNK_LINES } from './chunk-rag.js';

const body = (word: string, n: number) => Array.from({ length: n }, (_, i) => `x${i} = "${word}"`).join('\n');

describe('ChunkRag', () => {
  let repo: IndexedRepo;
  const counter = createO200kCounter();
  beforeAll(async () => {
    repo = await indexedFiles({
      // 150 lines: chunks 1-60, 61-120, 121-150; only the second mentions the query's word.
      'long.py': `${body('plain', 60)}\n${body('refund', 60)}\n${body('plain', 30)}\n`,
      'other.py': `${body('refund refund refund', 10)}\n`,
      'unrelated.py': `${body('nothing', 10)}\n`,
      // Prose and config about refunds: a code-only chunk RAG never indexes them.
      'docs/refunds.md': `# refund refund refund\n\nHow a refund works.\n`,
      'refunds.json': `{"refund": "refund refund refund"}\n`,
    });
  });
  afterAll(() => repo.close());

  it('ranks 60-line windows by BM25 and takes them in rank order while they fit', () => {
    const rag = new ChunkRag(counter);
    const built = rag.package(repo.ports.reader, repo.ports.root, 'refund', 20_000, 'code');
    expect(built.blocks.map((b) => `${b.path}:${b.startLine}`)).toEqual(['other.py:1', 'long.py:61']);
    expect(built.blocks[1]!.text.split('\n')).toHaveLength(CHUNK_LINES);
    expect(built.used).toBe(counter.count(built.rendered));
  });

  it('never exceeds the budget, passing over a chunk that does not fit', () => {
    const rag = new ChunkRag(counter);
    const small = rag.package(repo.ports.reader, repo.ports.root, 'refund', 300, 'code');
    expect(small.used).toBeLessThanOrEqual(300);
    expect(small.blocks.map((b) => b.path)).toEqual(['other.py']);
  });

  it('chunks docs and config too when scoped to all files, and only source files when scoped to code', () => {
    const rag = new ChunkRag(counter);
    const all = rag.package(repo.ports.reader, repo.ports.root, 'refund', 20_000, 'all');
    expect(all.blocks.map((b) => b.path).sort()).toEqual(['docs/refunds.md', 'long.py', 'other.py', 'refunds.json']);
    const code = rag.package(repo.ports.reader, repo.ports.root, 'refund', 20_000, 'code');
    expect(code.blocks.map((b) => b.path).sort()).toEqual(['long.py', 'other.py']);
  });
});
