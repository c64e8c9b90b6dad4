// Gitignore semantics over a stack of ignore files, as git applies them: a file in a
// deeper folder overrides one above it, the last matching line of a file wins, and
// .git/info/exclude ranks below every .gitignore. cairn adds two layers: .cairnignore
// (read after .gitignore in the same folder, so it can re-include with "!") and the
// configured `exclude` patterns, which rank above everything. Pure: no file system here.

import ignore, { type Ignore } from 'ignore';

export type IgnoreVerdict = 'ignored' | 'unignored' | 'none';

interface IgnoreLevel {
  matcher: Ignore;
  /** Characters to drop from a root-relative path: the level's own folder inside the root. */
  strip: number;
  /** Text to put in front after stripping: the root's path below a level that lies above it. */
  prefix: string;
}

export interface IgnoreRules {
  /** The configured `exclude` patterns (relative to the root). */
  readonly override: IgnoreLevel | null;
  /** Ignore files from the outermost folder to the innermost one on the current path. */
  readonly levels: readonly IgnoreLevel[];
  /** .git/info/exclude. */
  readonly fallback: IgnoreLevel | null;
}

/** One matcher for the concatenated pattern texts, or null when they hold no patterns. */
function matcherFor(texts: readonly string[]): Ignore | null {
  const lines = texts.flatMap((text) => text.split(/\r?\n/));
  const patterns = lines.filter((line) => line.trim() !== '' && !line.startsWith('#'));
  if (patterns.length === 0) return null;
  // Git on Linux matches case-sensitively (core.ignorecase=false).
  const matcher = ignore({ ignorecase: false });
  for (const pattern of patterns) {
    try {
      matcher.add(pattern);
    } catch {
      // A line `ignore` cannot compile matches nothing, as in git; the walk goes on.
    }
  }
  return matcher;
}

function level(texts: readonly string[], strip: number, prefix: string): IgnoreLevel | null {
  const matcher = matcherFor(texts);
  return matcher === null ? null : { matcher, strip, prefix };
}

/**
 * The rules at the root. `outerTexts` are ignore files of folders above the root (outermost
 * first), each with the root's path relative to that folder ("sub/dir/"); `infoExclude`
 * comes from .git/info/exclude with the root's path relative to the work tree.
 */
export function rootIgnoreRules(input: {
  exclude: readonly string[];
  outer: readonly { texts: readonly string[]; rootPrefix: string }[];
  infoExclude: { text: string; rootPrefix: string } | null;
}): IgnoreRules {
  const levels: IgnoreLevel[] = [];
  for (const outer of input.outer) {
    const found = level(outer.texts, 0, outer.rootPrefix);
    if (found) levels.push(found);
  }
  const info = input.infoExclude;
  return {
    override: level(input.exclude, 0, ''),
    levels,
    fallback: info ? level([info.text], 0, info.rootPrefix) : null,
  };
}

/** The rules inside `folder` ("a/b/", "" for the root), given the texts of its ignore files. */
export function enterFolder(rules: IgnoreRules, folder: string, texts: readonly string[]): IgnoreRules {
  const found = level(texts, folder.length, '');
  return found ? { ...rules, levels: [...rules.levels, found] } : rules;
}

function test(level: IgnoreLevel, relPath: string, isDir: boolean): IgnoreVerdict {
  const local = level.prefix + relPath.slice(level.strip) + (isDir ? '/' : '');
  try {
    const result = level.matcher.test(local);
    if (result.ignored) return 'ignored';
    return result.unignored ? 'unignored' : 'none';
  } catch {
    // `ignore` rejects names it cannot express as a relative path; no rule can match them.
    return 'none';
  }
}

/** The verdict for a root-relative path: the highest-ranking layer that has an opinion. */
export function ignoreVerdict(rules: IgnoreRules, relPath: string, isDir: boolean): IgnoreVerdict {
  if (rules.override) {
    const verdict = test(rules.override, relPath, isDir);
    if (verdict !== 'none') return verdict;
  }
  for (let i = rules.levels.length - 1; i >= 0; i--) {
    const verdict = test(rules.levels[i]!, relPath, isDir);
    if (verdict !== 'none') return verdict;
  }
  return rules.fallback ? test(rules.fallback, relPath, isDir) : 'none';
}
