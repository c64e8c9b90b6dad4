// A failed tool call is a tool result with `isError: true` and one line naming the input
// and what went wrong (and what to do); protocol errors are kept for protocol faults
// (an unknown tool). Decided by the error's type and code, never by its text.

import type { ZodError } from 'zod';
import { isCairnError, UsageError } from '../../core/errors.js';
import { printable } from '../../core/printable.js';

export interface ToolError {
  content: { type: 'text'; text: string }[];
  isError: true;
}

/** One line: the message (its own line breaks joined), then the hint. */
export function toolError(error: unknown): ToolError {
  const text = isCairnError(error)
    ? `${oneLine(error.message)}${error.hint ? ` (hint: ${oneLine(error.hint)})` : ''} [${error.code}]`
    : `internal error: ${oneLine(error instanceof Error ? error.message : String(error))} [INTERNAL]`;
  return { content: [{ type: 'text', text }], isError: true };
}

export function oneLine(text: string): string {
  return printable(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('; '),
  );
}

/** Bad arguments as a usage error naming the tool, the argument, the value and the rule. */
export function argumentError(tool: string, error: ZodError, args: unknown): UsageError {
  const parts = error.issues.map((issue) => {
    const key = issue.path.join('.') || '(arguments)';
    if (issue.code === 'unrecognized_keys') return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    const value = valueAt(args, issue.path);
    const shown = value === undefined ? 'missing' : `${JSON.stringify(value)?.slice(0, 60)} is not allowed`;
    return `${key}: ${shown} (${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)})`;
  });
  return new UsageError(`${tool}: ${parts.join('; ')}`, { hint: 'see the tool\'s input schema (tools/list)' });
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
