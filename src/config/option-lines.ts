// A file named by an option, read line by line (`cairn memory import FILE`: a backup can be
// larger than is sensible to hold as one string). The same checks as option-file.ts — a
// regular file, within a size limit, checked before and after opening — and a bound on each
// line: `/dev/zero` (one endless line) grew a string until V8 gave up (RangeError, 636 MB
// after 4 s), and `/dev/urandom` kept being read after its first line was refused.

import { closeSync, readSync } from 'node:fs';
import { InputError } from '../core/errors.js';
import { openOptionFile, sizeText, tooLarge, type OptionFile } from './option-file.js';

const CHUNK_BYTES = 1024 * 1024;

/** The file's lines (without their line ends), as UTF-8; InputError as soon as a line or the file passes its limit. */
export async function* optionFileLines(file: OptionFile & { maxLineBytes: number }): AsyncGenerator<string> {
  const fd = openOptionFile(file);
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    let line = 1;
    for (let read = readSync(fd, chunk, 0, CHUNK_BYTES, null); read > 0; read = readSync(fd, chunk, 0, CHUNK_BYTES, null)) {
      total += read;
      if (total > file.maxBytes) throw tooLarge(file);
      let start = 0;
      for (let newline = chunk.indexOf(0x0a, 0); newline !== -1 && newline < read; newline = chunk.indexOf(0x0a, start)) {
        const text = Buffer.concat([...pending, chunk.subarray(start, newline)]).toString('utf8');
        if (pendingBytes + newline - start > file.maxLineBytes) throw lineTooLong(file, line);
        pending = [];
        pendingBytes = 0;
        yield text.replace(/\r$/, '');
        line++;
        start = newline + 1;
      }
      if (start < read) {
        pending.push(Buffer.from(chunk.subarray(start, read)));
        pendingBytes += read - start;
        if (pendingBytes > file.maxLineBytes) throw lineTooLong(file, line);
      }
    }
    if (pendingBytes > 0) yield Buffer.concat(pending).toString('utf8').replace(/\r$/, '');
  } finally {
    closeSync(fd);
  }
}

function lineTooLong(file: OptionFile & { maxLineBytes: number }, line: number): InputError {
  return new InputError('INPUT_INVALID', `${file.what} ${file.path} line ${line} is longer than ${sizeText(file.maxLineBytes)}`, { hint: file.hint });
}
