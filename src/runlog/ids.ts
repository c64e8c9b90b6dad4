// Task and run ids: sortable by creation time (base-36 milliseconds first) and unique
// (random suffix), short enough to type after `--task-id`.

import { randomBytes } from 'node:crypto';
import { UsageError } from '../core/errors.js';

export function newId(prefix: 'task' | 'run', now: number = Date.now()): string {
  return `${prefix}-${now.toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
}

const TASK_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** A task id given by the user: letters, digits, `.`, `_`, `:` and `-`, at most 128. */
export function checkTaskId(id: string): string {
  if (!TASK_ID.test(id)) {
    throw new UsageError(`task id "${id}" is not usable`, {
      hint: 'use letters, digits, ".", "_", ":" or "-" (at most 128, starting with a letter or digit)',
    });
  }
  return id;
}
