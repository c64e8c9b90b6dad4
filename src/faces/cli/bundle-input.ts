// Reading a handoff bundle named by --bundle: a file, or `-` for standard input, through the
// one option reader (config/option-file.ts); bounded (a bundle is a message, not a dump:
// larger inputs are refused before they are read whole) and parsed as JSON. What is not JSON is a one-line error naming the input (exit 3);
// what is JSON of the wrong shape is judged by diagnostics, which warns instead.

import { readOptionStream, readOptionText } from '../../config/option-file.js';
import { InputError } from '../../core/errors.js';

/** A 10 MB bundle must be read; a runaway one must not be. */
export const MAX_BUNDLE_BYTES = 32 * 1024 * 1024;

const BUNDLE_SIZE_HINT = 'a handoff bundle is a JSON message: pass the error, trace, changes and root cause, not whole logs';

export interface BundleInput {
  /** As the user named it ("-" is shown as "standard input"). */
  name: string;
  /** The parsed JSON value, whatever its shape. */
  value: unknown;
  /** The absolute path of the file (null for standard input). */
  file: string | null;
}

export async function readBundle(spec: string, maxBytes = MAX_BUNDLE_BYTES, stdin: AsyncIterable<Buffer | string> = process.stdin): Promise<BundleInput> {
  const name = spec === '-' ? 'standard input' : spec;
  const text = spec === '-' ? await readOptionStream(stdin, { what: 'bundle', maxBytes, hint: BUNDLE_SIZE_HINT }) : readFile(spec, maxBytes);
  try {
    return { name, value: JSON.parse(text.replace(/^\uFEFF/, '')) as unknown, file: spec === '-' ? null : spec };
  } catch (error) {
    throw new InputError('INPUT_INVALID', `bundle ${name} is not JSON (${oneLine((error as Error).message)})`, {
      hint: 'pass the handoff bundle as a JSON object with error_message, stack_trace, recent_changes and root_cause',
      cause: error,
    });
  }
}

function readFile(path: string, maxBytes: number): string {
  return readOptionText({ what: 'bundle', path, maxBytes, hint: 'pass the path of the handoff bundle, a JSON file (or - for standard input)' });
}

/** A parser message quotes the input, newlines included: kept to one short line. */
function oneLine(message: string): string {
  const line = message.replace(/\r?\n/g, '\\n');
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
