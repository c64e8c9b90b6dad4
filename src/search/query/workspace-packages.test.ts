import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFixture, type IndexedFixture } from '../../../test/support/indexed-fixture.js';
import { cairnRanker } from '../rank/cairn-ranker.js';
import { extractAnchors } from './anchors.js';
import { parseIssueText } from './issue-text.js';
import { isInsideAny, scopedPackageDirs, titleNamedPackageDirs, workspacePackageDirs, workspacePackages } from './workspace-packages.js';

const HOOK = (comment: string): string =>
  [`// ${comment}`, `export function useQuery(options: { enabled?: boolean }) {`, `  return options.enabled ?? true;`, `}`, ''].join('\n');

let fixture: IndexedFixture;
beforeAll(async () => {
  fixture = await indexedFixture('shop', (repo) => {
    for (const name of ['react-query', 'vue-query', 'query-core']) repo.write(`packages/${name}/package.json`, `{ "name": "@acme/${name}" }\n`);
    // The React hook matches the task's words better (even "vue"): only the scope tells them apart.
    repo.write('packages/react-query/src/useQuery.ts', HOOK('The query hook, as in vue-query: the enabled option, when enabled is false, stops the vue query.'));
    repo.write('packages/vue-query/src/useQuery.ts', HOOK('The query hook.'));
    repo.write('packages/query-core/src/queryObserver.ts', 'export class QueryObserver {\n  enabled = true;\n}\n');
    repo.write('examples/react/basic/package.json', '{ "name": "basic" }\n');
  });
});
afterAll(() => fixture.close());

describe('commit scopes', () => {
  it('reads the components a conventional-commit title is scoped to', () => {
    const scopes = (title: string): string[] => extractAnchors(parseIssueText(title)).scopes;
    expect(scopes('fix(vue-query): useQuery ignores enabled')).toEqual(['vue-query']);
    expect(scopes('feat(server + client)!: streaming')).toEqual(['server', 'client']);
    expect(scopes('fix({react,preact}-query): types')).toEqual(['react-query', 'preact-query']);
    expect(scopes('useQuery (vue) ignores enabled: why?')).toEqual([]);
  });
});

describe('workspace packages', () => {
  it('are the folders holding a package.json, other than the root and examples', () => {
    expect(workspacePackageDirs(fixture.reader).sort()).toEqual(['packages/query-core', 'packages/react-query', 'packages/vue-query']);
  });

  it('are named by a scope equal to their folder name, and never by a scope naming many', () => {
    const dirs = ['packages/react-query', 'packages/vue-query', 'a/core', 'b/core', 'c/core', 'd/core', 'e/core'];
    expect(scopedPackageDirs(dirs, ['vue-query', 'css'])).toEqual(['packages/vue-query']);
    expect(scopedPackageDirs(dirs, ['core'])).toEqual([]);
    // A shortened scope names the one package holding all its words (query's fix(vue-devtools) changed vue-query-devtools).
    const shortened = ['packages/vue-query', 'packages/vue-query-devtools', 'packages/react-query-devtools'];
    expect(scopedPackageDirs(shortened, ['vue-devtools'])).toEqual(['packages/vue-query-devtools']);
    expect(scopedPackageDirs(shortened, ['react-devtools'])).toEqual(['packages/react-query-devtools']);
    expect(scopedPackageDirs(shortened, ['query-devtools'])).toEqual([]); // two packages hold both words
    expect(scopedPackageDirs(['packages/vue-query', 'packages/react-router-node'], ['node'])).toEqual([]); // one word names a folder as often
    expect(scopedPackageDirs(['packages/vue-query'], ['vue-query'])).toEqual([]); // one package is no workspace
    expect(isInsideAny('packages/vue-query/src/useQuery.ts', ['packages/vue-query'])).toBe(true);
    expect(isInsideAny('packages/vue-query-devtools/src/x.ts', ['packages/vue-query'])).toBe(false);
  });

  it('rank the named package above a sibling whose text matches the task better', async () => {
    const top = async (query: string): Promise<string | undefined> => (await cairnRanker.rank(fixture.reader, { query, limit: 3 })).files[0]?.path;
    expect(await top('fix(vue-query): useQuery ignores the enabled option')).toBe('packages/vue-query/src/useQuery.ts');
    expect(await top('fix: useQuery ignores the enabled option')).toBe('packages/react-query/src/useQuery.ts');
  });
});

describe('a package.json without a name', () => {
  let vite: IndexedFixture;
  beforeAll(async () => {
    vite = await indexedFixture('shop', (repo) => {
      repo.write('packages/vite/package.json', '{ "name": "vite" }\n');
      repo.write('packages/plugin-legacy/package.json', '{ "name": "@vitejs/plugin-legacy" }\n');
      // vite's marker: a version and a comment, no name — a folder, not a package.
      repo.write('packages/vite/types/package.json', '{ "//": "types of the client", "version": "0.0.0" }\n');
      repo.write('packages/vite/types/hmrPayload.d.ts', 'export interface HmrPayload {\n  type: string\n}\n');
      repo.write('packages/vite/types/hmrConfig.ts', '// The hmr config type of createServer.\nexport interface HmrConfig {\n  hmr: boolean\n}\n');
      repo.write(
        'packages/vite/src/node/index.ts',
        'export type { HmrPayload } from "../../types/hmrPayload"\nexport function createServer(config: { hmr: boolean }) {\n  return config.hmr\n}\n',
      );
    });
  });
  afterAll(() => vite.close());

  it('is no workspace package, so fix(types) halves no file (vite-b6df9aac33 gold src/node/index.ts ranked 56)', async () => {
    expect(workspacePackageDirs(vite.reader).sort()).toEqual(['packages/plugin-legacy', 'packages/vite']);
    const ranked = await cairnRanker.rank(vite.reader, { query: 'fix(types): export createServer hmr config type', limit: 3 });
    expect(ranked.files[0]?.path).toBe('packages/vite/src/node/index.ts');
  });
});

describe('a package named in the title', () => {
  it('by its hyphenated folder name or its npm name is named as a scope would name it', () => {
    const words = (title: string): string[] => extractAnchors(parseIssueText(title)).packageWords;
    expect(words('fix(serve): normalize separators in react-router-serve (#14982)')).toEqual(['react-router-serve']);
    expect(words('fix: @trpc/client has undefined global')).toEqual(['@trpc/client']);
    expect(words('fix(vue-query): plain words only')).toEqual([]);
    const packages = workspacePackages(fixture.reader);
    expect(packages.find((pkg) => pkg.dir === 'packages/vue-query')?.name).toBe('@acme/vue-query');
    expect(titleNamedPackageDirs(packages, ['@acme/vue-query'])).toEqual(['packages/vue-query']);
    expect(titleNamedPackageDirs(packages, ['react-query'])).toEqual(['packages/react-query']);
    expect(titleNamedPackageDirs(packages, ['built-in'])).toEqual([]);
  });

  it('ranks that package above a sibling whose text matches better (react-router-serve, @trpc/client titles)', async () => {
    const top = async (query: string): Promise<string | undefined> => (await cairnRanker.rank(fixture.reader, { query, limit: 3 })).files[0]?.path;
    expect(await top('useQuery in @acme/vue-query ignores the enabled option')).toBe('packages/vue-query/src/useQuery.ts');
    expect(await top('useQuery in vue-query ignores the enabled option')).toBe('packages/vue-query/src/useQuery.ts');
  });
});
