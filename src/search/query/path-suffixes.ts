// Finds repository files by path suffix, so that "site-packages/dask/local.py" or
// "/home/me/src/prefect/tasks.py" from a traceback lands on "dask/local.py" or
// "src/prefect/tasks.py" in the index.

/** Indexes already built, by the path list they were built from (see pathSuffixIndex). */
const built = new WeakMap<readonly string[], PathSuffixIndex>();

/**
 * The index of a path list, built once per list: a retrieval session's read memo hands
 * every run the same list while the index is unchanged, and building it costs ~4 ms on
 * sympy (every suffix of 2,000 paths). A list must not change after it is indexed.
 */
export function pathSuffixIndex(paths: readonly string[]): PathSuffixIndex {
  let index = built.get(paths);
  if (index === undefined) {
    index = new PathSuffixIndex(paths);
    built.set(paths, index);
  }
  return index;
}

export class PathSuffixIndex {
  /** Every suffix of at least one whole segment → files ending with it. */
  private readonly bySuffix = new Map<string, string[]>();

  constructor(paths: Iterable<string>) {
    for (const path of paths) {
      const segments = path.split('/');
      for (let start = 0; start < segments.length; start++) {
        const suffix = segments.slice(start).join('/');
        const list = this.bySuffix.get(suffix);
        if (list) list.push(path);
        else this.bySuffix.set(suffix, [path]);
      }
    }
  }

  /**
   * Files matching the longest suffix of `written` that any file has, with how many
   * segments matched. `minSegments` guards against a bare file name from an unrelated
   * place (a stdlib "threading.py") matching a repository file of the same name.
   */
  resolve(written: string, minSegments = 1): { paths: string[]; segments: number } {
    const segments = written.replace(/\\/g, '/').split('/').filter((segment) => segment && segment !== '.');
    for (let start = 0; start < segments.length; start++) {
      const matched = segments.length - start;
      if (matched < minSegments) break;
      const hits = this.bySuffix.get(segments.slice(start).join('/'));
      if (hits) return { paths: [...hits], segments: matched };
    }
    return { paths: [], segments: 0 };
  }

  has(path: string): boolean {
    return (this.bySuffix.get(path) ?? []).includes(path);
  }
}
