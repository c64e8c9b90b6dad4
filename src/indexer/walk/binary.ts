// Binary detection the way git and ripgrep do it: a NUL byte near the start.

const SNIFF_BYTES = 8 * 1024;

/** True when the first 8 KiB of the buffer contain a NUL byte. */
export function isBinary(buffer: Uint8Array): boolean {
  return buffer.subarray(0, SNIFF_BYTES).indexOf(0) !== -1;
}
