// Flattening Rust `use` trees into (path, names) pairs, grouped by path in source order:
// `use crate::a::{b, c::{d, e as f}, self, g::*}` → crate::a [b, a], crate::a::c [d, e],
// crate::a::g [*]. `self` in a list names the list's own module; aliases keep the original.

import type { Nav } from './nav.js';

/** The cursor is on a use_declaration's argument; it does not move. */
export function collectUseTree(nav: Nav): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  collect(nav, '', groups);
  return groups;
}

function add(groups: Map<string, string[]>, specifier: string, name: string | null): void {
  let names = groups.get(specifier);
  if (names === undefined) {
    names = [];
    groups.set(specifier, names);
  }
  if (name !== null) names.push(name);
}

/** Splits "a::b::c" into ["a::b", "c"] (["", "c"] for a bare name). */
function splitPath(path: string): [string, string] {
  const at = path.lastIndexOf('::');
  return at < 0 ? ['', path] : [path.slice(0, at), path.slice(at + 2)];
}

function join(prefix: string, path: string): string {
  if (prefix === '') return path;
  return path === '' ? prefix : `${prefix}::${path}`;
}

function collect(nav: Nav, prefix: string, groups: Map<string, string[]>): void {
  const type = nav.type();
  if (type === 'use_as_clause') {
    if (nav.toField('path')) {
      collect(nav, prefix, groups);
      nav.up();
    }
  } else if (type === 'use_wildcard') {
    const path = nav.text().replace(/\s+/g, '').replace(/::\*$/, '').replace(/^\*$/, '');
    add(groups, join(prefix, path), '*');
  } else if (type === 'scoped_use_list') {
    const path = (nav.fieldText('path') ?? '').replace(/\s+/g, '');
    if (nav.toField('list')) {
      collect(nav, join(prefix, path), groups);
      nav.up();
    }
  } else if (type === 'use_list') {
    nav.eachChild((child) => {
      if (child.type() !== '') collect(child, prefix, groups);
    });
  } else if (type === 'self') {
    const [parent, name] = splitPath(prefix);
    add(groups, parent, name);
  } else if (type !== '') {
    const [path, name] = splitPath(join(prefix, nav.text().replace(/\s+/g, '')));
    if (path === '') add(groups, name, null);
    else add(groups, path, name);
  }
}
