import { describe, expect, it } from 'vitest';
import { CoChangeCounter } from './cochange.js';

describe('CoChangeCounter', () => {
  it('counts each unordered pair once per commit, a < b, sorted', () => {
    const counter = new CoChangeCounter();
    counter.addCommit(['b.py', 'a.py', 'c.py']);
    counter.addCommit(['c.py', 'a.py', 'a.py']);
    counter.addCommit(['z.py']);
    expect(counter.pairs()).toEqual([
      { a: 'a.py', b: 'b.py', count: 1 },
      { a: 'a.py', b: 'c.py', count: 2 },
      { a: 'b.py', b: 'c.py', count: 1 },
    ]);
  });
});
