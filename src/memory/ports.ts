// What the memory services are given: ports only (the composition root, src/app/memory.ts,
// constructs the adapters). Everything that reads the clock, the disk or the extractor
// comes through here, so tests can hold time still or make a file system coarse.

import type { Config } from '../config/schema.js';
import type { ExtractionMethod, Language, SymbolRecord } from '../core/entities.js';
import type { TokenCounter } from '../tokenizer/tokens.js';
import type { RetrievalPorts } from '../retrieval/pipeline/retrieve.js';
import type { CuratedReader } from '../store/curated.js';
import type { MemoryStore } from '../store/memory.js';

/** One line each; the faces decide where they go (stderr for the CLI). */
export interface MemoryLog {
  info(line: string): void;
  warn(line: string): void;
  debug(line: string): void;
}

export const SILENT_LOG: MemoryLog = { info: () => undefined, warn: () => undefined, debug: () => undefined };

/** What extraction of a file's current bytes gives (the indexer's extractors, wired by the composition root). */
export interface ExtractedFile {
  language: Language;
  method: ExtractionMethod;
  symbols: Pick<SymbolRecord, 'key' | 'startByte' | 'endByte' | 'startLine' | 'endLine' | 'method'>[];
}

/** Re-extracts a file whose bytes differ from the ones the index was built from. */
export type EntityExtractor = (path: string, bytes: Uint8Array) => ExtractedFile;

/** A file as stat shows it: what ETV cache entries are validated against. */
export interface FileStamp {
  /** size, mtime, ctime (ns) and inode, joined: equal stamps mean "looks unchanged". */
  stamp: string;
  /** The later of mtime and ctime, unix ms. */
  changedAt: number;
}

/** The repository's files as ETV sees them. */
export interface FileProbe {
  /** null when the file is missing or not a regular file inside the repository. */
  stat(path: string): FileStamp | null;
  /** The bytes with the stamp they were read under; `stable` is false when the file changed while it was read. */
  read(path: string): { bytes: Buffer; stamp: FileStamp; stable: boolean } | null;
}

export type MemorySettings = Config['memory'];

export interface MemoryPorts {
  store: MemoryStore;
  /** The curated index, read-only: symbol ranges, extraction methods, files. */
  reader: CuratedReader;
  files: FileProbe;
  extract: EntityExtractor;
  /** The pipeline's counter (o200k_base): budgets are counted on what is rendered, as retrieval counts. */
  counter: TokenCounter;
  settings: MemorySettings;
  log: MemoryLog;
  /** The retrieval pipeline, for the third tier of a hydration (its ranking for the query); absent: that tier is skipped and said so. */
  retrieval?: RetrievalPorts;
  /** Stages the pipeline runs (default: scope, precision). */
  stages?: readonly string[];
  now?: () => number;
  /** The vault's hash (SHA-256 of the UTF-8 text); replaceable only to test what a collision does. */
  hash?: (text: string) => string;
}
