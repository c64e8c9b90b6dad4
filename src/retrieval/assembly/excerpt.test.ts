import { describe, expect, it } from 'vitest';
import { excerptOf, FILE_EXCERPT, SYMBOL_EXCERPT } from './excerpt.js';

const terms = new Map([['refund', 3], ['ledger', 1]]);

function body(lines: number, mentions: Record<number, string>): string {
  return Array.from({ length: lines }, (_, i) => mentions[i] ?? `    step_${i} = compute(${i})`).join('\n');
}

describe('excerptOf', () => {
  it('keeps the signature and the lines around what the task mentions, marking each gap with the lines left out', () => {
    const text = `def settle(order):\n${body(99, { 60: '    refund = ledger.refund(order)' })}`;
    const excerpt = excerptOf(text, 101, terms, SYMBOL_EXCERPT)!;
    const lines = excerpt.split('\n');
    expect(lines[0]).toBe('def settle(order):');
    expect(lines[1]).toBe('    ⋯ lines 102-155 not shown ⋯');
    expect(lines).toContain('    refund = ledger.refund(order)');
    expect(lines[lines.length - 1]).toBe('    ⋯ lines 169-200 not shown ⋯');
    expect(lines.length).toBeLessThanOrEqual(SYMBOL_EXCERPT.maxLines + 2);
  });

  it('keeps a multi-line signature whole', () => {
    const text = `def settle(\n    order,\n    ledger,\n):\n${body(80, { 70: '    refund()' })}`;
    expect(excerptOf(text, 1, terms, SYMBOL_EXCERPT)!.split('\n').slice(0, 4)).toEqual(['def settle(', '    order,', '    ledger,', '):']);
  });

  it('centres windows on the best-weighted lines first', () => {
    const mentions: Record<number, string> = {};
    for (let i = 0; i < 300; i += 30) mentions[i] = '    ledger.append(i)';
    mentions[200] = '    refund(order)';
    const excerpt = excerptOf(`def f():\n${body(300, mentions)}`, 1, terms, { ...SYMBOL_EXCERPT, maxLines: 15 })!;
    expect(excerpt).toContain('refund(order)');
  });

  it('offers no excerpt when nothing matches, when the text is short, or when it would keep nearly everything', () => {
    expect(excerptOf(`def f():\n${body(100, {})}`, 1, terms, SYMBOL_EXCERPT)).toBeNull();
    expect(excerptOf(`def f():\n${body(20, { 5: 'refund()' })}`, 1, terms, SYMBOL_EXCERPT)).toBeNull();
    const dense: Record<number, string> = {};
    for (let i = 0; i < 45; i++) dense[i] = `    refund(${i})`;
    expect(excerptOf(`def f():\n${body(45, dense)}`, 1, terms, { ...SYMBOL_EXCERPT, maxLines: 44 })).toBeNull();
  });

  it('centres file excerpts only on eligible (module-level) lines', () => {
    const text = body(200, { 10: 'refund = 1', 150: 'REFUND_TABLE = {}' });
    const excerpt = excerptOf(text, 1, new Map([['refund', 1], ['refund_table', 5]]), { ...FILE_EXCERPT, maxLines: 10, context: 2, eligible: (i) => i < 100 })!;
    expect(excerpt).toContain('refund = 1');
    expect(excerpt).not.toContain('REFUND_TABLE');
  });
});
