// Moving a generation's files in and out of PostgreSQL in chunks: upload reads a file in
// 4 MiB pieces (each its own statement, so memory stays flat and a large index needs no
// giant transaction), download writes them to a local file in order, hashing as it goes.
// Bytes cross the wire as base64 (text protocol: a third larger, against twice for hex).

import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import { IndexError } from '../../core/errors.js';
import type { PgConnection } from './connection.js';

export const CHUNK_BYTES = 4 * 1024 * 1024;

export interface UploadedFile {
  name: string;
  sha256: string;
  bytes: number;
  chunks: number;
}

export function uploadFile(db: PgConnection, repository: string, generation: number, name: string, path: string): UploadedFile {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  const fd = openSync(path, 'r');
  let bytes = 0;
  let chunks = 0;
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK_BYTES, bytes);
      if (read === 0) break;
      const piece = buffer.subarray(0, read);
      hash.update(piece);
      db.run(
        "INSERT INTO generation_chunks (repository, generation, name, seq, data) VALUES ($1, $2, $3, $4, decode($5, 'base64'))",
        [repository, generation, name, chunks, piece.toString('base64')],
      );
      bytes += read;
      chunks += 1;
    }
  } finally {
    closeSync(fd);
  }
  return { name, sha256: hash.digest('hex'), bytes, chunks };
}

/** Writes the file's chunks to `path` and checks size and hash; a mismatch is INDEX_CORRUPT. */
export function downloadFile(db: PgConnection, repository: string, generation: number, file: UploadedFile, path: string): void {
  const hash = createHash('sha256');
  const fd = openSync(path, 'wx');
  let bytes = 0;
  try {
    for (let seq = 0; seq < file.chunks; seq++) {
      const encoded = db.value<string>(
        "SELECT encode(data, 'base64') FROM generation_chunks WHERE repository = $1 AND generation = $2 AND name = $3 AND seq = $4",
        [repository, generation, file.name, seq],
      );
      if (encoded === undefined) throw damagedGeneration(repository, generation, file.name, `chunk ${seq} is missing`);
      const piece = Buffer.from(encoded, 'base64'); // Node skips the line breaks encode() puts every 76 characters
      hash.update(piece);
      writeSync(fd, piece);
      bytes += piece.length;
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const sha256 = hash.digest('hex');
  if (bytes !== file.bytes || sha256 !== file.sha256) {
    throw damagedGeneration(repository, generation, file.name, `${bytes} bytes with hash ${sha256.slice(0, 12)}, published as ${file.bytes} bytes with hash ${file.sha256.slice(0, 12)}`);
  }
}

function damagedGeneration(repository: string, generation: number, name: string, what: string): IndexError {
  return new IndexError('INDEX_CORRUPT', `generation ${generation} of ${repository} (${name}) in PostgreSQL is damaged: ${what}`, {
    hint: 'publish the index again from an indexer (`cairn index`); the damaged copy was not used',
  });
}
