import { describe, expect, it } from 'vitest';
import { PathSuffixIndex, pathSuffixIndex } from './path-suffixes.js';

const PATHS = ['dask/local.py', 'src/prefect/tasks.py', 'tests/local.py', 'threading.py'];

describe('PathSuffixIndex', () => {
  it('finds files by the longest suffix any file has', () => {
    const index = new PathSuffixIndex(PATHS);
    expect(index.resolve('/usr/lib/python3/site-packages/dask/local.py')).toEqual({ paths: ['dask/local.py'], segments: 2 });
    expect(index.resolve('/home/me/src/prefect/tasks.py')).toEqual({ paths: ['src/prefect/tasks.py'], segments: 3 });
    expect(index.resolve('elsewhere/local.py').paths.sort()).toEqual(['dask/local.py', 'tests/local.py']);
    expect(index.resolve('C:\\work\\dask\\local.py').paths).toEqual(['dask/local.py']);
  });

  it('leaves a bare name unmatched when more segments are required', () => {
    const index = new PathSuffixIndex(PATHS);
    expect(index.resolve('/usr/lib/python3.11/threading.py', 2)).toEqual({ paths: [], segments: 0 });
    expect(index.resolve('threading.py').paths).toEqual(['threading.py']);
  });

  it('tells whole paths from suffixes', () => {
    const index = new PathSuffixIndex(PATHS);
    expect(index.has('dask/local.py')).toBe(true);
    expect(index.has('local.py')).toBe(false);
  });

  it('builds one index per path list', () => {
    const list = [...PATHS];
    expect(pathSuffixIndex(list)).toBe(pathSuffixIndex(list));
    expect(pathSuffixIndex([...PATHS])).not.toBe(pathSuffixIndex(list));
    expect(pathSuffixIndex(list).resolve('prefect/tasks.py').paths).toEqual(['src/prefect/tasks.py']);
  });
});
