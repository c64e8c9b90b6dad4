// Real repository text for store benchmarks: the tracked Python / Markdown / reST files of
// git work trees, with symbols found by a crude `def` / `class` line regex (a benchmark
// needs realistic text volume and symbol counts, not exact extraction). Each symbol's body
// runs to the next definition at the same or lower indentation; a class keeps only its own
// lines, as src/indexer/symbol-bodies.ts does.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entityKey, type RawReference, type SymbolRecord } from '../src/core/entities.js';
import type { IndexedFile } from '../src/store/curated.js';

const DEFINITION = /^([ \t]*)(?:async\s+)?(def|class)\s+([A-Za-z_][A-Za-z0-9_]*)/;
const CALL = /([A-Za-z_][A-Za-z0-9_]*)\s*\(/g;

interface Span {
  indent: number;
  kind: 'function' | 'method' | 'class';
  name: string;
  qualifiedName: string;
  parent: string | null;
  start: number;
  end: number;
}

function spansOf(lines: string[]): Span[] {
  const spans: Span[] = [];
  const open: Span[] = [];
  lines.forEach((line, at) => {
    const match = DEFINITION.exec(line);
    if (match === null) return;
    const indent = (match[1] ?? '').length;
    while (open.length > 0 && (open[open.length - 1]?.indent ?? 0) >= indent) open.pop();
    const parent = open[open.length - 1] ?? null;
    const name = match[3] ?? 'anonymous';
    const kind = match[2] === 'class' ? 'class' : parent?.kind === 'class' ? 'method' : 'function';
    const qualifiedName = parent === null ? name : `${parent.qualifiedName}.${name}`;
    const span: Span = { indent, kind, name, qualifiedName, parent: parent?.qualifiedName ?? null, start: at, end: lines.length };
    spans.push(span);
    open.push(span);
  });
  // A span ends where the next definition at the same or lower indentation starts.
  spans.forEach((span, at) => {
    const next = spans.slice(at + 1).find((other) => other.indent <= span.indent);
    span.end = next?.start ?? lines.length;
  });
  return spans;
}

function ownLines(lines: string[], span: Span, spans: Span[]): string {
  const children = spans.filter((other) => other.parent === span.qualifiedName);
  return lines
    .slice(span.start, span.end)
    .filter((_, offset) => !children.some((child) => span.start + offset >= child.start && span.start + offset < child.end))
    .join('\n');
}

function rawReferences(path: string, lines: string[], spans: Span[]): RawReference[] {
  const out: RawReference[] = [];
  lines.forEach((line, at) => {
    const owner = spans.filter((span) => at >= span.start && at < span.end).pop();
    for (const match of line.matchAll(CALL)) {
      out.push({ fromPath: path, fromKey: owner ? entityKey(path, owner.qualifiedName) : path, name: match[1] ?? '', qualifier: null, kind: 'call', line: at + 1 });
    }
  });
  return out;
}

function indexedFile(root: string, path: string, at: number): IndexedFile {
  const text = readFileSync(join(root, path), 'utf8');
  const lines = text.split('\n');
  const isPython = path.endsWith('.py');
  const spans = isPython ? spansOf(lines) : [];
  const seen = new Set<string>();
  const unique = spans.filter((span) => !seen.has(span.qualifiedName) && seen.add(span.qualifiedName));
  const symbols: SymbolRecord[] = unique.map((span) => ({
    key: entityKey(path, span.qualifiedName), path, name: span.name, qualifiedName: span.qualifiedName, kind: span.kind,
    signature: (lines[span.start] ?? '').trim(), doc: null, startByte: 0, endByte: 0, startLine: span.start + 1, endLine: span.end, signatureEndLine: span.start + 1,
    parent: span.parent, exported: true, method: 'regex',
  }));
  return {
    file: {
      path, language: isPython ? 'python' : path.endsWith('.md') ? 'markdown' : 'rst', kind: isPython ? 'code' : 'doc',
      size: text.length, mtimeMs: at, hash: `h${at}`, lines: lines.length, method: isPython ? 'regex' : 'none', parseNote: null,
      isTest: /(^|\/)tests?\//.test(path), isExample: false, isVendored: false, isGenerated: false, lastCommitAt: null, commitCount: 0,
    },
    symbols,
    imports: [],
    rawReferences: isPython ? rawReferences(path, lines, unique) : [],
    docChunks: [],
    text,
    symbolBodies: new Map(unique.map((span) => [entityKey(path, span.qualifiedName), ownLines(lines, span, unique)])),
  };
}

/** Every tracked .py / .md / .rst file of the given work trees, paths prefixed by repo name. */
export function realCorpus(roots: string[]): IndexedFile[] {
  return roots.flatMap((root, repo) => {
    const tracked = execFileSync('git', ['-C', root, 'ls-files', '*.py', '*.md', '*.rst'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    return tracked
      .split('\n')
      .filter((path) => path.length > 0)
      .map((path, at) => {
        const file = indexedFile(root, path, at);
        const prefix = `r${repo}/`;
        return {
          ...file,
          file: { ...file.file, path: prefix + path },
          symbols: file.symbols.map((s) => ({ ...s, path: prefix + path, key: prefix + s.key })),
          rawReferences: file.rawReferences.map((r) => ({ ...r, fromPath: prefix + path, fromKey: prefix + r.fromKey })),
          symbolBodies: new Map([...file.symbolBodies].map(([key, body]) => [prefix + key, body])),
        };
      });
  });
}
