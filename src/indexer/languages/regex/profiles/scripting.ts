// PHP, Swift, Ruby and shell definitions.

import { def, IDENT, parseBases, scopeOnly, stripAnnotations, type DefMatch, type Profile } from '../profile.js';

const PHP_TYPE = new RegExp(
  `^(?:(?:abstract|final|readonly)\\s+)*(?<what>class|interface|trait|enum)\\s+(?<name>${IDENT})(?<rest>.*)`,
);
const PHP_FUNCTION = new RegExp(
  `^(?<mods>(?:(?:public|private|protected|static|abstract|final)\\s+)*)function\\s+&?\\s*(?<name>${IDENT})`,
);
const PHP_NAMESPACE = /^namespace\b[^;{]*\{/;

function phpMatch(head: string, inClass: boolean): DefMatch | null {
  const line = stripAnnotations(head);
  let m = PHP_TYPE.exec(line);
  if (m?.groups) {
    const what = m.groups['what']!;
    const kind = what === 'interface' ? 'interface' : what === 'trait' ? 'trait' : what === 'enum' ? 'enum' : 'class';
    const rest = m.groups['rest']!;
    const ext = /\bextends\s+([^{]*?)(?:\bimplements\b|\{|$)/.exec(rest)?.[1] ?? '';
    const impl = /\bimplements\s+([^{]*)/.exec(rest)?.[1] ?? '';
    const bases = [...parseBases(ext.replace(/\\/g, '.')), ...parseBases(impl.replace(/\\/g, '.'))];
    return def(kind, m.groups['name']!, true, { bases });
  }
  m = PHP_FUNCTION.exec(line);
  if (m?.groups) {
    return def(inClass ? 'method' : 'function', m.groups['name']!, !/\b(?:private|protected)\b/.test(m.groups['mods']!));
  }
  if (!inClass && PHP_NAMESPACE.test(line)) return scopeOnly('', 'top');
  return null;
}

export const phpProfile: Profile = {
  blocks: 'brace',
  top: (head) => phpMatch(head, false),
  member: (head) => phpMatch(head, true),
};

const SWIFT_MODS =
  '(?<mods>(?:(?:public|private|fileprivate|internal|open|final|static|class|override|mutating|nonmutating|convenience|required|indirect|dynamic|lazy|nonisolated|async|@[\\w.]+(?:\\([^)]*\\))?)\\s+)*)';
const SWIFT_TYPE = new RegExp(`^${SWIFT_MODS}(?<what>class|struct|enum|protocol|actor)\\s+(?<name>${IDENT})(?<rest>.*)`);
const SWIFT_EXTENSION = new RegExp(`^${SWIFT_MODS}extension\\s+(?:${IDENT}\\.)*(?<name>${IDENT})`);
const SWIFT_FUNC = new RegExp(`^${SWIFT_MODS}func\\s+(?<name>${IDENT}|[^\\s\\w(<]{1,8})`);
const SWIFT_INIT = new RegExp(`^${SWIFT_MODS}(?<name>init|deinit)\\b`);

function swiftMatch(head: string, inClass: boolean): DefMatch | null {
  let m = SWIFT_TYPE.exec(head);
  if (m?.groups) {
    const what = m.groups['what']!;
    const kind = what === 'protocol' ? 'interface' : what === 'struct' ? 'struct' : what === 'enum' ? 'enum' : 'class';
    const colon = /^\s*(?:<[^>]*>)?\s*:\s*([^{]*?)(?:\bwhere\b|\{|$)/.exec(m.groups['rest']!)?.[1] ?? '';
    return def(kind, m.groups['name']!, !/\b(?:private|fileprivate)\b/.test(m.groups['mods']!), { bases: parseBases(colon) });
  }
  m = SWIFT_EXTENSION.exec(head);
  if (m?.groups) return scopeOnly(m.groups['name']!, 'members');
  m = SWIFT_FUNC.exec(head) ?? (inClass ? SWIFT_INIT.exec(head) : null);
  if (m?.groups) {
    return def(inClass ? 'method' : 'function', m.groups['name']!, !/\b(?:private|fileprivate)\b/.test(m.groups['mods']!));
  }
  return null;
}

export const swiftProfile: Profile = {
  blocks: 'brace',
  top: (head) => swiftMatch(head, false),
  member: (head) => swiftMatch(head, true),
};

const RUBY_DEF = /^def\s+(?:self\.)?(?<name>[A-Za-z_][\w]*[?!=]?|\[\]=?|[+\-*/%<>=!~^&|]{1,3})/;
const RUBY_TYPE = /^(?<what>class|module)\s+(?!<<)(?:[A-Z]\w*::)*(?<name>[A-Z]\w*)\s*(?:<\s*(?<base>[\w:]+))?/;

function rubyMatch(head: string, inClass: boolean): DefMatch | null {
  let m = RUBY_DEF.exec(head);
  if (m?.groups) return def(inClass ? 'method' : 'function', m.groups['name']!, true);
  m = RUBY_TYPE.exec(head);
  if (m?.groups) {
    const base = m.groups['base'];
    const bases = base ? parseBases(base) : [];
    return def(m.groups['what'] === 'module' ? 'module' : 'class', m.groups['name']!, true, { body: 'members', bases });
  }
  return null;
}

export const rubyProfile: Profile = {
  blocks: 'end',
  top: (head) => rubyMatch(head, false),
  member: (head) => rubyMatch(head, true),
};

const SHELL_FUNCTION = /^(?:function\s+(?<a>[\w.:-]+)\s*(?:\(\s*\))?|(?<b>[\w.:-]+)\s*\(\s*\))\s*(?:\{|\(|$)/;

export const shellProfile: Profile = {
  blocks: 'brace',
  top(head) {
    const m = SHELL_FUNCTION.exec(head);
    const name = m?.groups?.['a'] ?? m?.groups?.['b'];
    return name ? def('function', name, true) : null;
  },
  member: () => null,
};
