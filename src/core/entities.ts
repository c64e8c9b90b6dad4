// The vocabulary every part of cairn shares: files, symbols, edges and doc chunks as
// they are stored in the curated index. Pure data, no behaviour beyond key helpers.

/** Languages with a tree-sitter grammar; everything else is regex-extracted or text. */
export const AST_LANGUAGES = ['typescript', 'tsx', 'javascript', 'python', 'go', 'rust', 'java'] as const;
export type AstLanguage = (typeof AST_LANGUAGES)[number];

/** Languages cairn recognises by extension; the non-AST ones get regex extraction. */
export const LANGUAGES = [
  ...AST_LANGUAGES,
  'c',
  'cpp',
  'csharp',
  'ruby',
  'php',
  'kotlin',
  'scala',
  'swift',
  'shell',
  'markdown',
  'rst',
  'text',
  'json',
  'yaml',
  'toml',
  'other',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** What a file is for, which decides how it is extracted and how it is ranked. */
export type FileKind = 'code' | 'doc' | 'config' | 'other';

/** How a file's entities were found: a syntax tree, a regex fallback, or not at all. */
export type ExtractionMethod = 'ast' | 'regex' | 'none';

export type SymbolKind =
  | 'function'
  | 'method'
  | 'class'
  | 'struct'
  | 'interface'
  | 'trait'
  | 'type'
  | 'enum'
  | 'constant'
  | 'module';

/** Kinds that define a type whose members are other definitions (methods, fields). */
export const CLASS_LIKE_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'struct', 'interface', 'trait', 'enum', 'type']);

/** "path::Qualified.name" — the one identity a symbol has across every store. */
export type EntityKey = string;

export const KEY_SEPARATOR = '::';

export function entityKey(path: string, qualifiedName: string): EntityKey {
  return `${path}${KEY_SEPARATOR}${qualifiedName}`;
}

const COLON = 0x3a;

/**
 * Splits an entity key; a bare path (no separator) is a file-level key. A path may end in
 * ":" (`a:` + `::` + `f` is `a:::f`): a qualified name never starts with one, so the
 * separator is the last two colons of the first run of them.
 */
export function parseEntityKey(key: EntityKey): { path: string; qualifiedName: string | null } {
  let at = key.indexOf(KEY_SEPARATOR);
  if (at < 0) return { path: key, qualifiedName: null };
  while (key.charCodeAt(at + KEY_SEPARATOR.length) === COLON) at++;
  return { path: key.slice(0, at), qualifiedName: key.slice(at + KEY_SEPARATOR.length) };
}

export interface FileRecord {
  /** Repository-relative, forward slashes, no leading "./". */
  path: string;
  language: Language;
  kind: FileKind;
  size: number;
  mtimeMs: number;
  /** SHA-256 of the raw bytes, hex. */
  hash: string;
  lines: number;
  method: ExtractionMethod;
  /** Why the AST path was not taken or was partial (e.g. "syntax errors", "no grammar"). */
  parseNote: string | null;
  /** Ranking priors: tests, examples, vendored and generated code. */
  isTest: boolean;
  isExample: boolean;
  isVendored: boolean;
  isGenerated: boolean;
  /** Unix seconds of the last commit touching the file, when in a git work tree. */
  lastCommitAt: number | null;
  /** How many commits (within the mined window) touched the file. */
  commitCount: number;
}

export interface SymbolRecord {
  key: EntityKey;
  path: string;
  name: string;
  qualifiedName: string;
  kind: SymbolKind;
  /** Source text from the start of the definition up to (not including) its body. */
  signature: string;
  /** Docstring or leading comment, cleaned of comment markers; null when none. */
  doc: string | null;
  startByte: number;
  endByte: number;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /**
   * The line the signature ends on: the one that opens the body (Python's `:`, a `{`), or
   * `endLine` for a definition without a body. Lines startLine..signatureEndLine are the
   * signature as written (decorators, multi-line parameter lists included).
   */
  signatureEndLine: number;
  /** Qualified name of the enclosing symbol, or null at module level. */
  parent: string | null;
  exported: boolean;
  method: ExtractionMethod;
}

export type ImportKind = 'static' | 'dynamic' | 'reexport';

export interface ImportRecord {
  fromPath: string;
  /** As written: "./util", "a.b.c", "github.com/x/y/z", "crate::foo::bar", ".sibling". */
  specifier: string;
  /** Names bound by the import ("*" for a wildcard), as written in the source. */
  names: string[];
  line: number;
  kind: ImportKind;
  /** Repository files the specifier resolves to; empty when external or unresolved. */
  toPaths: string[];
}

export type ReferenceKind = 'call' | 'type' | 'inherit' | 'read';

/** An identifier use as extracted, before resolution against the whole repository. */
export interface RawReference {
  fromPath: string;
  /** Enclosing symbol's key, or the file path itself for module-level code. */
  fromKey: EntityKey;
  name: string;
  /** What the name hung off, when written qualified: `mod.func` → "mod". */
  qualifier: string | null;
  kind: ReferenceKind;
  line: number;
}

/** A reference resolved to a definition in the repository. */
export interface ReferenceEdge {
  fromKey: EntityKey;
  fromPath: string;
  toKey: EntityKey;
  toPath: string;
  kind: ReferenceKind;
  /** Number of uses collapsed into this edge. */
  count: number;
  /** How sure the resolver is: 1 for import-scoped, lower for a name match. */
  confidence: number;
}

export interface DocChunk {
  id: string;
  path: string;
  /** Headings from the top of the document down to this chunk, e.g. ["Guide", "Install"]. */
  headingPath: string[];
  text: string;
  startLine: number;
  endLine: number;
}

export interface DocLink {
  chunkId: string;
  fromPath: string;
  /** A repository file the chunk mentions, or the file of a mentioned symbol. */
  toPath: string;
  /** The mentioned symbol's key, when the mention names a symbol. */
  toKey: EntityKey | null;
  mention: string;
}

export interface CoChangePair {
  a: string;
  b: string;
  /** Commits in the mined window that touched both files. */
  count: number;
}

/** A commit of the mined history, with the files it touched (names at HEAD). */
export interface CommitRecord {
  sha: string;
  /** Unix seconds. */
  time: number;
  /** Subject and body. */
  message: string;
  files: string[];
}
