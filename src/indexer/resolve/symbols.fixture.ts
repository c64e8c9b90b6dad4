// A minimal symbol record for resolution tests: only what resolution reads is meaningful.

import type { SymbolKind, SymbolRecord } from '../../core/entities.js';

export function sym(path: string, qualifiedName: string, kind: SymbolKind = 'function'): SymbolRecord {
  const dot = qualifiedName.lastIndexOf('.');
  return {
    key: `${path}::${qualifiedName}`,
    path,
    name: qualifiedName.slice(dot + 1),
    qualifiedName,
    kind,
    signature: '',
    doc: null,
    startByte: 0,
    endByte: 0,
    startLine: 1,
    endLine: 1,
    signatureEndLine: 1,
    parent: dot < 0 ? null : qualifiedName.slice(0, dot),
    exported: true,
    method: 'ast',
  };
}
