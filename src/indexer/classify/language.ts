// Which language a file is written in: by extension, then by well-known file name, then
// (for files neither identifies) by the interpreter named in a `#!` line.

import { LANGUAGES, type FileKind, type Language } from '../../core/entities.js';

const BY_EXTENSION: Readonly<Record<string, Language>> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx',
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript',
  py: 'python', pyi: 'python', pyw: 'python',
  go: 'go', rs: 'rust', java: 'java',
  c: 'c', h: 'c',
  cc: 'cpp', cpp: 'cpp', cxx: 'cpp', 'c++': 'cpp', hh: 'cpp', hpp: 'cpp', hxx: 'cpp', 'h++': 'cpp', ipp: 'cpp', inl: 'cpp',
  cs: 'csharp', rb: 'ruby', rake: 'ruby', gemspec: 'ruby', php: 'php',
  kt: 'kotlin', kts: 'kotlin', scala: 'scala', sc: 'scala', swift: 'swift',
  sh: 'shell', bash: 'shell', zsh: 'shell', ksh: 'shell', fish: 'shell',
  md: 'markdown', markdown: 'markdown', mdx: 'markdown', mdown: 'markdown', mkd: 'markdown',
  rst: 'rst', rest: 'rst', txt: 'text', text: 'text', adoc: 'text', asciidoc: 'text',
  json: 'json', jsonc: 'json', json5: 'json',
  yml: 'yaml', yaml: 'yaml', toml: 'toml',
};

const BY_NAME: Readonly<Record<string, Language>> = {
  Rakefile: 'ruby', Gemfile: 'ruby', Podfile: 'ruby', Vagrantfile: 'ruby', Pipfile: 'toml',
  '.bashrc': 'shell', '.bash_profile': 'shell', '.profile': 'shell', '.zshrc': 'shell',
};

/** README, CHANGELOG, LICENSE and kin: prose even without an extension. */
const PROSE_NAME = /^(readme|changelog|changes|history|news|license|licence|copying|authors|contributors|notice|patents|todo|contributing|code_of_conduct|security|maintainers|codeowners)([-_.].*)?$/i;

const INTERPRETERS: Readonly<Record<string, Language>> = {
  python: 'python', pypy: 'python',
  node: 'javascript', nodejs: 'javascript', deno: 'javascript', bun: 'javascript',
  'ts-node': 'typescript', tsx: 'typescript',
  sh: 'shell', bash: 'shell', zsh: 'shell', dash: 'shell', ksh: 'shell', ash: 'shell', fish: 'shell',
  ruby: 'ruby', php: 'php',
};

export const CODE_LANGUAGES: ReadonlySet<Language> = new Set<Language>([
  'typescript', 'tsx', 'javascript', 'python', 'go', 'rust', 'java',
  'c', 'cpp', 'csharp', 'ruby', 'php', 'kotlin', 'scala', 'swift', 'shell',
]);

const DOC_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['markdown', 'rst', 'text']);
const CONFIG_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['json', 'yaml', 'toml']);

/** Files no language claims that still configure the project. */
const CONFIG_NAME = /^(Dockerfile|Containerfile|Makefile|GNUmakefile|makefile|CMakeLists\.txt|\.editorconfig|\.env(\..+)?|\.(git|docker|npm|cairn|prettier|eslint)ignore|\.gitattributes|\.gitmodules|\.npmrc|\.nvmrc|\.python-version|\.(babel|eslint|prettier)rc|requirements([-_.].*)?\.(txt|in)|constraints\.txt|go\.(mod|sum|work))$/;
const CONFIG_EXTENSION = /\.(ini|cfg|conf|properties|lock|mk)$/;

export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The extension after the last dot, lowercased; "" for none (".bashrc" has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The language a `#!` line names, or null. `#!/usr/bin/env -S python3 -u` → python. */
export function shebangLanguage(head: string): Language | null {
  const line = /^#!\s*(\S+)([^\n]*)/.exec(head);
  if (!line) return null;
  let program = fileName(line[1]!);
  if (program === 'env') {
    const args = (line[2] ?? '').trim().split(/\s+/);
    program = args.find((arg) => arg !== '' && !arg.startsWith('-') && !arg.includes('=')) ?? '';
  }
  const bare = program.replace(/[\d.]+$/, '');
  return INTERPRETERS[bare] ?? null;
}

/** Language by extension, then file name, then shebang; 'other' when nothing fits. */
export function detectLanguage(path: string, head: string): Language {
  const name = fileName(path);
  const byExtension = BY_EXTENSION[extensionOf(name)];
  if (byExtension) return byExtension;
  const byName = BY_NAME[name];
  if (byName) return byName;
  if (PROSE_NAME.test(name)) return 'text';
  return shebangLanguage(head) ?? 'other';
}

export function kindOf(path: string, language: Language): FileKind {
  const name = fileName(path);
  if (CONFIG_NAME.test(name) || (language === 'other' && CONFIG_EXTENSION.test(name))) return 'config';
  if (CODE_LANGUAGES.has(language)) return 'code';
  if (DOC_LANGUAGES.has(language)) return 'doc';
  if (CONFIG_LANGUAGES.has(language)) return 'config';
  return 'other';
}

/** Names people use for a language that are neither cairn's name nor an extension of it. */
const NAME_ALIASES: Readonly<Record<string, Language>> = {
  golang: 'go', 'c#': 'csharp', 'c++': 'cpp', 'objective-c': 'c', python3: 'python', node: 'javascript',
  ecmascript: 'javascript', md: 'markdown', restructuredtext: 'rst', yml: 'yaml', bash: 'shell', sh: 'shell',
};

/**
 * The language a user means by `name`: cairn's own name (`typescript`), an extension
 * (`ts`, `py`, `rs`) or a common alias (`golang`, `c#`); case does not matter. null when
 * none fits.
 */
export function languageNamed(name: string): Language | null {
  const key = name.trim().toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(key)) return key as Language;
  const extension = key.replace(/^\./, '');
  if (Object.hasOwn(BY_EXTENSION, extension)) return BY_EXTENSION[extension]!;
  return Object.hasOwn(NAME_ALIASES, key) ? NAME_ALIASES[key]! : null;
}
