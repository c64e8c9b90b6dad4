// What a repository's index holds: the counts `cairn status` prints and HTTP `GET /repos`
// answers (the web page's Repositories view) — files by language, symbols, edges, when the
// index was completed and at which git head. One function for both faces, so that they
// show the same figures (test/parity/faces-agree.test.ts). The serve runtime adds its own
// live state (refreshing, watching) beside it; nothing here reads the disk.

import type { IndexStats } from '../store/curated.js';
import type { RepoHandle } from './handle.js';

export interface RepositoryOverview {
  files: number;
  symbols: number;
  imports: number;
  references: number;
  docChunks: number;
  coChangePairs: number;
  commits: number;
  /** Unix ms of the index run this answer reads, or null before the first. */
  indexedAt: number | null;
  gitHead: string | null;
  /** Files by language, most first (ties by name). */
  languages: { language: string; files: number }[];
}

export function repositoryOverview(repo: Pick<RepoHandle, 'reader'>): RepositoryOverview {
  return overviewOf(repo.reader().stats());
}

/** The overview of an index's statistics (`cairn status` reads them once for its other lines too). */
export function overviewOf(stats: IndexStats): RepositoryOverview {
  const languages = Object.entries(stats.filesByLanguage)
    .map(([language, files]) => ({ language, files }))
    .sort((a, b) => b.files - a.files || a.language.localeCompare(b.language));
  return {
    files: stats.files,
    symbols: stats.symbols,
    imports: stats.imports,
    references: stats.references,
    docChunks: stats.docChunks,
    coChangePairs: stats.coChangePairs,
    commits: stats.commits,
    indexedAt: stats.indexedAt,
    gitHead: stats.gitHead,
    languages,
  };
}
