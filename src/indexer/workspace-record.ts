// The workspace's packages, recorded for the ranker (core/workspace-packages.ts): the folders
// whose package.json has a `name`, with the name. Worked out again only when a package.json was added,
// changed or removed, or when the index has no record yet (an index built before it existed
// gets one on its next run, without re-extraction).

import { serializeWorkspacePackages, WORKSPACE_PACKAGES_META } from '../core/workspace-packages.js';
import type { IndexWriter } from '../store/curated.js';
import { readContextFile } from './context-files.js';
import { indexRepoFiles } from './resolve/repo-files.js';
import { namedPackages } from './resolve/ts-packages.js';

const MANIFEST = 'package.json';

export function recordWorkspacePackages(root: string, writer: IndexWriter, changedPaths: readonly string[]): void {
  const manifestChanged = changedPaths.some((path) => path === MANIFEST || path.endsWith(`/${MANIFEST}`));
  if (!manifestChanged && writer.meta(WORKSPACE_PACKAGES_META) !== null) return;
  const packages = namedPackages(indexRepoFiles(writer.filePaths()), (path) => readContextFile(root, path));
  writer.setMeta(WORKSPACE_PACKAGES_META, serializeWorkspacePackages(packages));
}
