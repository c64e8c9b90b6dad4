// The vault's addressing: an artifact is named by the SHA-256 of its exact text (UTF-8).
// Equal hashes are still confirmed byte by byte before anything is called fresh (etv/):
// the name is for finding a text, never proof that two texts are the same.

import { createHash } from 'node:crypto';
import type { MemoryPorts } from './ports.js';

export function sha256Text(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function hasherOf(ports: Pick<MemoryPorts, 'hash'>): (text: string) => string {
  return ports.hash ?? sha256Text;
}

/** Byte equality of two texts as stored (UTF-8). */
export function sameBytes(a: string, b: string): boolean {
  return a.length === b.length && Buffer.from(a, 'utf8').equals(Buffer.from(b, 'utf8'));
}

/** A hash as shown to people: its first 12 hex digits. */
export function shortHash(hash: string | null): string {
  return hash === null ? '-' : hash.slice(0, 12);
}
