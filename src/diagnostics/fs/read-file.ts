// Reading a file's text read-only and bounded: at most `maxBytes` are read, through a
// descriptor opened read-only without following a last-component link (the walk has
// already resolved links; a file swapped for a link since is refused) and without blocking
// (a file swapped for a pipe since is refused after fstat).

import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export interface FileHead {
  /** The bytes read, decoded as UTF-8 (invalid sequences become U+FFFD). */
  text: string;
  /** True when the whole file was read. */
  complete: boolean;
  /** A NUL byte in the first 8 KiB: not text. */
  binary: boolean;
}

const SNIFF_BYTES = 8 * 1024;
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** The first `maxBytes` of a regular file; throws the system error when it cannot be read. */
export function readHead(absolute: string, maxBytes: number): FileHead {
  const fd = openSync(absolute, READ_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw Object.assign(new Error(`${absolute} is not a regular file`), { code: 'ENOTFILE' });
    // One byte more than asked tells a file that is exactly maxBytes long from a longer one.
    const want = Math.max(0, Math.min(maxBytes + 1, stats.size + 1));
    const buffer = Buffer.alloc(Math.max(want, Math.min(SNIFF_BYTES, stats.size)));
    let length = 0;
    for (let read = 1; read > 0 && length < buffer.length; length += read) read = readSync(fd, buffer, length, buffer.length - length, length);
    const binary = buffer.subarray(0, Math.min(length, SNIFF_BYTES)).includes(0);
    const complete = length <= maxBytes;
    return { text: buffer.subarray(0, Math.min(length, maxBytes)).toString('utf8'), complete, binary };
  } finally {
    closeSync(fd);
  }
}

/** A file's head and tail (for large logs: markers are often at the end), each `half` bytes. */
export function readEnds(absolute: string, half: number): string {
  const fd = openSync(absolute, READ_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return '';
    if (stats.size <= 2 * half) return readRange(fd, 0, stats.size);
    return `${readRange(fd, 0, half)}\n${readRange(fd, stats.size - half, half)}`;
  } finally {
    closeSync(fd);
  }
}

function readRange(fd: number, start: number, length: number): string {
  const buffer = Buffer.alloc(length);
  let done = 0;
  for (let read = 1; read > 0 && done < length; done += read) read = readSync(fd, buffer, done, length - done, start + done);
  return buffer.subarray(0, done).toString('utf8');
}
