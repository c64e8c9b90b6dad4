// The ranker's query analysis as the task analysis reuses it (terms, anchors, frames,
// error types). The ranker reports its analysis as `unknown`, so it is checked here; by
// hand rather than with the schema library, which would cost every retrieve ~70 ms of
// start-up for this one check. Like a schema, it keeps only the fields it knows.

export interface DigestHit {
  weight: number;
  reasons: string[];
}

export interface DigestFrame {
  path: string;
  line: number | null;
  func: string | null;
  depth: number;
}

export interface Digest {
  terms: string[];
  focusedTerms: string[];
  anchorFiles: Record<string, DigestHit>;
  anchorSymbols: Record<string, DigestHit>;
  frames: DigestFrame[];
  errorTypes: string[];
}

/** The digest in `value`, or null when `value` is not one (another ranker's analysis). */
export function readDigest(value: unknown): Digest | null {
  if (!isRecord(value)) return null;
  const { terms, focusedTerms, anchorFiles, anchorSymbols, frames, errorTypes } = value;
  if (!isStringList(terms) || !isStringList(focusedTerms) || !isStringList(errorTypes)) return null;
  const files = hitsOf(anchorFiles);
  const symbols = hitsOf(anchorSymbols);
  const readFrames = Array.isArray(frames) ? frames.map(frameOf) : null;
  if (files === null || symbols === null || readFrames === null || readFrames.includes(null)) return null;
  return { terms: [...terms], focusedTerms: [...focusedTerms], anchorFiles: files, anchorSymbols: symbols, frames: readFrames as DigestFrame[], errorTypes: [...errorTypes] };
}

function hitsOf(value: unknown): Record<string, DigestHit> | null {
  if (!isRecord(value)) return null;
  const hits: Record<string, DigestHit> = {};
  for (const [id, hit] of Object.entries(value)) {
    if (!isRecord(hit) || typeof hit.weight !== 'number' || !isStringList(hit.reasons)) return null;
    hits[id] = { weight: hit.weight, reasons: [...hit.reasons] };
  }
  return hits;
}

function frameOf(value: unknown): DigestFrame | null {
  if (!isRecord(value)) return null;
  const { path, line, func, depth } = value;
  if (typeof path !== 'string' || typeof depth !== 'number') return null;
  if (!(line === null || typeof line === 'number') || !(func === null || typeof func === 'string')) return null;
  return { path, line, func, depth };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
