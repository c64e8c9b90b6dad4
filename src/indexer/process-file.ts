// One file from bytes to an IndexedFile: hash, binary sniff, decode, classify, extract
// (tree-sitter first, regex when there is no grammar or the parse fails), chunk docs.
// Pure apart from the extractors' parser caches, so it runs the same in a worker thread.

import type { DocChunk, FileRecord, Language } from '../core/entities.js';
import { SearchTextEncoder, searchTextOf } from '../core/search-text.js';
import type { IndexedFile } from '../store/curated.js';
import { classifyFile } from './classify/classify.js';
import { chunkDocument } from './docs/chunk.js';
import { astExtractorFor } from './languages/registry.js';
import { regexExtract } from './languages/regex/index.js';
import type { Extraction } from './languages/types.js';
import { sha256 } from './hash.js';
import { isBinary } from './walk/binary.js';
import { symbolBodies } from './symbol-bodies.js';
import { fileMetaOf } from './file-meta/file-meta.js';
import { capText } from './languages/text.js';
import { MAX_TEXT_ONLY_BYTES, MAX_TEXT_ONLY_CHARS, textOnlyReason } from './work-bound.js';

export interface FileInput {
  path: string;
  size: number;
  mtimeMs: number;
  content: Uint8Array;
}

const CLASSIFY_HEAD_CHARS = 4096;
const DOC_FORMATS: Partial<Record<Language, 'markdown' | 'rst' | 'text'>> = {
  markdown: 'markdown',
  rst: 'rst',
  text: 'text',
};
const REGEX_LANGUAGES = new Set<Language>([
  'c', 'cpp', 'csharp', 'ruby', 'php', 'kotlin', 'scala', 'swift', 'shell',
]);

// ignoreBOM keeps a byte-order mark in the text, so UTF-8 offsets computed from the text
// line up with the file's bytes.
/** One per thread: its memo of word expansions is what makes tokenizing cheap. */
const encoder = new SearchTextEncoder();

const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function processFile(input: FileInput): IndexedFile {
  const hash = sha256(input.content);
  if (isBinary(input.content)) return binaryFile(input, hash);
  // Past what any text-only body keeps, the rest is not decoded at all (work-bound.ts).
  const content = input.content.length > MAX_TEXT_ONLY_BYTES ? utf8Head(input.content, MAX_TEXT_ONLY_BYTES) : input.content;
  const { text, note: decodeNote } = decode(content);
  const classification = classifyFile(input.path, text.slice(0, CLASSIFY_HEAD_CHARS));
  const textOnly = content === input.content ? textOnlyReason(text, classification.isGenerated) : 'larger than 1 MiB';
  if (textOnly !== null) return textOnlyFile(input, hash, classification, text, joinNotes(decodeNote, `indexed as text only: ${textOnly}`));
  const extraction = extract(classification.language, input.path, text);
  const docFormat = DOC_FORMATS[classification.language];
  const docChunks: DocChunk[] = docFormat ? chunkDocument(input.path, text, docFormat) : [];

  const file: FileRecord = {
    path: input.path,
    ...classification,
    size: input.size,
    mtimeMs: input.mtimeMs,
    hash,
    lines: countLines(text),
    method: extraction.method,
    parseNote: joinNotes(decodeNote, extraction.parseNote),
    lastCommitAt: null,
    commitCount: 0,
  };
  // With invalid UTF-8 replaced, offsets index the re-encoded text, not the raw bytes.
  const bodies = symbolBodies(decodeNote ? Buffer.from(text, 'utf8') : input.content, extraction.symbols);
  return {
    file,
    symbols: extraction.symbols,
    imports: extraction.imports,
    rawReferences: extraction.references,
    docChunks,
    text,
    symbolBodies: bodies,
    searchText: searchTextOf({ path: input.path, text, symbols: extraction.symbols, symbolBodies: bodies, docChunks }, encoder),
    meta: fileMetaOf(input.path, classification.language, text, extraction.symbols),
  };
}

function extract(language: Language, path: string, text: string): Extraction {
  const ast = astExtractorFor(language);
  if (ast) {
    try {
      return ast.extract(path, text);
    } catch (error) {
      // A grammar that cannot parse the file: keep going with the regex extractor,
      // and say so, so the file is marked method "regex" rather than silently thin.
      const fallback = regexExtract(language, path, text);
      return { ...fallback, parseNote: joinNotes('tree-sitter failed, regex fallback', fallback.parseNote) };
    }
  }
  if (REGEX_LANGUAGES.has(language)) return regexExtract(language, path, text);
  return { method: 'none', parseNote: null, symbols: [], imports: [], references: [] };
}

function decode(content: Uint8Array): { text: string; note: string | null } {
  try {
    return { text: strictUtf8.decode(content), note: null };
  } catch {
    return { text: utf8.decode(content), note: 'invalid UTF-8 replaced' };
  }
}

/**
 * Path and full-text body (the text's head) only; `lines` counts the whole file's
 * newlines, which costs one pass over the bytes and nothing more.
 */
function textOnlyFile(input: FileInput, hash: string, classification: ReturnType<typeof classifyFile>, text: string, note: string | null): IndexedFile {
  const head = text.length > MAX_TEXT_ONLY_CHARS ? capText(text, MAX_TEXT_ONLY_CHARS) : text;
  const file: FileRecord = {
    path: input.path,
    ...classification,
    size: input.size,
    mtimeMs: input.mtimeMs,
    hash,
    lines: countByteLines(input.content),
    method: 'none',
    parseNote: note,
    lastCommitAt: null,
    commitCount: 0,
  };
  const parts = { path: input.path, text: head, symbols: [], symbolBodies: new Map<string, string>(), docChunks: [] };
  const meta = fileMetaOf(input.path, classification.language, head, []);
  return { file, symbols: [], imports: [], rawReferences: [], docChunks: [], text: head, symbolBodies: new Map(), searchText: searchTextOf(parts, encoder), meta };
}

/** The first `bytes` bytes, cut back to the start of a UTF-8 character so the cut is not read as invalid UTF-8. */
function utf8Head(content: Uint8Array, bytes: number): Uint8Array {
  let end = bytes;
  while (end > 0 && (content[end]! & 0xc0) === 0x80) end--;
  return content.subarray(0, end);
}

function countByteLines(content: Uint8Array): number {
  if (content.length === 0) return 0;
  let lines = 1;
  for (let at = content.indexOf(0x0a); at !== -1; at = content.indexOf(0x0a, at + 1)) lines++;
  return content[content.length - 1] === 0x0a ? lines - 1 : lines;
}

function binaryFile(input: FileInput, hash: string): IndexedFile {
  const file: FileRecord = {
    path: input.path,
    language: 'other',
    kind: 'other',
    size: input.size,
    mtimeMs: input.mtimeMs,
    hash,
    lines: 0,
    method: 'none',
    parseNote: 'binary',
    isTest: false,
    isExample: false,
    isVendored: false,
    isGenerated: false,
    lastCommitAt: null,
    commitCount: 0,
  };
  return { file, symbols: [], imports: [], rawReferences: [], docChunks: [], text: null, symbolBodies: new Map() };
}

function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function joinNotes(...notes: (string | null)[]): string | null {
  const present = notes.filter((note): note is string => note !== null && note !== '');
  return present.length ? present.join('; ') : null;
}

