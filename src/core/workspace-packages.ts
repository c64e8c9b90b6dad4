// Which folders of a repository are its workspace packages, recorded at index time as an
// index meta value: a package is a folder whose package.json has a `name`. A package.json
// without one (a version and a comment marking a types folder) is no package, and the
// ranker cannot tell them apart by path alone: the index keeps no JSON content.

/** The index meta key holding the package folders, a JSON array of repo-relative paths. */
export const WORKSPACE_PACKAGES_META = 'workspacePackages';

/** The recorded folders, or null when the index has none recorded (built before the record existed) or it is unreadable. */
export function parseWorkspacePackageDirs(value: string | null): Set<string> | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed) || !parsed.every((dir) => typeof dir === 'string')) return null;
    return new Set(parsed as string[]);
  } catch {
    return null;
  }
}
