import { describe, expect, it } from 'vitest';
import { defaultConfig } from './defaults.js';
import type { Config } from './schema.js';
import { redactedStoreUrl, resolveStoreChoice, storeSecret } from './store-choice.js';

const FLAG = 'postgres://flag@db-flag:5432/cairn';
const ENV = 'postgres://env@db-env:5432/cairn';
const YAML = 'postgresql://yaml@db-yaml:5432/cairn?sslmode=verify-full';

function config(store?: Config['store']): Config {
  return { ...defaultConfig(), ...(store === undefined ? {} : { store }) };
}

function choose(flag: string | undefined, env: string | undefined, store?: Config['store']) {
  return resolveStoreChoice({ flag, env: env === undefined ? {} : { CAIRN_DATABASE_URL: env }, config: config(store), root: '/work/shop' });
}

function failure(work: () => unknown): Error & { code?: string } {
  try {
    work();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a failure');
}

describe('store choice: --store > CAIRN_DATABASE_URL > cairn.yaml store > SQLite', () => {
  it('keeps the embedded default when nothing names a store', () => {
    expect(choose(undefined, undefined)).toEqual({ adapter: 'sqlite' });
    expect(choose(undefined, '')).toEqual({ adapter: 'sqlite' });
  });

  it('takes the first that is set, and names where it came from', () => {
    expect(choose(FLAG, ENV, YAML)).toMatchObject({ adapter: 'postgres', url: FLAG, from: '--store' });
    expect(choose(undefined, ENV, YAML)).toMatchObject({ url: ENV, from: 'CAIRN_DATABASE_URL' });
    expect(choose(undefined, undefined, YAML)).toMatchObject({ url: YAML, from: 'cairn.yaml store' });
    expect(choose(undefined, undefined, { url: YAML, repository: 'github.com/org/shop' })).toMatchObject({ url: YAML, repository: 'github.com/org/shop' });
  });

  it('lets `--store sqlite` override the environment and the file', () => {
    expect(choose('sqlite', ENV, YAML)).toEqual({ adapter: 'sqlite' });
  });

  it('names the repository by its folder unless cairn.yaml names it', () => {
    expect(choose(FLAG, undefined)).toMatchObject({ repository: 'shop' });
    expect(choose(FLAG, undefined, { url: YAML, repository: 'github.com/org/shop' })).toMatchObject({ repository: 'github.com/org/shop' });
    expect(failure(() => choose(FLAG, undefined, { url: YAML, repository: '../x' })).code).toBe('CONFIG_INVALID');
  });

  it('refuses a value that is not a postgres:// URL without repeating it (it may hold a password)', () => {
    const error = failure(() => choose('mysql://root:hunter2@db/x', undefined));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe('--store is neither `sqlite` nor a postgres:// URL');
    expect(`${error.message}${(error as { hint?: string }).hint}`).not.toContain('hunter2');
    expect(failure(() => choose(undefined, 'hunter2@db')).message).toContain('CAIRN_DATABASE_URL');
    expect(failure(() => choose('', undefined)).code).toBe('USAGE');
  });

  it('prints a URL with its password replaced, and hands the logger the password to mask', () => {
    expect(redactedStoreUrl('postgres://u:hunter2@db/x?sslmode=require')).toBe('postgres://u:***@db/x?sslmode=require');
    expect(redactedStoreUrl('postgres://u@db/x?password=hunter2')).toBe('postgres://u@db/x?password=***');
    expect(storeSecret('postgres://u:p%40ss@db/x')).toBe('p@ss');
    expect(storeSecret('postgres://u@db/x?password=hunter2')).toBe('hunter2');
    expect(storeSecret('postgres://u@db/x')).toBe('');
  });
});
