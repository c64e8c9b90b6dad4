// Builders for curated-store rows and one small sample repository shared by the
// conformance suites. Plain data: every adapter receives exactly the same input.

import {
  entityKey,
  type DocChunk,
  type DocLink,
  type FileRecord,
  type ImportRecord,
  type RawReference,
  type ReferenceEdge,
  type SymbolRecord,
} from '../../src/core/entities.js';
import { codeTokens } from '../../src/core/tokens.js';
import type { IndexedFile } from '../../src/store/curated.js';

export function fileRecord(path: string, overrides: Partial<FileRecord> = {}): FileRecord {
  return {
    path,
    language: path.endsWith('.py') ? 'python' : path.endsWith('.md') ? 'markdown' : 'typescript',
    kind: path.endsWith('.md') ? 'doc' : 'code',
    size: 100,
    mtimeMs: 1_700_000_000_000,
    hash: `hash-of-${path}`,
    lines: 10,
    method: 'ast',
    parseNote: null,
    isTest: false,
    isExample: false,
    isVendored: false,
    isGenerated: false,
    lastCommitAt: null,
    commitCount: 0,
    ...overrides,
  };
}

export interface SymbolSpec extends Partial<Omit<SymbolRecord, 'key' | 'path' | 'qualifiedName'>> {
  qualifiedName: string;
  /** Body text for fielded search. */
  body?: string;
}

export function symbolRecord(path: string, spec: SymbolSpec): SymbolRecord {
  const { body: _body, ...fields } = spec;
  const name = spec.name ?? spec.qualifiedName.split('.').pop() ?? spec.qualifiedName;
  const dot = spec.qualifiedName.lastIndexOf('.');
  return {
    key: entityKey(path, spec.qualifiedName),
    path,
    name,
    kind: 'function',
    signature: `function ${name}()`,
    doc: null,
    startByte: 0,
    endByte: 10,
    startLine: 1,
    endLine: 2,
    signatureEndLine: 1,
    parent: dot < 0 ? null : spec.qualifiedName.slice(0, dot),
    exported: true,
    method: 'ast',
    ...fields,
  };
}

export interface FileSpec {
  file?: Partial<FileRecord>;
  symbols?: SymbolSpec[];
  imports?: Omit<ImportRecord, 'fromPath'>[];
  rawReferences?: Omit<RawReference, 'fromPath'>[];
  docChunks?: Omit<DocChunk, 'path'>[];
  text?: string | null;
}

export function indexedFile(path: string, spec: FileSpec = {}): IndexedFile {
  const symbols = (spec.symbols ?? []).map((symbol) => symbolRecord(path, symbol));
  const bodies = new Map<string, string>();
  (spec.symbols ?? []).forEach((symbol, at) => {
    if (symbol.body !== undefined) bodies.set(symbols[at]?.key ?? '', symbol.body);
  });
  return {
    file: fileRecord(path, spec.file),
    symbols,
    imports: (spec.imports ?? []).map((entry) => ({ ...entry, fromPath: path })),
    rawReferences: (spec.rawReferences ?? []).map((reference) => ({ ...reference, fromPath: path })),
    docChunks: (spec.docChunks ?? []).map((chunk) => ({ ...chunk, path })),
    text: spec.text === undefined ? null : spec.text,
    symbolBodies: bodies,
  };
}

export function edge(fromKey: string, toKey: string, overrides: Partial<ReferenceEdge> = {}): ReferenceEdge {
  return {
    fromKey,
    fromPath: fromKey.split('::')[0] ?? fromKey,
    toKey,
    toPath: toKey.split('::')[0] ?? toKey,
    kind: 'call',
    count: 1,
    confidence: 1,
    ...overrides,
  };
}

export const SERVICE = 'src/user/service.ts';
export const REPO = 'src/user/repo.ts';
export const STRINGS = 'src/util/strings.py';
export const TEST = 'tests/test_user.py';
export const GUIDE = 'docs/guide.md';

export const KEYS = {
  getUserName: entityKey(SERVICE, 'getUserName'),
  userService: entityKey(SERVICE, 'UserService'),
  load: entityKey(SERVICE, 'UserService.load'),
  fetchUser: entityKey(REPO, 'fetchUser'),
  repo: entityKey(REPO, 'Repo'),
  barBaz: entityKey(STRINGS, 'bar_baz'),
  testGetUserName: entityKey(TEST, 'test_get_user_name'),
};

