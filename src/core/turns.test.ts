import { describe, expect, it } from 'vitest';
import { Turns } from './turns.js';

function deferred(): { promise: Promise<void>; resolve(): void; reject(error: Error): void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('Turns', () => {
  it('runs work of one key one after another, even when an earlier one fails; other keys do not wait', async () => {
    const turns = new Turns();
    const events: string[] = [];
    const first = deferred();
    const second = deferred();
    const a1 = turns.run('a', async () => {
      events.push('a1 start');
      await first.promise;
      events.push('a1 end');
    });
    const a2 = turns.run('a', async () => {
      events.push('a2 start');
      await second.promise;
    });
    const b1 = turns.run('b', async () => {
      events.push('b1 start');
    });
    await tick();
    expect(events).toEqual(['a1 start', 'b1 start']);
    first.reject(new Error('a1 failed'));
    await expect(a1).rejects.toThrow('a1 failed');
    await tick();
    expect(events).toEqual(['a1 start', 'b1 start', 'a2 start']);
    second.resolve();
    await Promise.all([a2, b1]);
    expect(turns.size).toBe(0);
  });
});
