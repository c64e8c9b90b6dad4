// The graph's node labels: the shortest ending of each path that tells it from the others
// (regression: two files named app.py were both labelled "app.py").

import { describe, expect, it } from 'vitest';
import { shortLabels } from '../../src/faces/web/client/format.js';

describe('shortLabels', () => {
  it('names a file by its name when no other file of the set has that name', () => {
    expect([...shortLabels(['src/flask/helpers.py', 'tests/test_basic.py']).values()]).toEqual(['helpers.py', 'test_basic.py']);
  });

  it('adds folders until two files of the same name differ', () => {
    const labels = shortLabels(['src/flask/app.py', 'src/flask/sansio/app.py', 'docs/index.md', 'a/b/index.md', 'c/b/index.md']);
    expect(Object.fromEntries(labels)).toEqual({
      'src/flask/app.py': 'flask/app.py',
      'src/flask/sansio/app.py': 'sansio/app.py',
      'docs/index.md': 'docs/index.md',
      'a/b/index.md': 'a/b/index.md',
      'c/b/index.md': 'c/b/index.md',
    });
  });

  it('keeps a name without folders, and one that is a suffix of another path whole', () => {
    expect(Object.fromEntries(shortLabels(['<img src=x onerror=alert(1)>.py', 'x/setup.py', 'setup.py']))).toEqual({ '<img src=x onerror=alert(1)>.py': '<img src=x onerror=alert(1)>.py', 'x/setup.py': 'x/setup.py', 'setup.py': 'setup.py' });
  });
});
