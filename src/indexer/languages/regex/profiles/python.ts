// Python definitions: `def` / `async def` and `class`; a `def` directly in a class body
// is a method. Blocks are delimited by indentation.

import { def, IDENT, parseBases, type DefMatch, type Profile } from '../profile.js';

const FUNCTION = new RegExp(`^(?:async\\s+)?def\\s+(?<name>${IDENT})`);
const CLASS = new RegExp(`^class\\s+(?<name>${IDENT})\\s*(?:\\[[^\\]]{0,200}\\])?\\s*(?:\\((?<bases>[^)]{0,500})\\))?`);

/** Module-private by convention: a leading underscore (as the tree-sitter extractor decides). */
function isPublic(name: string): boolean {
  return !name.startsWith('_');
}

function match(head: string, inClass: boolean): DefMatch | null {
  let m = FUNCTION.exec(head);
  if (m?.groups) return def(inClass ? 'method' : 'function', m.groups['name']!, isPublic(m.groups['name']!));
  m = CLASS.exec(head);
  if (m?.groups) {
    return def('class', m.groups['name']!, isPublic(m.groups['name']!), { bases: parseBases(m.groups['bases'] ?? '') });
  }
  return null;
}

export const pythonProfile: Profile = {
  blocks: 'indent',
  top: (head) => match(head, false),
  member: (head) => match(head, true),
  decorator: /^@/,
};
