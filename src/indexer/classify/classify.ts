// One call that tells the indexer what a file is: its language, what it is for, and the
// ranking priors. A pure function of (path, first ~4 KiB of text).

import type { FileKind, Language } from '../../core/entities.js';
import { detectLanguage, kindOf } from './language.js';
import { isExamplePath, isGeneratedFile, isTestPath, isVendoredPath } from './roles.js';

export interface FileClass {
  language: Language;
  kind: FileKind;
  isTest: boolean;
  isExample: boolean;
  isVendored: boolean;
  isGenerated: boolean;
}

export function classifyFile(path: string, head: string): FileClass {
  const language = detectLanguage(path, head);
  const kind = kindOf(path, language);
  return {
    language,
    kind,
    isTest: isTestPath(path),
    isExample: isExamplePath(path),
    isVendored: isVendoredPath(path),
    isGenerated: isGeneratedFile(path, head, kind === 'doc'),
  };
}
