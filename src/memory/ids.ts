// Conversation and episode ids: given by the agent (any short printable id) or made here
// for an episode (sortable by time, random suffix), in the same alphabet as task ids.

import { randomBytes } from 'node:crypto';
import { UsageError } from '../core/errors.js';

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function checkId(what: 'conversation' | 'episode', id: string): string {
  if (!ID.test(id)) {
    throw new UsageError(`${what} id "${id}" is not usable`, {
      hint: 'use letters, digits, ".", "_", ":" or "-" (at most 128, starting with a letter or digit)',
    });
  }
  return id;
}

export function newEpisodeId(now: number): string {
  return `ep-${now.toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
}
