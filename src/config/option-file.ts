// Files named by options (--config, --task-file, --budget-config, --request, --dataset)
// are read whole, so they are read with a size limit and only when they are regular
// files: `/dev/zero`, a FIFO or a 10 GB log would otherwise be read until memory runs out
// (or block forever, for a FIFO no one writes). The file is stat'ed before it is opened
// (opening a FIFO blocks) and again through the open descriptor.

import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { InputError } from '../core/errors.js';

export interface OptionFile {
  /** How the error names it: "task file", "--config file", ... */
  what: string;
  path: string;
  /** Larger files are refused, whatever they hold. */
  maxBytes: number;
  /** One sentence: what to pass instead. */
  hint: string;
}

export const MIB = 1024 * 1024;

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isFIFO()) return 'a pipe';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

function requireRegular(file: OptionFile, stats: Stats): void {
  if (!stats.isFile()) throw new InputError('INPUT_INVALID', `${file.what} ${file.path} is ${kindOf(stats)}, not a regular file`, { hint: file.hint });
  if (stats.size > file.maxBytes) throw tooLarge(file);
}

function tooLarge(file: OptionFile): InputError {
  return new InputError('INPUT_INVALID', `${file.what} ${file.path} is larger than ${Math.round(file.maxBytes / MIB)} MiB`, { hint: file.hint });
}

/** The file's bytes; InputError when it is missing, not a regular file, or too large. */
export function readOptionFile(file: OptionFile): Buffer {
  let stats: Stats;
  try {
    stats = statSync(file.path);
  } catch (error) {
    throw new InputError('INPUT_NOT_FOUND', `${file.what} ${file.path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { hint: file.hint, cause: error });
  }
  requireRegular(file, stats);
  let fd: number;
  try {
    fd = openSync(file.path, 'r');
  } catch (error) {
    throw new InputError('INPUT_NOT_FOUND', `${file.what} ${file.path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { hint: file.hint, cause: error });
  }
  try {
    requireRegular(file, fstatSync(fd)); // replaced between the two looks
    // One byte more than allowed: a file that grew meanwhile is caught too.
    const buffer = Buffer.alloc(Math.min(file.maxBytes + 1, fstatSync(fd).size + 1));
    let length = 0;
    for (let read = 1; read > 0 && length < buffer.length; length += read) read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > file.maxBytes) throw tooLarge(file);
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** readOptionFile as UTF-8 text. */
export function readOptionText(file: OptionFile): string {
  return readOptionFile(file).toString('utf8');
}
