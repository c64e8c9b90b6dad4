// Which folders of a repository are its workspace packages, recorded at index time as an
// index meta value: a package is a folder whose package.json has a `name`. A package.json
// without one (a version and a comment marking a types folder) is no package, and the
// ranker cannot tell them apart by path alone: the index keeps no JSON content.

/** The index meta key holding the packages: a JSON object, repo-relative folder → package name. */
export const WORKSPACE_PACKAGES_META = 'workspacePackages';

/** The recorded packages (folder → name), or null when the index has none recorded (built before the record existed) or it is unreadable. */
export function parseWorkspacePackages(value: string | null): Map<string, string> | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed);
    if (!entries.every(([, name]) => typeof name === 'string')) return null;
    return new Map(entries as [string, string][]);
  } catch {
    return null;
  }
}

export function serializeWorkspacePackages(packages: readonly { dir: string; name: string }[]): string {
  return JSON.stringify(Object.fromEntries(packages.map((pkg) => [pkg.dir, pkg.name])));
}
