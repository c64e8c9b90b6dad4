// The contract between language support (tree-sitter or regex extraction of one file)
// and the rest of the indexer. Extraction is a pure function of (path, source): same
// input, same output, byte for byte.

import type {
  ExtractionMethod,
  ImportRecord,
  Language,
  RawReference,
  SymbolRecord,
} from '../../core/entities.js';

export interface Extraction {
  method: ExtractionMethod;
  /** Why extraction was partial or fell back ("3 syntax errors", "no grammar"), else null. */
  parseNote: string | null;
  /** Definitions in source order; keys are unique within the file (see uniqueKeys). */
  symbols: SymbolRecord[];
  /**
   * Imports with `toPaths: []` — resolution against the repository happens later.
   * Specifier conventions per language:
   * - TS/JS: as written ("./util", "@app/x", "lodash"); names: imported bindings, "default"
   *   for a default import, "*" for a namespace import; `export ... from` is kind "reexport";
   *   `import()` and `require()` with a literal are kind "dynamic".
   * - Python: `import a.b.c` → "a.b.c" with names []; `from a.b import c, d` → "a.b" with
   *   ["c", "d"]; relative `from ..x import y` → "..x" with ["y"]; `from . import y` → ".".
   * - Go: the import path string; names: [alias] when aliased, else [].
   * - Rust: `use crate::a::b::{c, d}` → "crate::a::b" with ["c", "d"]; `use a::b::c` → "a::b"
   *   with ["c"]; `mod foo;` (a file module) → "mod:foo" with ["foo"].
   * - Java: `import a.b.C;` → "a.b.C" with ["C"]; `import a.b.*;` → "a.b" with ["*"];
   *   `import static a.b.C.m;` → "a.b.C" with ["m"].
   */
  imports: ImportRecord[];
  /** Identifier uses that may name a definition elsewhere (calls, types, bases). */
  references: RawReference[];
}

export interface LanguageExtractor {
  language: Language;
  extract(path: string, source: string): Extraction;
}
