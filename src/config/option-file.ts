// The one reader of files named by options and arguments (--config, --task-file,
// --budget-config, --request, --bundle, --dataset, `memory import FILE`; `-` for standard
// input where a command takes it) and the one check of files they write (--write-dataset,
// `memory export FILE`). Every read is bounded and only of a regular file: `/dev/zero`, a
// FIFO or a 10 GB log would otherwise be read until memory runs out (or block forever, for
// a FIFO no one writes), and a folder failed as an internal error. The file is stat'ed
// before it is opened (opening a FIFO blocks) and again through the open descriptor.
// Streaming reads (option-lines.ts) go through the same checks.
// test/architecture/option-files.test.ts keeps the CLI from reading files any other way.

import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
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

/** "64 KiB", "4 MiB", "2 GiB": a size limit as people read it (a 64 KiB limit read "0 MiB"). */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * MIB) return `${Math.round(bytes / (1024 * MIB))} GiB`;
  if (bytes >= MIB) return `${Math.round(bytes / MIB)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

export function requireRegular(file: OptionFile, stats: Stats): void {
  if (!stats.isFile()) throw new InputError('INPUT_INVALID', `${file.what} ${file.path} is ${kindOf(stats)}, not a regular file`, { hint: file.hint });
  if (stats.size > file.maxBytes) throw tooLarge(file);
}

export function tooLarge(file: Pick<OptionFile, 'what' | 'path' | 'maxBytes' | 'hint'>): InputError {
  return new InputError('INPUT_INVALID', `${file.what} ${file.path} is larger than ${sizeText(file.maxBytes)}`, { hint: file.hint });
}

function unreadable(file: OptionFile, error: unknown): InputError {
  return new InputError('INPUT_NOT_FOUND', `${file.what} ${file.path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { hint: file.hint, cause: error });
}

/** A descriptor of the file, opened read-only once it is known to be a regular file within the limit; the caller closes it. */
export function openOptionFile(file: OptionFile): number {
  let stats: Stats;
  try {
    stats = statSync(file.path);
  } catch (error) {
    throw unreadable(file, error);
  }
  requireRegular(file, stats);
  let fd: number;
  try {
    fd = openSync(file.path, 'r');
  } catch (error) {
    throw unreadable(file, error);
  }
  try {
    requireRegular(file, fstatSync(fd)); // replaced between the two looks
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** The file's bytes; InputError when it is missing, not a regular file, or too large. */
export function readOptionFile(file: OptionFile): Buffer {
  const fd = openOptionFile(file);
  try {
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

/** A stream (standard input, for `-`) read whole as UTF-8, refused as soon as it passes the limit. */
export async function readOptionStream(stream: AsyncIterable<Buffer | string>, file: Omit<OptionFile, 'path'> & { path?: string }): Promise<string> {
  const named = { ...file, path: file.path ?? 'standard input' };
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > file.maxBytes) throw tooLarge(named);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A file an option will write: refused, before any work, when it exists and is not a
 * regular file (a device, a pipe that would block the write, a folder), or — with
 * `mustNotExist` — when it exists at all, or when its folder does not exist.
 */
export function checkOutputFile(file: { what: string; path: string; hint: string; mustNotExist?: boolean }): void {
  const stats = statSync(file.path, { throwIfNoEntry: false });
  if (stats !== undefined) {
    if (file.mustNotExist) throw new InputError('INPUT_INVALID', `${file.what} ${file.path} already exists`, { hint: file.hint });
    if (!stats.isFile()) throw new InputError('INPUT_INVALID', `${file.what} ${file.path} is ${kindOf(stats)}, not a regular file`, { hint: file.hint });
    return;
  }
  if (!statSync(dirname(file.path), { throwIfNoEntry: false })?.isDirectory()) throw new InputError('INPUT_NOT_FOUND', `${file.what} ${file.path}: its folder does not exist`, { hint: file.hint });
}
