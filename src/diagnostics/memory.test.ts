// Similar past failures: what counts as similar, the order, and the category's caps —
// over the real SQLite failure memory.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteFailureMemory } from '../store/sqlite/failure-memory.js';
import type { FailureMemory } from '../store/failures.js';
import { normaliseBundle } from './bundle.js';
import { errorPattern, newFailure } from './failure-signature.js';
import { MIN_SIMILARITY, takeMemoryEntries } from './memory.js';

const trace = (file: string, func: string) => `Traceback (most recent call last):\n  File "/ci/${file}", line 10, in ${func}\n`;
const bundle = (raw: Record<string, unknown>) => normaliseBundle(raw).bundle;

const TOTAL = { error_message: "KeyError: 'WELCOME10'", stack_trace: trace('shop/pricing.py', 'apply_discount'), root_cause: 'the discount table has no entry for the code' };

let dir: string;
let memory: FailureMemory;
let clock = 1_000;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-memory-'));
  clock = 1_000;
  memory = openSqliteFailureMemory(dir, { now: () => clock });
});
afterEach(() => {
  memory.close();
  rmSync(dir, { recursive: true, force: true });
});

function remember(raw: Record<string, unknown>, resolution: string): string {
  clock += 1_000;
  return memory.record(newFailure(bundle(raw), resolution, 'build')).record.id;
}

describe('errorPattern', () => {
  it('replaces quoted values, paths, addresses and numbers', () => {
    expect(errorPattern("KeyError: 'WELCOME10' at /srv/app/x.py:12 (0x7f3a)")).toBe('KeyError: <str> at <path>:<n> (<addr>)');
    expect(errorPattern('Traceback...\nValueError: 3 items')).toBe('ValueError: <n> items');
  });

  it('is made of the start of a long error line only (a 10 MB message is not pattern-matched whole)', () => {
    expect(errorPattern(`ValueError: ${'x'.repeat(10 * 1024 * 1024)}`).length).toBeLessThanOrEqual(1_000);
  });
});

describe('takeMemoryEntries', () => {
  it('orders by similarity of pattern, frames and root cause, and leaves out the unlike', () => {
    const same = remember({ ...TOTAL, error_message: "KeyError: 'VIP25'" }, 'default unknown codes to no discount');
    const typeOnly = remember({ error_message: "KeyError: 'sku'", stack_trace: trace('shop/cart.py', 'add_item'), root_cause: 'item rows lack a sku' }, 'require sku');
    remember({ error_message: 'ConnectionResetError: provider closed the socket', root_cause: 'network flake' }, 'retry');
    const outcome = takeMemoryEntries(memory, bundle(TOTAL), { count: 5, bytes: 5_000 }, 100);
    expect(outcome.taken.map((taken) => taken.item.id)).toEqual([same, typeOnly]);
    expect(outcome.taken[0]!.item.similarity).toMatchObject({ pattern: 1, frames: 1 });
    expect(outcome.taken[1]!.item.similarity.score).toBeGreaterThanOrEqual(MIN_SIMILARITY);
    expect(outcome.taken[0]!.content).toContain('resolution: default unknown codes to no discount');
  });

  it('equal similarity goes to the most recently recorded', () => {
    const older = remember(TOTAL, 'first fix');
    const newer = remember(TOTAL, 'second fix');
    expect(takeMemoryEntries(memory, bundle(TOTAL), { count: 5, bytes: 5_000 }, 100).taken.map((taken) => taken.item.id)).toEqual([newer, older]);
  });

  it('caps by count and by bytes, cutting the last entry with the marker', () => {
    for (let i = 0; i < 7; i++) remember(TOTAL, `fix number ${i} ${'x'.repeat(300)}`);
    expect(takeMemoryEntries(memory, bundle(TOTAL), { count: 5, bytes: 100_000 }, 100).taken).toHaveLength(5);
    const outcome = takeMemoryEntries(memory, bundle(TOTAL), { count: 5, bytes: 1_000 }, 100);
    expect(outcome.bytes).toBe(1_000);
    expect(outcome.taken.at(-1)!.content.endsWith('\n[... truncated ...]\n')).toBe(true);
  });
});
