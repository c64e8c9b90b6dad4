// Rust definitions: fn, struct, enum, union, trait, type aliases, inline `mod x { }`,
// and methods inside `impl T` / `impl Trait for T` blocks (qualified under T) and traits.

import { def, IDENT, scopeOnly, type DefMatch, type Profile } from '../profile.js';

const VIS = '(?<vis>pub(?:\\s*\\([^)]{0,80}\\))?\\s+)?';
const FN = new RegExp(
  `^${VIS}(?:default\\s+)?(?:const\\s+)?(?:async\\s+)?(?:unsafe\\s+)?(?:extern\\s+(?:"[^"]*"\\s+)?)?fn\\s+(?<name>${IDENT})`,
);
const ITEM = new RegExp(`^${VIS}(?:unsafe\\s+)?(?<what>struct|enum|union|trait|type)\\s+(?<name>${IDENT})`);
const MOD = new RegExp(`^${VIS}mod\\s+(?<name>${IDENT})\\s*\\{`);
const IMPL = /^(?:unsafe\s+)?impl\b/;
const MACRO = new RegExp(`^(?:#\\[macro_export\\]\\s*)?macro_rules!\\s*(?<name>${IDENT})`);

const KINDS = { struct: 'struct', enum: 'enum', union: 'struct', trait: 'trait', type: 'type' } as const;

/** The implementing type of an impl header: `impl<T> Trait<T> for a::Foo<T> where ...` → Foo. */
export function implTarget(head: string): string | null {
  let rest = head.replace(IMPL, '');
  rest = skipGenerics(rest.trimStart());
  const clause = rest.split(/\{|\bwhere\b/)[0] ?? '';
  const forAt = topLevelFor(clause);
  const target = (forAt >= 0 ? clause.slice(forAt + 4) : clause).trim().replace(/^[&*]\s*(?:mut\s+)?|^dyn\s+/, '');
  const path = skipTrailingGenerics(target);
  const name = /([A-Za-z_][\w]*)\s*$/.exec(path)?.[1];
  return name ?? null;
}

function skipGenerics(text: string): string {
  if (!text.startsWith('<')) return text;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '<') depth++;
    else if (text[i] === '>' && --depth === 0) return text.slice(i + 1);
  }
  return '';
}

/** " for " outside angle brackets (a generic argument may hold `for<'a>` bounds). */
function topLevelFor(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<') depth++;
    else if (c === '>' && depth > 0) depth--;
    else if (depth === 0 && text.startsWith(' for ', i)) return i;
  }
  return -1;
}

function skipTrailingGenerics(text: string): string {
  const open = text.indexOf('<');
  return open < 0 ? text : text.slice(0, open);
}

function match(head: string, inContainer: boolean): DefMatch | null {
  let m = FN.exec(head);
  if (m?.groups) return def(inContainer ? 'method' : 'function', m.groups['name']!, Boolean(m.groups['vis']));
  m = ITEM.exec(head);
  if (m?.groups) {
    const kind = KINDS[m.groups['what'] as keyof typeof KINDS];
    return def(kind, m.groups['name']!, Boolean(m.groups['vis']), { body: kind === 'trait' ? 'members' : 'none' });
  }
  m = MACRO.exec(head);
  if (m?.groups) return def('function', m.groups['name']!, true);
  m = MOD.exec(head);
  if (m?.groups) return def('module', m.groups['name']!, Boolean(m.groups['vis']), { body: 'top' });
  if (IMPL.test(head)) {
    const target = implTarget(head);
    if (target) return scopeOnly(target, 'members');
  }
  return null;
}

export const rustProfile: Profile = {
  blocks: 'brace',
  top: (head) => match(head, false),
  member: (head) => match(head, true),
};
