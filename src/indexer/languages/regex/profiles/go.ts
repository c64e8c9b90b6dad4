// Go definitions: functions, methods (qualified under their receiver type), and named
// types (struct, interface, other).

import { def, IDENT, type DefMatch, type Profile } from '../profile.js';

const FUNCTION = new RegExp(`^func\\s+(?<name>${IDENT})`);
const METHOD = new RegExp(
  `^func\\s*\\(\\s*(?:${IDENT}\\s+)?\\*?\\s*(?<owner>${IDENT})\\s*(?:\\[[^\\]]{0,200}\\])?\\s*\\)\\s*(?<name>${IDENT})`,
);
const TYPE = new RegExp(`^type\\s+(?<name>${IDENT})\\s*(?:\\[[^\\]]{0,200}\\])?\\s*(?<what>struct|interface)?\\b`);

function isExported(name: string): boolean {
  return /^[A-Z\u00C0-\u00DE]/.test(name);
}

function top(head: string): DefMatch | null {
  let m = METHOD.exec(head);
  if (m?.groups) return def('method', m.groups['name']!, isExported(m.groups['name']!), { owner: m.groups['owner']! });
  m = FUNCTION.exec(head);
  if (m?.groups) return def('function', m.groups['name']!, isExported(m.groups['name']!));
  m = TYPE.exec(head);
  if (m?.groups) {
    const what = m.groups['what'];
    const kind = what === 'struct' ? 'struct' : what === 'interface' ? 'interface' : 'type';
    return def(kind, m.groups['name']!, isExported(m.groups['name']!), { body: 'none' });
  }
  return null;
}

export const goProfile: Profile = {
  blocks: 'brace',
  top,
  member: () => null,
  group: { opener: /^type\s*\($/, prefix: 'type ' },
};
