// Which folders the walker treats as vendored or build output and skips unless
// `includeVendored` is set. Decided by name, by a marker file inside the folder, or (for
// `target`) by a build file next to it, so a source folder that happens to be called
// "target" survives.

const VENDORED_NAMES: ReadonlySet<string> = new Set([
  'node_modules',
  'bower_components',
  'vendor',
  'third_party',
  '.venv',
  'venv',
  'site-packages',
  '__pycache__',
  '.tox',
  '.nox',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  'dist',
  'build',
  '.next',
  '.nuxt',
  '.gradle',
  '.idea',
  '.vscode',
  'coverage',
  '.cache',
]);

/** `target` is build output only next to one of these (Cargo, Maven, sbt). */
const TARGET_OWNERS = ['Cargo.toml', 'pom.xml', 'build.sbt'];

/**
 * Files that mark a whole folder as not-source wherever it is and whatever its name:
 * a Python virtual environment (so `env/`, `.env-3.11/` are caught) and the Cache
 * Directory Tagging standard (Cargo's target/, many tools' caches).
 */
const CONTENT_MARKERS = ['pyvenv.cfg', 'CACHEDIR.TAG'];

/** Vendored by its name, given the names of its siblings. */
export function isVendoredFolderName(name: string, siblingNames: ReadonlySet<string>): boolean {
  if (VENDORED_NAMES.has(name)) return true;
  return name === 'target' && TARGET_OWNERS.some((owner) => siblingNames.has(owner));
}

/** Vendored by what it contains, given the names of its entries. */
export function isVendoredFolderContent(entryNames: ReadonlySet<string>): boolean {
  return CONTENT_MARKERS.some((marker) => entryNames.has(marker));
}
