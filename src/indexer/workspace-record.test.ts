import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureRepo, type TempDir } from '../../test/support/temp-repo.js';
import { parseWorkspacePackages, WORKSPACE_PACKAGES_META } from '../core/workspace-packages.js';
import { drainIndex, openReader, runIndex } from '../app/stores.js';
import { openRepo } from '../app/repo.js';

const repos: TempDir[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

async function recordedPackages(repo: TempDir): Promise<Record<string, string> | null> {
  const context = await openRepo({ repo: repo.path, env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
  const reader = openReader(context);
  const packages = parseWorkspacePackages(reader.meta(WORKSPACE_PACKAGES_META));
  reader.close();
  return packages === null ? null : Object.fromEntries(packages);
}

describe('the workspace record', () => {
  it('a package.json without a name is no workspace package (vite types/package.json named by fix(types))', async () => {
    const repo = fixtureRepo('shop');
    repos.push(repo);
    repo.write('packages/vite/package.json', '{ "name": "vite", "version": "6.0.0" }\n');
    repo.write('packages/vite/types/package.json', '{ "//": "marks the types folder", "version": "0.0.0" }\n');
    repo.write('packages/create-vite/package.json', '{ "name": "create-vite" }\n');
    expect(await recordedPackages(repo)).toEqual({ 'packages/create-vite': 'create-vite', 'packages/vite': 'vite' });
  });

  it('follows a package.json that gains or loses its name, or goes, on the next run', async () => {
    const repo = fixtureRepo('shop');
    repos.push(repo);
    repo.write('packages/a/package.json', '{ "name": "a" }\n');
    repo.write('packages/b/package.json', '{ "version": "1.0.0" }\n');
    expect(await recordedPackages(repo)).toEqual({ 'packages/a': 'a' });
    repo.write('packages/b/package.json', '{ "name": "@acme/b", "version": "1.0.0" }\n');
    expect(await recordedPackages(repo)).toEqual({ 'packages/a': 'a', 'packages/b': '@acme/b' });
    rmSync(join(repo.path, 'packages/a/package.json'));
    expect(await recordedPackages(repo)).toEqual({ 'packages/b': '@acme/b' });
  });
});
