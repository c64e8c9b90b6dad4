// TypeScript / JavaScript definitions: functions, classes, interfaces, type aliases,
// enums, `const f = (...) =>` functions, namespaces, and methods inside class bodies.

import { def, IDENT, parseBases, scopeOnly, type DefMatch, type Profile } from '../profile.js';

const EXPORT = '(?<export>export\\s+(?:default\\s+)?)?(?:declare\\s+)?';
const FUNCTION = new RegExp(`^${EXPORT}(?:async\\s+)?function\\b\\s*\\*?\\s*(?<name>${IDENT})`);
const CLASS = new RegExp(`^${EXPORT}(?:abstract\\s+)?class\\s+(?<name>${IDENT})(?<rest>.*)`);
const INTERFACE = new RegExp(`^${EXPORT}interface\\s+(?<name>${IDENT})(?<rest>.*)`);
const TYPE = new RegExp(`^${EXPORT}type\\s+(?<name>${IDENT})\\s*[<=]`);
const ENUM = new RegExp(`^${EXPORT}(?:const\\s+)?enum\\s+(?<name>${IDENT})`);
const NAMESPACE = new RegExp(`^${EXPORT}(?:namespace|module)\\s+(?<name>${IDENT}(?:\\.${IDENT})*)\\s*\\{`);
const GLOBAL_BLOCK = /^(?:declare\s+)?(?:global|module\s+["'])/;
const BINDING = new RegExp(`^${EXPORT}(?:const|let|var)\\s+(?<name>${IDENT})\\s*(?::[^=]{0,300})?=\\s*(?:async\\b\\s*)?(?<value>.*)`);

const MEMBER_MODIFIERS = '(?:(?:public|private|protected|static|readonly|abstract|override|async|declare|accessor|get|set)\\s+)*';
const METHOD = new RegExp(`^${MEMBER_MODIFIERS}\\*?\\s*(?<name>#?${IDENT})\\s*\\??\\s*(?:<[^()]{0,200}>)?\\s*\\(`);
const PROPERTY_FUNCTION = new RegExp(
  `^${MEMBER_MODIFIERS}(?<name>#?${IDENT})\\s*(?::[^=]{0,300})?=\\s*(?:async\\b\\s*)?(?<value>.*)`,
);
const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function', 'super', 'this', 'new']);

/** `(a) =>`, `x =>`, `function`, or a parameter list that opens here and closes later. */
function isFunctionValue(value: string): boolean {
  if (/^function\b/.test(value)) return true;
  if (new RegExp(`^${IDENT}\\s*=>`).test(value)) return true;
  if (value.startsWith('<') || value.startsWith('(')) {
    const close = matchingParen(value, value.indexOf('('));
    if (close < 0) return value.indexOf('(') >= 0 && !value.includes(';');
    return /^\s*(?::[^=;]{0,300})?=>/.test(value.slice(close + 1));
  }
  return false;
}

function matchingParen(text: string, open: number): number {
  if (open < 0) return -1;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

function heritage(rest: string | undefined): DefMatch['bases'] {
  if (!rest) return [];
  const extendsList = /\bextends\s+([^{]*?)(?:\bimplements\b|\{|$)/.exec(rest)?.[1] ?? '';
  const implementsList = /\bimplements\s+([^{]*)/.exec(rest)?.[1] ?? '';
  return [...parseBases(extendsList), ...parseBases(implementsList)];
}

const DEFAULT_FUNCTION = /^export\s+default\s+(?:async\s+)?function\b\s*\*?\s*\(/;
const DEFAULT_CLASS = /^export\s+default\s+(?:abstract\s+)?class\b\s*(?<rest>(?:extends\b.*)?\{.*)$/;

function top(head: string): DefMatch | null {
  // Anonymous default exports are known by the name they are imported with.
  if (DEFAULT_FUNCTION.test(head)) return def('function', 'default', true);
  const anonymousClass = DEFAULT_CLASS.exec(head);
  if (anonymousClass) return def('class', 'default', true, { bases: heritage(anonymousClass.groups?.['rest']) });
  let m = FUNCTION.exec(head);
  if (m?.groups) return def('function', m.groups['name']!, Boolean(m.groups['export']));
  m = CLASS.exec(head);
  if (m?.groups && m.groups['name'] !== 'extends' && m.groups['name'] !== 'implements') return def('class', m.groups['name']!, Boolean(m.groups['export']), { bases: heritage(m.groups['rest']) });
  m = INTERFACE.exec(head);
  if (m?.groups) {
    return def('interface', m.groups['name']!, Boolean(m.groups['export']), { body: 'none', bases: heritage(m.groups['rest']) });
  }
  m = TYPE.exec(head);
  if (m?.groups) return def('type', m.groups['name']!, Boolean(m.groups['export']));
  m = ENUM.exec(head);
  if (m?.groups) return def('enum', m.groups['name']!, Boolean(m.groups['export']), { body: 'none' });
  m = NAMESPACE.exec(head);
  if (m?.groups) return def('module', m.groups['name']!, Boolean(m.groups['export']), { body: 'top' });
  if (GLOBAL_BLOCK.test(head)) return scopeOnly('', 'top');
  m = BINDING.exec(head);
  if (m?.groups && isFunctionValue(m.groups['value']!)) return def('function', m.groups['name']!, Boolean(m.groups['export']));
  if (m?.groups && /^class\b/.test(m.groups['value']!)) {
    return def('class', m.groups['name']!, Boolean(m.groups['export']), { bases: heritage(m.groups['value']) });
  }
  return null;
}

function member(head: string): DefMatch | null {
  let m = METHOD.exec(head);
  if (m?.groups && !NOT_METHODS.has(m.groups['name']!)) {
    return def('method', m.groups['name']!, !/^(?:private|protected)\b/.test(head) && !m.groups['name']!.startsWith('#'));
  }
  m = PROPERTY_FUNCTION.exec(head);
  if (m?.groups && isFunctionValue(m.groups['value']!)) {
    return def('method', m.groups['name']!, !/^(?:private|protected)\b/.test(head) && !m.groups['name']!.startsWith('#'));
  }
  return null;
}

export const javascriptProfile: Profile = { blocks: 'brace', top, member, decorator: /^@[\w.]+/ };
