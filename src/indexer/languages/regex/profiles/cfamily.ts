// C, C++ and C# definitions. Functions need a body ("{" before ";") so prototypes,
// calls and macro invocations at file level are not taken for definitions; C++
// `Type Owner::name(...) {` is qualified under Owner.

import {
  def,
  IDENT,
  isControlWord,
  methodNameBeforeParen,
  parseBases,
  scopeOnly,
  stripAnnotations,
  type DefMatch,
  type Profile,
} from '../profile.js';

const C_MODIFIERS = new Set([
  'static', 'inline', 'extern', 'const', 'constexpr', 'consteval', 'virtual', 'explicit', 'friend', 'unsigned',
  'signed', 'volatile', 'register', 'mutable', 'thread_local', '__inline', '__forceinline', 'noexcept',
]);
const C_TYPE = new RegExp(
  `^(?:template\\s*<[^;{]{0,300}>\\s*)?(?:typedef\\s+)?(?<what>class|struct|union|enum(?:\\s+class|\\s+struct)?)\\s+(?:(?:__attribute__\\s*\\(\\([^)]*\\)\\)|alignas\\s*\\([^)]*\\)|[A-Z][A-Z0-9_]*_(?:EXPORT|API))\\s+)*(?<name>${IDENT})\\b(?!\\s*[;*&,)=])(?<rest>.*)`,
);
const NAMESPACE = new RegExp(`^(?:inline\\s+)?namespace(?:\\s+(?<name>${IDENT}(?:::${IDENT})*))?\\s*\\{`);
const EXTERN_C = /^extern\s+"C(?:\+\+)?"\s*\{/;
const QUALIFIED_NAME = new RegExp(`(?<owner>${IDENT})(?:<[^()<>]{0,100}>)?::(?<name>~?${IDENT}|operator\\s*[^\\s(]{1,3})\\s*$`);

function cType(head: string): DefMatch | null {
  const m = C_TYPE.exec(head);
  if (!m?.groups) return null;
  const what = m.groups['what']!;
  const kind = what.startsWith('enum') ? 'enum' : what === 'class' ? 'class' : 'struct';
  const colon = /^\s*(?:final\s*)?:\s*([^{]*)/.exec(m.groups['rest']!)?.[1] ?? '';
  return def(kind, m.groups['name']!, true, { requireBody: true, bases: parseBases(colon) });
}

/** A function definition at file level: `int main(void) {`, `void Foo::bar() const {`. */
function cFunction(head: string): DefMatch | null {
  if (head.startsWith('#')) return null;
  const line = head.replace(/^template\s*<[^;{]{0,300}>\s*/, '');
  const paren = line.indexOf('(');
  if (paren <= 0) return null;
  const qualified = QUALIFIED_NAME.exec(line.slice(0, paren));
  if (qualified?.groups) {
    const name = qualified.groups['name']!.replace(/\s+/g, '');
    return def('method', name, true, { owner: qualified.groups['owner']!, requireBody: true });
  }
  const name = methodNameBeforeParen(line, '', C_MODIFIERS);
  if (!name || isControlWord(name)) return null;
  return def('function', name, !/^static\b/.test(line), { requireBody: true });
}

function cTop(head: string): DefMatch | null {
  const ns = NAMESPACE.exec(head);
  if (ns) return scopeOnly(ns.groups?.['name'] ?? '', 'top');
  if (EXTERN_C.test(head)) return scopeOnly('', 'top');
  return cType(head) ?? cFunction(head);
}

function cMember(head: string, ownerName: string): DefMatch | null {
  const nested = cType(head);
  if (nested) return nested;
  const line = head.replace(/^(?:public|private|protected)\s*:\s*/, '').replace(/^template\s*<[^;{]{0,300}>\s*/, '');
  const name = methodNameBeforeParen(line, ownerName, C_MODIFIERS);
  return name ? def('method', name, true, { requireBody: true }) : null;
}

export const cProfile: Profile = { blocks: 'brace', top: cTop, member: cMember };

const CS_MODIFIERS = new Set([
  'public', 'private', 'protected', 'internal', 'static', 'abstract', 'sealed', 'virtual', 'override', 'async',
  'unsafe', 'extern', 'readonly', 'new', 'partial', 'const', 'volatile', 'file', 'required',
]);
const CS_TYPE = new RegExp(
  `^(?<mods>(?:(?:public|private|protected|internal|static|abstract|sealed|partial|unsafe|readonly|ref|new|file)\\s+)*)(?<what>class|struct|interface|enum|record(?:\\s+struct|\\s+class)?)\\s+(?<name>${IDENT})(?<rest>.*)`,
);
const CS_NAMESPACE = new RegExp(`^namespace\\s+${IDENT}(?:\\.${IDENT})*\\s*\\{?`);

function csType(head: string): DefMatch | null {
  const m = CS_TYPE.exec(stripAnnotations(head));
  if (!m?.groups) return null;
  const what = m.groups['what']!;
  const kind = what === 'interface' ? 'interface' : what === 'enum' ? 'enum' : what.includes('struct') ? 'struct' : 'class';
  const colon = /^\s*(?:<[^>]*>)?\s*(?:\([^)]*\))?\s*:\s*([^{]*?)(?:\bwhere\b|\{|$)/.exec(m.groups['rest']!)?.[1] ?? '';
  return def(kind, m.groups['name']!, /\bpublic\b/.test(m.groups['mods']!), { bases: parseBases(colon) });
}

export const csharpProfile: Profile = {
  blocks: 'brace',
  top(head) {
    if (CS_NAMESPACE.test(head)) return scopeOnly('', 'top');
    return csType(head);
  },
  member(head, ownerName) {
    const nested = csType(head);
    if (nested) return nested;
    const line = stripAnnotations(head);
    const name = methodNameBeforeParen(line, ownerName, CS_MODIFIERS);
    return name ? def('method', name, /\bpublic\b/.test(line)) : null;
  },
};
