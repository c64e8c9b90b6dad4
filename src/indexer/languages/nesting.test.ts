// Deeply nested definitions (issue 14): a qualified name repeats every enclosing name, so
// n nested functions carried n²/2 names in keys, parents and full-text tokens — 6,000
// nested TypeScript functions made a 572 MB index. Definitions deeper than
// MAX_DEFINITION_DEPTH are left out, which keeps what a file stores linear in its size.

import { describe, expect, it } from 'vitest';
import { processFile } from '../process-file.js';
import { MAX_DEFINITION_DEPTH } from './builder.js';

function nested(levels: number, language: 'ts' | 'py'): string {
  let text = '';
  for (let at = 0; at < levels; at++) {
    text += language === 'ts' ? `function f${at}(a: number): number {\n` : `${'    '.repeat(at)}def f${at}(a):\n`;
  }
  if (language === 'py') return `${text}${'    '.repeat(levels)}return a\n`;
  return `${text}return 1;\n${'}\n'.repeat(levels)}`;
}

function run(path: string, text: string) {
  const content = Buffer.from(text);
  return processFile({ path, size: content.length, mtimeMs: 0, content });
}

describe('deeply nested definitions', () => {
  it('6,000 nested TypeScript functions keep 32 levels of definitions: names and tokens grow linearly, not with the square', () => {
    const indexed = run('deep.ts', nested(6000, 'ts'));
    expect(indexed.symbols).toHaveLength(MAX_DEFINITION_DEPTH);
    expect(Math.max(...indexed.symbols.map((symbol) => symbol.qualifiedName.split('.').length))).toBe(MAX_DEFINITION_DEPTH);
    expect(indexed.file.parseNote).toContain(`${6000 - MAX_DEFINITION_DEPTH} definitions nested deeper than ${MAX_DEFINITION_DEPTH} levels`);
    const qualifiedTokens = indexed.searchText!.symbols.reduce((sum, symbol) => sum + symbol.qualified.split(' ').length, 0);
    expect(qualifiedTokens).toBeLessThanOrEqual(MAX_DEFINITION_DEPTH * MAX_DEFINITION_DEPTH * 2);
    // The deepest recorded function's body holds the code below it (capped like any body).
    expect(indexed.symbols.at(-1)!.endLine).toBeGreaterThan(6000);
  });

  it('the same holds for Python and for the regex extractor', () => {
    expect(run('deep.py', nested(200, 'py')).symbols).toHaveLength(MAX_DEFINITION_DEPTH);
    expect(run('deep.rb', Array.from({ length: 200 }, (_, at) => `${' '.repeat(at)}module M${at}\n`).join('') + 'end\n'.repeat(200)).symbols).toHaveLength(MAX_DEFINITION_DEPTH);
  });

  it('ordinary nesting is untouched', () => {
    expect(run('shallow.ts', nested(5, 'ts')).symbols.map((symbol) => symbol.qualifiedName)).toEqual(['f0', 'f0.f1', 'f0.f1.f2', 'f0.f1.f2.f3', 'f0.f1.f2.f3.f4']);
  });
});
