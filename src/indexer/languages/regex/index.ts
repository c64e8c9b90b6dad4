// regexExtract: the fallback extractor for languages without a grammar and for files a
// grammar failed on. Same contract as the tree-sitter path (types.ts), every symbol marked
// method "regex". Pure, deterministic, linear in the input, and it never throws.

import { AST_LANGUAGES, type Language } from '../../../core/entities.js';
import { describeError } from '../../../core/errors.js';
import { ExtractionBuilder } from '../builder.js';
import type { Extraction } from '../types.js';
import { findDefinitions } from './definitions.js';
import { extractImports } from './imports/index.js';
import type { Profile } from './profile.js';
import { cProfile, csharpProfile } from './profiles/cfamily.js';
import { goProfile } from './profiles/go.js';
import { javascriptProfile } from './profiles/javascript.js';
import { javaProfile, kotlinProfile, scalaProfile } from './profiles/jvm.js';
import { pythonProfile } from './profiles/python.js';
import { rustProfile } from './profiles/rust.js';
import { phpProfile, rubyProfile, shellProfile, swiftProfile } from './profiles/scripting.js';
import { collectReferences } from './references.js';
import { scan } from './scan.js';
import { buildStructure } from './structure.js';
import { syntaxFor } from './syntax.js';

const PROFILES: Partial<Record<Language, Profile>> = {
  typescript: javascriptProfile,
  tsx: javascriptProfile,
  javascript: javascriptProfile,
  python: pythonProfile,
  go: goProfile,
  rust: rustProfile,
  java: javaProfile,
  kotlin: kotlinProfile,
  scala: scalaProfile,
  c: cProfile,
  cpp: cProfile,
  csharp: csharpProfile,
  php: phpProfile,
  swift: swiftProfile,
  ruby: rubyProfile,
  shell: shellProfile,
};

const AST = new Set<Language>(AST_LANGUAGES);
const TYPED_DECLARATIONS = new Set<Language>(['c', 'cpp', 'csharp', 'java']);

export function regexExtract(language: Language, path: string, source: string): Extraction {
  const note = AST.has(language) ? null : 'no grammar';
  const profile = PROFILES[language];
  if (!profile) return empty(note);
  try {
    return extractWith(profile, language, path, source, note);
  } catch (error) {
    // Nothing here should throw; if a bug does, the file stays indexed as text.
    return empty(`regex extraction failed: ${describeError(error)}`);
  }
}

function extractWith(profile: Profile, language: Language, path: string, source: string, note: string | null): Extraction {
  const scanned = scan(source, syntaxFor(language));
  const structure = buildStructure(scanned);
  const out = new ExtractionBuilder(path, source);
  const defined = findDefinitions({ scanned, structure, profile, out });
  extractImports(language, scanned, (specifier, names, row, kind) => out.addImport(specifier, names, row, kind));
  collectReferences(scanned, defined, out, TYPED_DECLARATIONS.has(language));
  const built = out.finish(note);
  return {
    ...built,
    method: 'regex',
    symbols: built.symbols.map((symbol) => ({ ...symbol, method: 'regex' })),
  };
}

function empty(parseNote: string | null): Extraction {
  return { method: 'regex', parseNote, symbols: [], imports: [], references: [] };
}
