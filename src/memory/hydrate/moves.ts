// Where an entity the conversation saw went, when its key no longer resolves on disk: a
// file renamed with its content (another indexed file holds exactly the text seen), or a
// definition moved to another file (the one other definition of the same qualified name).
// Anything less certain is reported as deleted — a wrong "moved to" would mislead more.

import { parseEntityKey, type EntityKey } from '../../core/entities.js';
import type { CuratedReader } from '../../store/curated.js';

export function movedTo(reader: CuratedReader, key: EntityKey, seenHash: string | null): EntityKey | null {
  const { path, qualifiedName } = parseEntityKey(key);
  if (qualifiedName === null) {
    if (seenHash === null) return null;
    const same = reader.files().filter((file) => file.hash === seenHash && file.path !== path);
    return same.length === 1 ? same[0]!.path : null;
  }
  const name = qualifiedName.replace(/#\d+$/, '');
  const last = name.slice(name.lastIndexOf('.') + 1);
  const elsewhere = reader.symbolsByName(last).filter((symbol) => symbol.qualifiedName === name && symbol.path !== path);
  return elsewhere.length === 1 ? elsewhere[0]!.key : null;
}
