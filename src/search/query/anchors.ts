// Anchors: the concrete pointers into a codebase that a task text may carry — file paths,
// links to source files, stack-trace frames, dotted module paths, identifiers and error
// type names. Extraction here is purely textual; resolution against a repository's files
// and symbols happens in resolve-anchors.ts.

import type { IssueText } from './issue-text.js';
import { parseStackFrames, type StackFrame } from './stack-frames.js';

export type AnchorSource = 'title' | 'prose' | 'code' | 'inline' | 'url' | 'frame';

export interface PathAnchor {
  /** As written, normalised to forward slashes, without a line suffix. */
  path: string;
  line: number | null;
  source: AnchorSource;
}

export interface NameAnchor {
  /** An identifier or dotted name: "bincount", "Task.__init__", "dask.array.routines". */
  name: string;
  source: AnchorSource;
  /** Written as a call (`name(`) or in code formatting — stronger than a prose word. */
  codeLike: boolean;
  /** Written as a call (`name(`): a function or method, not a class attribute or module. */
  call?: boolean;
}

export interface Anchors {
  paths: PathAnchor[];
  frames: StackFrame[];
  names: NameAnchor[];
  errorTypes: string[];
  /** `[youtube]`-style component tags at the start of the title. */
  titleTags: string[];
  /**
   * The scope of a conventional-commit title, `fix(react-query): …` → ["react-query"]:
   * the component, often the workspace package, the change belongs to.
   */
  scopes: string[];
  /**
   * Words of the title past its commit prefix written like package names — hyphenated
   * (`react-router-serve`) or npm-scoped (`@trpc/client`) — lower-cased: a title naming a
   * workspace package this way is about it, as a scope would say.
   */
  packageWords: string[];
}

const CODE_EXTENSIONS =
  'py|pyi|js|jsx|mjs|cjs|ts|tsx|mts|cts|go|rs|java|kt|kts|scala|rb|php|cs|c|h|cc|cpp|hpp|cxx|swift|m|mm|sh|md|rst|toml|yaml|yml|json|cfg|ini|txt';
