// Import extraction dispatched by language.

import type { Language } from '../../../../core/entities.js';
import type { Scanned } from '../scan.js';
import { jsImports } from './javascript.js';
import { csharpImports, javaImports, kotlinImports, scalaImports, swiftImports } from './managed.js';
import { pythonImports } from './python.js';
import { includeImports, phpImports, rubyImports, shellImports } from './scripting.js';
import type { ImportSink } from './statements.js';
import { goImports, rustImports } from './systems.js';

type Extractor = (scanned: Scanned, sink: ImportSink) => void;

const BY_LANGUAGE: Partial<Record<Language, Extractor>> = {
  typescript: jsImports,
  tsx: jsImports,
  javascript: jsImports,
  python: pythonImports,
  go: goImports,
  rust: rustImports,
  java: javaImports,
  kotlin: kotlinImports,
  scala: scalaImports,
  csharp: csharpImports,
  swift: swiftImports,
  c: includeImports,
  cpp: includeImports,
  ruby: rubyImports,
  php: phpImports,
  shell: shellImports,
};

export function extractImports(language: Language, scanned: Scanned, sink: ImportSink): void {
  BY_LANGUAGE[language]?.(scanned, sink);
}

export type { ImportSink } from './statements.js';
