// Real source files, written by other people for other purposes, for tests that must hold on
// code nobody shaped for cairn — one small corpus per language cairn parses. Every source is
// present wherever `npm ci` ran (node_modules, npm's own node-gyp) or is a Debian package the
// CI script installs (.ci/run): Python's standard library, and Go, Rust and Java sources that
// Debian ships as packages. A corpus that is missing is reported by name, with the package
// that brings it; no test quietly runs on less.

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MODULES = join(ROOT, 'node_modules');

/** One corpus: where its files come from, and what brings them there when they are absent. */
interface Corpus {
  language: string;
  /** Absolute folder the files are read from, or null when it cannot be found. */
  folder: () => string | null;
  /** Paths inside the folder; the files copied keep them, under `<language>/`. */
  files: readonly string[];
  /** Extension the copies get instead of their own (TSX: no .tsx file ships anywhere we can read). */
  renameTo?: string;
  bringsIt: string;
}

function commandOutput(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function existing(path: string | null): string | null {
  return path !== null && existsSync(path) ? path : null;
}

/** The one folder in `parent` whose name starts with `prefix` (a versioned crate folder). */
function versioned(parent: string, prefix: string): string | null {
  if (!existsSync(parent)) return null;
  const found = readdirSync(parent).filter((name) => name.startsWith(prefix)).sort();
  return found.length > 0 ? join(parent, found[found.length - 1]!) : null;
}

/** Java sources ship in Debian only as an archive: its files are unpacked into a folder of their own. */
let javaFolder: string | null | undefined;
function beanShellSources(): string | null {
  if (javaFolder !== undefined) return javaFolder;
  const archive = '/usr/src/bsh-src/bsh.tar.gz';
  if (!existsSync(archive)) return (javaFolder = null);
  const folder = mkdtempSync(join(tmpdir(), 'cairn-bsh-'));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  const unpacked = commandOutput('tar', ['-xzf', archive, '-C', folder, ...JAVA_FILES]);
  return (javaFolder = unpacked === null ? null : folder);
}

const JAVA_FILES = ['src/bsh/Types.java', 'src/bsh/Variable.java', 'src/bsh/Reflect.java', 'src/bsh/NameSpace.java'];

const CORPORA: readonly Corpus[] = [
  {
    language: 'python',
    folder: () => existing(commandOutput('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"])),
    files: ['textwrap.py', 'shlex.py', 'fnmatch.py', 'json/encoder.py', 'json/decoder.py', 'csv.py', 'dataclasses.py', 'configparser.py'],
    bringsIt: "python3 (Debian's python3: its standard library)",
  },
  {
    language: 'python-gyp',
    folder: () => existing(join(commandOutput('npm', ['root', '-g']) ?? '/nonexistent', 'npm/node_modules/node-gyp/gyp/pylib/gyp')),
    files: ['common.py', 'easy_xml.py', 'simple_copy.py'],
    bringsIt: "npm (node-gyp's gyp ships inside it)",
  },
  {
    language: 'typescript',
    folder: () => existing(MODULES),
    files: ['zod/src/v4/core/util.ts', 'zod/src/v4/core/checks.ts', 'zod/src/v4/core/errors.ts', 'typescript/lib/lib.es2015.promise.d.ts', 'json-schema-typed/draft_07.d.ts'],
    bringsIt: 'npm ci (zod, typescript, json-schema-typed)',
  },
  {
    language: 'tsx',
    folder: () => existing(MODULES),
    files: ['zod/src/v4/core/regexes.ts', 'zod/src/v4/core/versions.ts', 'zod/src/v4/core/registries.ts'],
    renameTo: '.tsx',
    bringsIt: 'npm ci (zod)',
  },
  {
    language: 'javascript',
    folder: () => existing(MODULES),
    files: ['commander/lib/command.js', 'commander/lib/help.js', 'pino/lib/levels.js', 'json-schema-typed/draft_07.js', 'tree-sitter-python/grammar.js'],
    bringsIt: 'npm ci (commander, pino, json-schema-typed, tree-sitter-python)',
  },
  {
    language: 'go',
    folder: () => existing('/usr/share/gocode/src/github.com/pkg/errors'),
    files: ['errors.go', 'stack.go', 'go113.go'],
    bringsIt: "Debian's golang-github-pkg-errors-dev",
  },
  {
    language: 'rust',
    folder: () => versioned('/usr/share/cargo/registry', 'memchr-'),
    files: ['src/lib.rs', 'src/cow.rs', 'src/memchr/mod.rs', 'src/memmem/mod.rs'],
    bringsIt: "Debian's librust-memchr-dev",
  },
  {
    language: 'java',
    folder: beanShellSources,
    files: JAVA_FILES,
    bringsIt: "Debian's bsh-src",
  },
  {
    language: 'c',
    folder: () => existing(MODULES),
    files: ['tree-sitter-python/src/scanner.c', 'tree-sitter-rust/src/scanner.c', 'tree-sitter/src/node.h'],
    bringsIt: 'npm ci (tree-sitter and its grammars)',
  },
  {
    language: 'cpp',
    folder: () => existing(MODULES),
    files: ['tree-sitter/src/node.cc', 'tree-sitter/src/tree_cursor.cc', 'better-sqlite3/src/addon.cpp'],
    bringsIt: 'npm ci (tree-sitter, better-sqlite3)',
  },
  {
    language: 'shell',
    folder: () => existing(MODULES),
    files: ['better-sqlite3/deps/download.sh', 'pino/inc-version.sh'],
    bringsIt: 'npm ci (better-sqlite3, pino)',
  },
];

export interface CopiedCorpus {
  /** Files copied into the repository, by language (paths inside the repository). */
  files: Map<string, string[]>;
  /** One line per corpus or file that could not be found, naming what brings it. */
  missing: string[];
}

/** Copies every corpus into `repo` (under `<language>/`), keeping each file's bytes. */
export function copyRealCorpora(repo: string): CopiedCorpus {
  const copied: CopiedCorpus = { files: new Map(), missing: [] };
  for (const corpus of CORPORA) {
    const folder = corpus.folder();
    if (folder === null) {
      copied.missing.push(`${corpus.language}: not found; install ${corpus.bringsIt}`);
      continue;
    }
    const paths: string[] = [];
    for (const file of corpus.files) {
      const from = join(folder, file);
      if (!existsSync(from)) {
        copied.missing.push(`${corpus.language}: ${from} not found; install ${corpus.bringsIt}`);
        continue;
      }
      const path = `${corpus.language}/${corpus.renameTo ? file.replace(/\.[^./]+$/, corpus.renameTo) : file}`;
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      copyFileSync(from, join(repo, path));
      paths.push(path);
    }
    copied.files.set(corpus.language, paths);
  }
  return copied;
}
