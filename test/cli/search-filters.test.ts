// `cairn search` filters, as users type them: a folder, a folder glob, a language alias.
// An unknown language is a usage error naming the known ones, and a filter that matches
// no indexed file says so instead of a bare "no results".

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { tempDir, type TempDir } from '../support/temp-repo.js';

let repo: TempDir;

beforeAll(async () => {
  repo = tempDir('cairn-filters-');
  repo.write('src/middleware/cors/index.ts', 'export function cors(origin: string) {\n  return `preflight for ${origin}`\n}\n');
  repo.write('src/middleware/logger/index.ts', 'export function logger() {\n  return "log each request, cors or not"\n}\n');
  repo.write('src/adapter/cors-helper.py', 'def cors_preflight(origin):\n    return origin\n');
  expect((await runCli(['index', repo.path])).code).toBe(0);
});
afterAll(() => repo.remove());

async function paths(...args: string[]): Promise<string[]> {
  const result = await runCli(['search', 'cors preflight', '--repo', repo.path, '--no-refresh', '--json', ...args]);
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as { results: { path: string }[] }).results.map((row) => row.path);
}

describe('cairn search filters', () => {
  it('--path takes a folder, with or without a glob under it', async () => {
    const wanted = ['src/middleware/cors/index.ts', 'src/middleware/logger/index.ts'];
    for (const path of ['src/middleware', 'src/middleware/', 'src/middleware/*']) {
      expect((await paths('--path', path)).sort()).toEqual(wanted);
    }
  });

  it('--lang takes extensions and aliases as well as names', async () => {
    expect((await paths('--lang', 'ts')).sort()).toEqual(['src/middleware/cors/index.ts', 'src/middleware/logger/index.ts']);
    expect(await paths('--lang', 'py')).toEqual(['src/adapter/cors-helper.py']);
    expect(await paths('--lang', 'Python')).toEqual(['src/adapter/cors-helper.py']);
  });

  it('an unknown language is exit 2 naming it and the known languages', async () => {
    const result = await runCli(['search', 'cors', '--repo', repo.path, '--no-refresh', '--lang', 'klingon']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown language "klingon"');
    expect(result.stderr).toContain('typescript, tsx, javascript, python');
    expect(result.stdout).toBe('');
  });

  it('a filter no indexed file matches is said on stderr', async () => {
    const result = await runCli(['search', 'cors', '--repo', repo.path, '--no-refresh', '--path', 'lib/']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('no results\n');
    expect(result.stderr).toContain('no indexed file matches --path lib/');
  });
});
