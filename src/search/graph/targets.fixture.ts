// Graph targets for pure tests, without an index behind them.

import { parseEntityKey, type SymbolRecord } from '../../core/entities.js';
import type { GraphTarget } from './target.js';

export function fileTarget(path: string): GraphTarget {
  return { kind: 'file', path };
}

export function symbolTarget(key: string): GraphTarget {
  const { path, qualifiedName } = parseEntityKey(key);
  const name = qualifiedName ?? path;
  const symbol: SymbolRecord = {
    key,
    path,
    name: name.slice(name.lastIndexOf('.') + 1),
    qualifiedName: name,
    kind: 'function',
    signature: `def ${name}()`,
    doc: null,
    startByte: 0,
    endByte: 0,
    startLine: 1,
    endLine: 1,
    signatureEndLine: 1,
    parent: null,
    exported: true,
    method: 'ast',
  };
  return { kind: 'symbol', key, path, symbol };
}
