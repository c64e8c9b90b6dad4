// Content hashes of indexed files (SHA-256, hex): what decides whether a file changed.

import { createHash } from 'node:crypto';

export function sha256(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}