/** A small repository: two TS files that import each other, a Python util, a test, a doc. */
export function sampleFiles(): IndexedFile[] {
  return [
    indexedFile(SERVICE, {
      text: "import { fetchUser, Repo } from './repo';\nexport function getUserName(id) { return fetchUser(id).profile.displayName; }\nexport class UserService { load(id) { return fetchUser(id); } }",
      symbols: [
        { qualifiedName: 'getUserName', signature: 'export function getUserName(id: string): string', doc: 'The display name of a user.', body: 'return fetchUser(id).profile.displayName;', startByte: 43, endByte: 120 },
        { qualifiedName: 'UserService', kind: 'class', signature: 'export class UserService', body: 'class UserService { }', startByte: 121, endByte: 190 },
        { qualifiedName: 'UserService.load', kind: 'method', signature: 'load(id: string)', body: 'return fetchUser(id);', startByte: 141, endByte: 188 },
      ],
      imports: [
        { specifier: './repo', names: ['fetchUser', 'Repo'], line: 1, kind: 'static', toPaths: [REPO] },
        { specifier: 'lodash', names: ['*'], line: 2, kind: 'static', toPaths: [] },
      ],
      rawReferences: [
        { fromKey: KEYS.getUserName, name: 'fetchUser', qualifier: null, kind: 'call', line: 2 },
        { fromKey: KEYS.load, name: 'fetchUser', qualifier: null, kind: 'call', line: 3 },
        { fromKey: KEYS.getUserName, name: 'Repo', qualifier: null, kind: 'type', line: 2 },
      ],
    }),
    indexedFile(REPO, {
      text: 'export function fetchUser(id) { return db.users.find(id); }\nexport class Repo {}',
      symbols: [
        { qualifiedName: 'fetchUser', signature: 'export function fetchUser(id: string): User', body: 'return db.users.find(id);' },
        { qualifiedName: 'Repo', kind: 'class', signature: 'export class Repo', body: 'class Repo {}' },
      ],
    }),
    indexedFile(STRINGS, {
      text: 'import foo\n\ndef bar_baz(value):\n    return foo.bar_baz(value)\n',
      symbols: [{ qualifiedName: 'bar_baz', signature: 'def bar_baz(value)', body: 'return foo.bar_baz(value)' }],
      imports: [{ specifier: 'foo', names: [], line: 1, kind: 'static', toPaths: [] }],
      rawReferences: [{ fromKey: KEYS.barBaz, name: 'bar_baz', qualifier: 'foo', kind: 'call', line: 4 }],
    }),
    indexedFile(TEST, {
      file: { isTest: true },
      text: 'from src.user.service import getUserName\n\ndef test_get_user_name():\n    assert getUserName(1)\n',
      symbols: [{ qualifiedName: 'test_get_user_name', signature: 'def test_get_user_name()', body: 'assert getUserName(1)' }],
      imports: [{ specifier: 'src.user.service', names: ['getUserName'], line: 1, kind: 'static', toPaths: [SERVICE] }],
      rawReferences: [{ fromKey: KEYS.testGetUserName, name: 'getUserName', qualifier: null, kind: 'call', line: 4 }],
    }),
    indexedFile(GUIDE, {
      file: { kind: 'doc', language: 'markdown' },
      text: '# Guide\n\n## Install\n\nRun the installer, then call getUserName.\n\n## Caching\n\nResults are cached per session.\n',
      docChunks: [
        { id: `${GUIDE}#install`, headingPath: ['Guide', 'Install'], text: 'Run the installer, then call getUserName.', startLine: 3, endLine: 5 },
        { id: `${GUIDE}#caching`, headingPath: ['Guide', 'Caching'], text: 'Results are cached per session.', startLine: 7, endLine: 9 },
      ],
    }),
  ];
}

export function sampleEdges(): ReferenceEdge[] {
  return [
    edge(KEYS.getUserName, KEYS.fetchUser, { count: 2 }),
    edge(KEYS.getUserName, KEYS.repo, { kind: 'type' }),
    edge(KEYS.load, KEYS.fetchUser),
    edge(KEYS.testGetUserName, KEYS.getUserName, { confidence: 0.5 }),
  ];
}

export function sampleDocLinks(): DocLink[] {
  return [
    { chunkId: `${GUIDE}#install`, fromPath: GUIDE, toPath: SERVICE, toKey: KEYS.getUserName, mention: 'getUserName' },
    { chunkId: `${GUIDE}#caching`, fromPath: GUIDE, toPath: REPO, toKey: null, mention: 'src/user/repo.ts' },
  ];
}

/** Writes the sample repository with its edges, doc links and co-change pairs. */
export function seedSample(writer: {
  writeFiles(files: IndexedFile[]): void;
  replaceReferences(fromPaths: string[], edges: ReferenceEdge[]): void;
  replaceDocLinks(fromPaths: string[], links: DocLink[]): void;
  replaceCoChange(pairs: { a: string; b: string; count: number }[]): void;
}): void {
  writer.writeFiles(sampleFiles());
  writer.replaceReferences([SERVICE, TEST], sampleEdges());
  writer.replaceDocLinks([GUIDE], sampleDocLinks());
  writer.replaceCoChange([
    { a: SERVICE, b: REPO, count: 5 },
    { a: TEST, b: REPO, count: 2 },
    { a: STRINGS, b: SERVICE, count: 1 },
  ]);
}

/** Query terms as callers produce them (code tokens, stemmed); terms with none stay as given. */
export function tokenized(terms: readonly string[]): string[] {
  return terms.flatMap((term) => {
    const tokens = codeTokens(term);
    return tokens.length > 0 ? tokens : [term];
  });
}