const PATH_LIKE = new RegExp(`(?:^|[\\s("'\`\\[<,=])((?:[\\w.@~-]+/)*[\\w.@-]+\\.(?:${CODE_EXTENSIONS}))(?::(\\d+))?(?=$|[\\s)"'\`\\]>,.:;#!?])`, 'gm');
const SOURCE_URL = /\/(?:blob|tree|raw|blame)\/[^/]+\/([^?#\s]+)(?:#L(\d+))?/;
const IDENTIFIER = /(?<![\w.$/-])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(\s*\()?/g;
const ERROR_TYPE = /\b([A-Z][A-Za-z0-9]*(?:Error|Exception|Warning|Exit|Interrupt|Fault|Panic))\b/g;
const TITLE_TAGS = /^\s*(?:\[([^\]]{1,60})\]\s*)+/;
const COMMIT_SCOPE = /^\s*[a-z]+\(([^()]{1,80})\)!?:/i;
/**
 * The type word of a conventional commit, `fix` in `fix(timeout): …`, at the start of the
 * title or of any line of the body, bulleted or not: a squashed pull request lists its
 * commits (`* fix(react-router): …`, `- test(rsc): …`). None is a call.
 */
const COMMIT_TYPE = /^(\s*(?:[-*+]\s+)?)[a-z]+(?=\([^()\n]{1,80}\)!?:)/gim;
/** A conventional-commit prefix, `fix(scope)!:` or `fix:`. */
const COMMIT_PREFIX = /^\s*[a-z]+(?:\([^()]{1,80}\))?!?:/i;
/** `@scope/name` or a hyphenated word (`create-react-router`), not inside a path or a longer word. */
const PACKAGE_WORD = /(?<![\w@/.-])(@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*|[a-z0-9]+(?:-[a-z0-9]+)+)(?![\w/-])/gi;

export function extractAnchors(issue: IssueText): Anchors {
  const frames = issue.codeBlocks.flatMap((block) => parseStackFrames(block)).concat(parseStackFrames(issue.prose));
  const paths: PathAnchor[] = [
    ...urlPaths(issue.urls),
    ...textPaths(issue.title, 'title'),
    ...textPaths(issue.prose, 'prose'),
    ...issue.inlineCode.flatMap((code) => textPaths(code, 'inline')),
    ...issue.codeBlocks.flatMap((block) => textPaths(block, 'code')),
  ];
  const names: NameAnchor[] = [
    // `fix(timeout):` is a commit's type and scope, not a call of `fix`.
    ...identifiers(withoutCommitTypes(issue.title), 'title', false),
    ...issue.inlineCode.flatMap((code) => identifiers(code, 'inline', true)),
    ...identifiers(withoutCommitTypes(issue.prose), 'prose', false),
    ...issue.codeBlocks.flatMap((block) => identifiers(block, 'code', true)),
  ];
  const allText = [issue.title, issue.prose, ...issue.codeBlocks].join('\n');
  const errorTypes = unique([...allText.matchAll(ERROR_TYPE)].map((match) => match[1]!));
  return { paths: dedupePaths(paths), frames, names: dedupeNames(names), errorTypes, titleTags: titleTags(issue.title), scopes: commitScopes(issue.title), packageWords: packageWords(issue.title) };
}

function withoutCommitTypes(text: string): string {
  return text.replace(COMMIT_TYPE, '$1');
}

function urlPaths(urls: string[]): PathAnchor[] {
  const out: PathAnchor[] = [];
  for (const url of urls) {
    const match = SOURCE_URL.exec(url);
    if (!match) continue;
    const path = decodeURIComponent(match[1]!).replace(/\/+$/, '');
    out.push({ path, line: match[2] ? Number(match[2]) : null, source: 'url' });
  }
  return out;
}

function textPaths(text: string, source: AnchorSource): PathAnchor[] {
  const out: PathAnchor[] = [];
  for (const match of text.matchAll(PATH_LIKE)) {
    const path = match[1]!.replace(/\\/g, '/').replace(/^\.\//, '');
    if (/^\d+(\.\d+)+$/.test(path.replace(/\.[a-z]+$/, ''))) continue; // version numbers like 1.2.txt
    out.push({ path, line: match[2] ? Number(match[2]) : null, source });
  }
  return out;
}

/**
 * Identifier-like words. In prose only words that look like code count (snake_case,
 * camelCase/PascalCase with an inner capital, dotted names, calls); in code and inline
 * code every identifier counts.
 */
function identifiers(text: string, source: AnchorSource, inCode: boolean): NameAnchor[] {
  const out: NameAnchor[] = [];
  for (const match of text.matchAll(IDENTIFIER)) {
    const name = match[1]!.replace(/\.+$/, '');
    const call = isCall(match[2], inCode);
    if (name.length < 3) continue;
    if (!inCode && !call && !looksLikeCode(name)) continue;
    out.push({ name, source, codeLike: inCode || call || looksLikeCode(name), ...(call ? { call } : {}) });
  }
  return out;
}

/**
 * A parenthesis after a name is a call in code (`foo (x)` included), but in a title or prose
 * only when it touches the name (`retry()`): "empty less file error (#7412)" ends in a pull
 * request number, and "the cache (see below)" is an aside, not `error(` or `cache(`.
 */
function isCall(parenthesis: string | undefined, inCode: boolean): boolean {
  if (parenthesis === undefined) return false;
  return inCode || parenthesis === '(';
}

export function looksLikeCode(word: string): boolean {
  if (word.includes('.') && /[a-z]/.test(word) && !/^[A-Z][a-z]+\.[A-Z]?[a-z]+$/.test(word)) return true;
  if (/_/.test(word.replace(/^_+|_+$/g, '')) || /^__\w+__$/.test(word)) return true;
  return /[a-z][A-Z]/.test(word) || /^[A-Z]{2,}[a-z]/.test(word) || /^[A-Z][a-z0-9]+[A-Z]/.test(word);
}

function titleTags(title: string): string[] {
  const prefix = TITLE_TAGS.exec(title);
  if (!prefix) return [];
  return [...prefix[0].matchAll(/\[([^\]]+)\]/g)].flatMap((match) => match[1]!.split(/[\s,:/]+/)).filter((tag) => tag.length > 1);
}

/** `fix(server + client):`, `feat({react,preact}-query):` → each component named. */
function commitScopes(title: string): string[] {
  const match = COMMIT_SCOPE.exec(title);
  if (!match) return [];
  const names = expandBraces(match[1]!).flatMap((scope) => scope.split(/[\s,+/]+/));
  return unique(names.map((name) => name.toLowerCase()).filter((name) => name.length > 1 && name !== '*'));
}

function packageWords(title: string): string[] {
  const rest = title.replace(COMMIT_PREFIX, ' ');
  return unique([...rest.matchAll(PACKAGE_WORD)].map((match) => match[1]!.toLowerCase()));
}

function expandBraces(text: string): string[] {
  const group = /\{([^{}]*)\}/.exec(text);
  if (!group) return [text];
  const before = text.slice(0, group.index);
  const after = text.slice(group.index + group[0].length);
  return group[1]!.split(',').flatMap((option) => expandBraces(before + option.trim() + after));
}

function dedupePaths(paths: PathAnchor[]): PathAnchor[] {
  const seen = new Set<string>();
  return paths.filter((anchor) => {
    const key = `${anchor.path}:${anchor.line ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One entry per name, keeping the strongest source (title and inline code beat prose). */
function dedupeNames(names: NameAnchor[]): NameAnchor[] {
  const strength: Record<AnchorSource, number> = { title: 5, inline: 4, url: 4, frame: 4, prose: 2, code: 1 };
  const best = new Map<string, NameAnchor>();
  for (const anchor of names) {
    const current = best.get(anchor.name);
    if (!current || strength[anchor.source] > strength[current.source]) best.set(anchor.name, anchor);
    else {
      if (anchor.codeLike && !current.codeLike) best.set(anchor.name, { ...best.get(anchor.name)!, codeLike: true });
      if (anchor.call && !current.call) best.set(anchor.name, { ...best.get(anchor.name)!, call: true });
    }
  }
  return [...best.values()];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
