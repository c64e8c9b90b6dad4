import { describe, expect, it } from 'vitest';
import { verbatimProblem } from '../../../test/support/verbatim.js';
import { SourceLines } from '../../core/source-lines.js';
import { excerptOf as excerptOfLines, FILE_EXCERPT, SYMBOL_EXCERPT, type ExcerptOptions } from './excerpt.js';
import { TermMatcher } from '../source/term-matcher.js';

/** The excerpt of `text` standing at line `firstLine` of its file, checked to be the file's own lines. */
function excerptOf(text: string, firstLine: number, fileWeights: ArrayLike<number>, options: ExcerptOptions): string | null {
  const file = `${'# above\n'.repeat(firstLine - 1)}${text}\n`;
  const last = firstLine + text.split('\n').length - 1;
  const excerpt = excerptOfLines(SourceLines.of(file), firstLine, last, fileWeights, options);
  if (excerpt !== null) expect(verbatimProblem(file, firstLine, last, excerpt)).toBeNull();
  return excerpt;
}

const matcher = new TermMatcher(new Map([['refund', 3], ['ledger', 1]]));
let texts = 0;

/** Line weights of a file whose line `firstLine` starts `text`. */
function weights(text: string, firstLine = 1, terms = matcher): number[] {
  return [...Array<number>(firstLine - 1).fill(0), ...terms.lineWeights(`t${texts++}`, text)];
}

function body(lines: number, mentions: Record<number, string>): string {
  return Array.from({ length: lines }, (_, i) => mentions[i] ?? `    step_${i} = compute(${i})`).join('\n');
}

describe('excerptOf', () => {
  it('keeps the signature and the lines around what the task mentions, marking each gap with the lines left out', () => {
    const text = `def settle(order):\n${body(99, { 60: '    refund = ledger.refund(order)' })}`;
    const excerpt = excerptOf(text, 101, weights(text, 101), SYMBOL_EXCERPT)!;
    const lines = excerpt.split('\n');
    expect(lines[0]).toBe('def settle(order):');
    expect(lines[1]).toBe('    ⋯ lines 102-155 not shown ⋯');
    expect(lines).toContain('    refund = ledger.refund(order)');
    expect(lines[lines.length - 1]).toBe('    ⋯ lines 169-200 not shown ⋯');
    expect(lines.length).toBeLessThanOrEqual(SYMBOL_EXCERPT.maxLines + 2);
  });

  it('keeps a multi-line signature whole', () => {
    const text = `def settle(\n    order,\n    ledger,\n):\n${body(80, { 70: '    refund()' })}`;
    expect(excerptOf(text, 1, weights(text), { ...SYMBOL_EXCERPT, headLines: 4 })!.split('\n').slice(0, 5)).toEqual(['def settle(', '    order,', '    ledger,', '):', '    ⋯ lines 5-68 not shown ⋯']);
  });

  it('centres windows on the best-weighted lines first', () => {
    const mentions: Record<number, string> = {};
    for (let i = 0; i < 300; i += 30) mentions[i] = '    ledger.append(i)';
    mentions[200] = '    refund(order)';
    const text = `def f():\n${body(300, mentions)}`;
    const excerpt = excerptOf(text, 1, weights(text), { ...SYMBOL_EXCERPT, maxLines: 15 })!;
    expect(excerpt).toContain('refund(order)');
  });

  it('window lands on a cluster of the task\'s terms rather than on a lone line naming the rarest term (long definitions, issue 27)', () => {
    // A change sits where the task's words cluster: six lines that each name a common term
    // outweigh one line that names a rare one, though the rare line weighs more on its own.
    const mentions: Record<number, string> = { 40: '    refund(order)' };
    for (let i = 200; i < 206; i++) mentions[i] = `    ledger.append(${i})`;
    const text = `def f():\n${body(300, mentions)}`;
    // Room for the signature and one window of 13 lines.
    const excerpt = excerptOf(text, 1, weights(text), { ...SYMBOL_EXCERPT, maxLines: 14 })!;
    for (let i = 200; i < 206; i++) expect(excerpt).toContain(`ledger.append(${i})`);
    expect(excerpt).not.toContain('refund(order)');
  });

  it('offers no excerpt when nothing matches, when the text is short, or when it would keep nearly everything', () => {
    const none = `def f():\n${body(100, {})}`;
    const short = `def f():\n${body(20, { 5: 'refund()' })}`;
    expect(excerptOf(none, 1, weights(none), SYMBOL_EXCERPT)).toBeNull();
    expect(excerptOf(short, 1, weights(short), SYMBOL_EXCERPT)).toBeNull();
    const dense: Record<number, string> = {};
    for (let i = 0; i < 45; i++) dense[i] = `    refund(${i})`;
    const dense45 = `def f():\n${body(45, dense)}`;
    expect(excerptOf(dense45, 1, weights(dense45), { ...SYMBOL_EXCERPT, maxLines: 44 })).toBeNull();
  });

  it('centres file excerpts only on eligible (module-level) lines', () => {
    const text = body(200, { 10: 'refund = 1', 150: 'REFUND_TABLE = {}' });
    const table = new TermMatcher(new Map([['refund', 1], ['refund_table', 5]]));
    const excerpt = excerptOf(text, 1, weights(text, 1, table), { ...FILE_EXCERPT, maxLines: 10, context: 2, eligible: (i) => i < 100 })!;
    expect(excerpt).toContain('refund = 1');
    expect(excerpt).not.toContain('REFUND_TABLE');
  });
});

describe('excerptOf, docstrings and stack frames', () => {
  const docstring = (n: number) => ['    """Map a function over blocks.', ...Array.from({ length: n }, (_, i) => `    Example ${i}: refund(x)`), '    """'];

  it('shows a function whose length is mostly docstring whole, the docstring cut to its first line', () => {
    const code = Array.from({ length: 30 }, (_, i) => `    step_${i} = compute(${i})`);
    const text = ['def map_blocks(func):', ...docstring(200), ...code].join('\n');
    const excerpt = excerptOf(text, 10, weights(text, 10), SYMBOL_EXCERPT)!;
    expect(excerpt.split('\n').slice(0, 3)).toEqual(['def map_blocks(func):', '    """Map a function over blocks.', '    ⋯ lines 12-212 not shown ⋯']);
    for (const line of code) expect(excerpt).toContain(line);
  });

  it('centres no window on docstring lines when the code is too long to show whole', () => {
    const code = Array.from({ length: 200 }, (_, i) => (i === 150 ? '    total = refund(order)' : `    step_${i} = compute(${i})`));
    const text = ['def settle(order):', ...docstring(20), ...code].join('\n');
    const excerpt = excerptOf(text, 1, weights(text), SYMBOL_EXCERPT)!;
    expect(excerpt).toContain('total = refund(order)');
    expect(excerpt).not.toContain('Example 3: refund(x)');
  });

  it('centres the first window on a stack frame\'s line, whatever the terms say', () => {
    const text = `def f():\n${body(300, { 10: '    refund()' })}`;
    const excerpt = excerptOf(text, 1, weights(text), { ...SYMBOL_EXCERPT, maxLines: 8, context: 2, focusLines: [251] })!;
    expect(excerpt).toContain('step_249 = compute(249)');
  });
});
