// The text each symbol contributes to fielded search. A container (class, struct, trait,
// module, ...) contributes its own text minus the ranges of its member definitions, so a
// method body is indexed once, under the method, and not again under its class.

import type { EntityKey, SymbolRecord } from '../core/entities.js';

/** Bodies longer than this are cut: a 50k-line generated table says little per token. */
const MAX_BODY_BYTES = 64 * 1024;

export function symbolBodies(content: Uint8Array, symbols: SymbolRecord[]): Map<EntityKey, string> {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const childrenOf = new Map<string, SymbolRecord[]>();
  for (const symbol of symbols) {
    if (symbol.parent === null) continue;
    const siblings = childrenOf.get(symbol.parent);
    if (siblings) siblings.push(symbol);
    else childrenOf.set(symbol.parent, [symbol]);
  }
  const bodies = new Map<EntityKey, string>();
  for (const symbol of symbols) {
    const children = childrenOf.get(symbol.qualifiedName) ?? [];
    bodies.set(symbol.key, ownText(bytes, symbol, children));
  }
  return bodies;
}

function ownText(bytes: Buffer, symbol: SymbolRecord, children: SymbolRecord[]): string {
  const end = Math.min(symbol.endByte, symbol.startByte + MAX_BODY_BYTES, bytes.length);
  if (children.length === 0) return bytes.toString('utf8', symbol.startByte, end);
  const parts: string[] = [];
  let cursor = symbol.startByte;
  for (const child of [...children].sort((a, b) => a.startByte - b.startByte)) {
    if (child.startByte >= end) break;
    if (child.startByte > cursor) parts.push(bytes.toString('utf8', cursor, child.startByte));
    cursor = Math.max(cursor, child.endByte);
  }
  if (cursor < end) parts.push(bytes.toString('utf8', cursor, end));
  return parts.join('\n');
}
