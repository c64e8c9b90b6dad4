import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bm25Baseline } from '../../search/rank/bm25-baseline.js';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { analyzeTask, errorLines } from './task-query.js';

const TASK = [
  'Refused charges crash `charge()` in shop/payments/gateway.py',
  'When the provider refuses, `Cart.total` is charged anyway and then:',
  '```',
  'Traceback (most recent call last):',
  '  File "/srv/app/shop/payments/gateway.py", line 15, in charge',
  '    raise PaymentError("nothing to charge")',
  'shop.payments.gateway.PaymentError: nothing to charge',
  '```',
].join('\n');

describe('analyzeTask on the shop fixture', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
  });
  afterAll(() => repo.close());

  it('finds mentioned files and symbols, frames, errors, keywords and the task type', async () => {
    const task = await analyzeTask(repo.ports.reader, TASK);
    expect(task.type).toBe('bug_fix');
    expect(task.title).toBe('Refused charges crash `charge()` in shop/payments/gateway.py'.replace(/`/g, ''));
    const gateway = task.mentionedFiles.find((file) => file.path === 'shop/payments/gateway.py');
    expect(gateway).toMatchObject({ named: true });
    expect(task.mentionedSymbols.map((symbol) => symbol.key)).toEqual(expect.arrayContaining(['shop/payments/gateway.py::charge', 'shop/cart.py::Cart.total']));
    expect(task.frames).toEqual([expect.objectContaining({ path: 'shop/payments/gateway.py', line: 15, func: 'charge' })]);
    expect(task.errorTypes).toContain('PaymentError');
    expect(task.errorLines).toContainEqual({ type: 'shop.payments.gateway.PaymentError', message: 'nothing to charge' });
    expect(task.keywords.length).toBeGreaterThan(0);
    expect(task.ranked.files[0]?.path).toBe('shop/payments/gateway.py');
    expect(task.intent).toBeNull();
  });

  it('computes the analysis itself when the ranker reports something else', async () => {
    const task = await analyzeTask(repo.ports.reader, TASK, { ranker: bm25Baseline });
    expect(task.mentionedFiles.map((file) => file.path)).toContain('shop/payments/gateway.py');
    expect(task.frames).toHaveLength(1);
  });

  it('marks files found only as the home of a named symbol as not named', async () => {
    const task = await analyzeTask(repo.ports.reader, 'What does `apply_discount` do with unknown codes?');
    expect(task.type).toBe('question');
    expect(task.mentionedFiles.find((file) => file.path === 'shop/pricing.py')).toMatchObject({ named: false });
  });
});

describe('errorLines', () => {
  it('reads exception lines with their messages, once each', () => {
    expect(errorLines('x\nValueError: bad value\n  KeyError\nValueError: bad value\nnot an Error: here')).toEqual([
      { type: 'ValueError', message: 'bad value' },
      { type: 'KeyError', message: '' },
    ]);
  });
});
