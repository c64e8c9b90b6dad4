// File metadata (what a file says it is for, its module, domain and top-level names):
// written with the file, replaced and removed with it, read back joined with the file's
// facts and the tests that import it, and searched as the `meta` target. And the mined
// commits that touched one file, newest first.

import { describe, expect, it } from 'vitest';
import type { FileMetaRecord } from '../../../src/core/file-meta.js';
import type { OpenCuratedStore } from '../curated-store.suite.js';
import { REPO, SERVICE, STRINGS, TEST, sampleFiles, tokenized } from '../fixtures.js';
import { useCuratedStore } from './harness.js';

const SERVICE_META: FileMetaRecord = {
  path: SERVICE,
  module: 'src/user/service',
  domain: 'user',
  doc: 'Looks up users and formats their display names.',
  topLevel: ['getUserName', 'UserService'],
};

const REPO_META: FileMetaRecord = { path: REPO, module: 'src/user/repo', domain: 'user', doc: 'Persistence of user records.', topLevel: ['fetchUser', 'Repo'] };

function withMeta() {
  return sampleFiles().map((file) =>
    file.file.path === SERVICE ? { ...file, meta: SERVICE_META } : file.file.path === REPO ? { ...file, meta: REPO_META } : file,
  );
}

export function describeFileMeta(name: string, open: OpenCuratedStore): void {
  describe(`${name}: curated store file metadata`, () => {
    const store = useCuratedStore(open);

    it("reads a file's metadata with its facts and the test files importing it", () => {
      const { writer } = store();
      writer.writeFiles(withMeta());
      const meta = store().reader().fileMeta(SERVICE);
      expect(meta).toMatchObject({ ...SERVICE_META, language: 'typescript', kind: 'code', size: 100, lines: 10, isTest: false, tests: [TEST] });
      expect(store().reader().fileMeta(REPO)?.tests).toEqual([]);
    });

    it('has none for a file written without metadata, or not indexed', () => {
      const reader = store().reader();
      expect(reader.fileMeta(STRINGS)).toBeNull();
      expect(reader.fileMeta('no/such/file.ts')).toBeNull();
    });

    it('replaces the metadata with the file, and removes it with the file', () => {
      const { writer } = store();
      writer.writeFiles(withMeta());
      const rewritten = withMeta().find((file) => file.file.path === SERVICE)!;
      writer.writeFiles([{ ...rewritten, meta: { ...SERVICE_META, doc: 'Caches profiles.' } }]);
      expect(store().reader().fileMeta(SERVICE)?.doc).toBe('Caches profiles.');
      expect(store().reader().search({ terms: tokenized(['display']), target: 'meta', limit: 10 })).toEqual([]);
      writer.deleteFiles([SERVICE]);
      expect(store().reader().fileMeta(SERVICE)).toBeNull();
      expect(store().reader().search({ terms: tokenized(['caches']), target: 'meta', limit: 10 })).toEqual([]);
    });

    it('searches metadata as its own target, saying which fields matched', () => {
      const { writer } = store();
      writer.writeFiles(withMeta());
      const hits = store().reader().search({ terms: tokenized(['display', 'names']), target: 'meta', limit: 10 });
      // "names" also matches getUserName's part "name".
      expect(hits.map((hit) => [hit.path, hit.id, hit.matchedFields])).toEqual([[SERVICE, SERVICE, ['doc', 'names']]]);
      // "fetch" is a part of fetchUser only ("user" would match every field of both files).
      const byName = store().reader().search({ terms: tokenized(['fetch']), target: 'meta', limit: 10 });
      expect(byName.map((hit) => [hit.path, hit.matchedFields])).toEqual([[REPO, ['names']]]);
      const byFilter = store().reader().search({ terms: tokenized(['user']), target: 'meta', limit: 10, filter: { pathGlobs: ['src/user/repo.ts'] } });
      expect(byFilter.map((hit) => hit.path)).toEqual([REPO]);
    });

    it("lists the commits that touched a file, newest first, with each commit's file count", () => {
      const { writer } = store();
      writer.replaceCommits([
        { sha: 'c3', time: 300, message: 'Fix display names\n\nbody', files: [SERVICE, REPO] },
        { sha: 'c2', time: 200, message: 'Pad strings', files: [STRINGS] },
        { sha: 'c1', time: 100, message: 'Initial import', files: [SERVICE, REPO, STRINGS, 'gone.py'] },
      ]);
      const reader = store().reader();
      expect(reader.commitsOfFile(SERVICE, 10)).toEqual([
        { sha: 'c3', time: 300, subject: 'Fix display names', files: 2 },
        { sha: 'c1', time: 100, subject: 'Initial import', files: 4 },
      ]);
      expect(reader.commitsOfFile(SERVICE, 1).map((commit) => commit.sha)).toEqual(['c3']);
      expect(reader.commitsOfFile('gone.py', 5).map((commit) => commit.sha)).toEqual(['c1']);
      expect(reader.commitsOfFile(SERVICE, 0)).toEqual([]);
    });
  });
}
