// A file's definitions from its current bytes, extracted exactly as an index run would
// (same classification, tree-sitter first, regex fallback, same keys): episode memory
// asks for it when a file changed since the index was built, so the entity it checks is
// the one on disk now.

import type { ExtractionMethod, Language, SymbolRecord } from '../core/entities.js';
import { processFile } from './process-file.js';

export interface ExtractedEntities {
  language: Language;
  method: ExtractionMethod;
  symbols: SymbolRecord[];
}

export function extractEntities(path: string, bytes: Uint8Array): ExtractedEntities {
  const indexed = processFile({ path, size: bytes.length, mtimeMs: 0, content: bytes });
  return { language: indexed.file.language, method: indexed.file.method, symbols: indexed.symbols };
}
