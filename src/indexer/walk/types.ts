// What the repository walker promises its caller: options in, a sorted stream of files
// (and of the few skips a user may ask about) out.

export type SkipReason =
  | 'ignored' // matched .gitignore / .cairnignore / exclude; only emitted with reportIgnored
  | 'vendored' // a vendored or build folder, one event per folder (not per file)
  | 'too-large' // larger than maxFileBytes; carries size, mtimeMs and absPath so it can still be listed
  | 'symlink-loop' // a link to a folder already being walked, or a link cycle
  | 'symlink-outside' // a link whose target lies outside the root
  | 'unreadable' // permission denied, dangling link, vanished during the walk
  | 'special'; // FIFO, socket or device file

export interface WalkOptions {
  /** Files larger than this are reported as 'too-large' skips instead of files. */
  maxFileBytes: number;
  /** Walk vendored and build folders too (node_modules, vendor, dist, ...). */
  includeVendored: boolean;
  /** Extra gitignore-style patterns, relative to the root; they take precedence over every ignore file. */
  exclude: readonly string[];
  /** Absolute path of cairn's own index folder; never walked into. */
  indexDir?: string | null;
  /** Follow symbolic links inside the root (default true). */
  followSymlinks?: boolean;
  /** Emit a skip event for each ignored file or folder (default false: they are silent). */
  reportIgnored?: boolean;
  /**
   * Repository-relative paths git tracks (see `trackedFiles` in ../git). Git applies ignore
   * rules to untracked files only, so these are walked even when an ignore file matches
   * them; folders are entered only as far as needed to reach them.
   */
  tracked?: ReadonlySet<string>;
}

export interface WalkedFile {
  type: 'file';
  /** Repository-relative, forward slashes, no leading "./". */
  path: string;
  absPath: string;
  size: number;
  mtimeMs: number;
}

export interface WalkSkip {
  type: 'skip';
  path: string;
  reason: SkipReason;
  /** Why, in a word or two: an errno code ("EACCES"), "dangling link", a link target. */
  detail?: string;
  /** Present for 'too-large' skips only. */
  size?: number;
  mtimeMs?: number;
  absPath?: string;
}

export type WalkEvent = WalkedFile | WalkSkip;
