// Float32 vectors as SQLite BLOBs: little-endian float32, the layout sqlite-vec reads.

/** A view of the vector's bytes (no copy). */
export function toBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** A copy: a Buffer from the driver may sit at an offset a Float32Array cannot start at. */
export function fromBlob(blob: Buffer): Float32Array {
  const bytes = new Uint8Array(blob.byteLength);
  bytes.set(blob);
  return new Float32Array(bytes.buffer);
}
