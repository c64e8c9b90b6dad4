// Java, Kotlin and Scala definitions: classes and their kin at top level and nested,
// and methods directly inside class-like bodies.

import {
  def,
  IDENT,
  methodNameBeforeParen,
  parseBases,
  scopeOnly,
  stripAnnotations,
  type DefMatch,
  type Profile,
} from '../profile.js';

const JAVA_MODIFIERS = new Set([
  'public', 'protected', 'private', 'static', 'final', 'abstract', 'sealed', 'non-sealed', 'strictfp',
  'default', 'synchronized', 'native', 'transient', 'volatile',
]);
const JAVA_TYPE = new RegExp(
  `^(?<mods>(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp)\\s+)*)(?<what>class|interface|enum|record|@interface)\\s+(?<name>${IDENT})(?<rest>.*)`,
);
const JAVA_KINDS = { class: 'class', interface: 'interface', enum: 'enum', record: 'class', '@interface': 'interface' } as const;

function javaHeritage(rest: string): DefMatch['bases'] {
  const ext = /\bextends\s+([^{]*?)(?:\bimplements\b|\bpermits\b|\{|$)/.exec(rest)?.[1] ?? '';
  const impl = /\bimplements\s+([^{]*?)(?:\bpermits\b|\{|$)/.exec(rest)?.[1] ?? '';
  return [...parseBases(ext), ...parseBases(impl)];
}

function javaType(head: string): DefMatch | null {
  const m = JAVA_TYPE.exec(stripAnnotations(head));
  if (!m?.groups) return null;
  const kind = JAVA_KINDS[m.groups['what'] as keyof typeof JAVA_KINDS];
  return def(kind, m.groups['name']!, /\bpublic\b/.test(m.groups['mods']!), { bases: javaHeritage(m.groups['rest']!) });
}

export const javaProfile: Profile = {
  blocks: 'brace',
  top: javaType,
  member(head, ownerName) {
    const nested = javaType(head);
    if (nested) return nested;
    const line = stripAnnotations(head).replace(/^<[^()]*?>\s*/, '');
    // A record's compact constructor: `Pair {`.
    const bare = line.replace(/^(?:public|protected|private)\s+/, '');
    if (ownerName !== '' && bare.startsWith(ownerName) && /^\s*\{/.test(bare.slice(ownerName.length))) {
      return def('method', ownerName, !/^(?:private|protected)\b/.test(line));
    }
    const name = methodNameBeforeParen(line, ownerName, JAVA_MODIFIERS);
    return name ? def('method', name, !/\b(?:private|protected)\b/.test(line)) : null;
  },
  decorator: /^@(?!interface\b)[\w.]+/,
};

const KOTLIN_TYPE = new RegExp(
  `^(?<mods>(?:(?:public|private|protected|internal|open|abstract|final|data|sealed|inner|enum|annotation|value|inline|expect|actual|fun)\\s+)*)(?<what>class|interface|object)\\s+(?<name>${IDENT})(?<rest>.*)`,
);
const KOTLIN_FUN = new RegExp(
  `^(?<mods>(?:(?:public|private|protected|internal|open|abstract|final|override|inline|suspend|tailrec|operator|infix|external|expect|actual)\\s+)*)fun\\s+(?:<[^>]{0,200}>\\s*)?(?<target>[^(=]{1,300})\\(`,
);
const COMPANION = /^(?:(?:private|public|internal)\s+)?companion\s+object\b/;

/** Skips type parameters and a primary constructor: `<T>(val x: T) : Base` → ` : Base`. */
function afterParameters(rest: string): string {
  let text = rest.trimStart();
  for (const [open, close] of [['<', '>'], ['(', ')']] as const) {
    text = text.trimStart();
    if (!text.startsWith(open)) continue;
    let depth = 0;
    let i = 0;
    for (; i < text.length; i++) {
      if (text[i] === open) depth++;
      else if (text[i] === close && --depth === 0) break;
    }
    text = text.slice(i + 1);
  }
  return text;
}

function kotlinMatch(head: string, inClass: boolean): DefMatch | null {
  const line = stripAnnotations(head);
  let m = KOTLIN_TYPE.exec(line);
  if (m?.groups) {
    const mods = m.groups['mods']!;
    const kind = /\benum\b/.test(mods) ? 'enum' : m.groups['what'] === 'interface' ? 'interface' : 'class';
    const colon = /^\s*:\s*([^{]*)/.exec(afterParameters(m.groups['rest']!))?.[1] ?? '';
    return def(kind, m.groups['name']!, !/\b(?:private|internal)\b/.test(mods), { bases: parseBases(colon) });
  }
  if (inClass && COMPANION.test(line)) return scopeOnly('', 'members');
  m = KOTLIN_FUN.exec(line);
  if (m?.groups) {
    // `fun Receiver.name(` is an extension function: the name is the last segment.
    const name = /([A-Za-z_][\w]*)\s*$/.exec(m.groups['target']!)?.[1];
    if (name) return def(inClass ? 'method' : 'function', name, !/\bprivate\b/.test(m.groups['mods']!));
  }
  return null;
}

export const kotlinProfile: Profile = {
  blocks: 'brace',
  top: (head) => kotlinMatch(head, false),
  member: (head) => kotlinMatch(head, true),
  decorator: /^@[\w.]+/,
};

const SCALA_MODS = '(?<mods>(?:(?:private|protected)(?:\\[\\w+\\])?\\s+|(?:override|final|sealed|abstract|implicit|lazy|case|inline|opaque|transparent|open)\\s+)*)';
const SCALA_TYPE = new RegExp(`^${SCALA_MODS}(?<what>class|trait|object|enum)\\s+(?<name>${IDENT})(?<rest>.*)`);
const SCALA_DEF = new RegExp(`^${SCALA_MODS}def\\s+(?<name>${IDENT}|[^\\s\\w(\\[:]{1,8})`);

function scalaMatch(head: string, inClass: boolean): DefMatch | null {
  const line = stripAnnotations(head);
  let m = SCALA_TYPE.exec(line);
  if (m?.groups) {
    const what = m.groups['what']!;
    const kind = what === 'trait' ? 'trait' : what === 'enum' ? 'enum' : 'class';
    const ext = /\bextends\s+([^{]*?)(?:\{|$)/.exec(m.groups['rest']!)?.[1] ?? '';
    return def(kind, m.groups['name']!, !/\bprivate\b/.test(m.groups['mods']!), {
      bases: parseBases(ext.replace(/\bwith\b/g, ',')),
    });
  }
  m = SCALA_DEF.exec(line);
  if (m?.groups) return def(inClass ? 'method' : 'function', m.groups['name']!, !/\bprivate\b/.test(m.groups['mods']!));
  return null;
}

export const scalaProfile: Profile = {
  blocks: 'brace',
  top: (head) => scalaMatch(head, false),
  member: (head) => scalaMatch(head, true),
  decorator: /^@[\w.]+/,
};
