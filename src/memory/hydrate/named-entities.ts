// The entities a query names outright: entity keys (`path::Qualified.name`), file paths,
// and definitions written as code (`Cart.total`, `apply_discount()`, a name in backticks).
// The anchors are the search layer's own (no second analysis of the text); what is new
// here is strictness — a name counts only when written as code and defined in few places,
// a path only when it resolves to one file — and order: as the query mentions them.

import { KEY_SEPARATOR, type EntityKey, type ExtractionMethod, type SymbolRecord } from '../../core/entities.js';
import type { HydrationMethod, HydrationReason } from '../../core/memory.js';
import { extractAnchors } from '../../search/query/anchors.js';
import { parseIssueText } from '../../search/query/issue-text.js';
import { pathSuffixIndex } from '../../search/query/path-suffixes.js';
import type { CuratedReader } from '../../store/curated.js';

export interface NamedEntity {
  entityKey: EntityKey;
  path: string;
  /** As written in the query. */
  mention: string;
  reason: HydrationReason;
  method: HydrationMethod;
}

export interface NamedEntities {
  entities: NamedEntity[];
  /** Names left out, one line each (ambiguous, or not found). */
  notes: string[];
}

/** A name defined in more places than this names none of them. */
export const MAX_DEFINITIONS_PER_NAME = 3;

const KEY_PATTERN = /(?<![\w./-])((?:[\w.@-]+\/)*[\w.@-]+)::([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:#\d+)?)/g;

interface Found {
  at: number;
  entity: NamedEntity;
}

export function namedEntities(reader: CuratedReader, query: string): NamedEntities {
  const found: Found[] = [];
  const notes: string[] = [];
  // Keys are taken first and blanked out (positions kept), so their path and name parts do
  // not count again as a file and a name of their own.
  const rest = keyMentions(reader, query, found);
  const anchors = extractAnchors(parseIssueText(rest));
  pathMentions(reader, rest, anchors.paths.map((anchor) => anchor.path), found);
  nameMentions(reader, rest, anchors.names.filter((anchor) => anchor.codeLike).map((anchor) => anchor.name), found, notes);
  const seen = new Set<EntityKey>();
  const entities = found
    .sort((a, b) => a.at - b.at || (a.entity.entityKey < b.entity.entityKey ? -1 : a.entity.entityKey > b.entity.entityKey ? 1 : 0))
    .map((entry) => entry.entity)
    .filter((entity) => !seen.has(entity.entityKey) && seen.add(entity.entityKey));
  return { entities, notes };
}

function classify(method: ExtractionMethod, isFile: boolean): { reason: HydrationReason; method: HydrationMethod } {
  if (method === 'ast') return { reason: 'ast_resolved', method: 'ast' };
  if (method === 'regex') return { reason: 'regex_resolved', method: 'regex' };
  return isFile ? { reason: 'path_resolved', method: 'text' } : { reason: 'regex_resolved', method: 'regex' };
}

function symbolEntity(symbol: SymbolRecord, mention: string): NamedEntity {
  return { entityKey: symbol.key, path: symbol.path, mention, ...classify(symbol.method, false) };
}

/** Entity keys written out; returns the query with every key written blanked out. */
function keyMentions(reader: CuratedReader, query: string, found: Found[]): string {
  let rest = query;
  for (const match of query.matchAll(KEY_PATTERN)) {
    rest = `${rest.slice(0, match.index)}${' '.repeat(match[0].length)}${rest.slice(match.index + match[0].length)}`;
    const symbol = reader.symbol(`${match[1]!}${KEY_SEPARATOR}${match[2]!}`);
    if (symbol !== null) found.push({ at: match.index, entity: symbolEntity(symbol, match[0]) });
  }
  return rest;
}

function pathMentions(reader: CuratedReader, query: string, paths: readonly string[], found: Found[]): void {
  const suffixes = pathSuffixIndex(reader.filePaths());
  for (const written of paths) {
    const exact = reader.file(written);
    const resolved = exact ? [written] : suffixes.resolve(written, written.split('/').length).paths;
    if (resolved.length !== 1) continue;
    const file = reader.file(resolved[0]!);
    if (file === null) continue;
    const entity = { entityKey: file.path, path: file.path, mention: written, ...classify(file.method, true) };
    found.push({ at: positionOf(query, written), entity });
  }
}

function nameMentions(reader: CuratedReader, query: string, names: readonly string[], found: Found[], notes: string[]): void {
  for (const name of names) {
    if (name.length < 3) continue;
    const definitions = definitionsOf(reader, name);
    if (definitions.length === 0) continue;
    if (definitions.length > MAX_DEFINITIONS_PER_NAME) {
      notes.push(`\`${name}\` names ${definitions.length} definitions: none hydrated (name one as path::${definitions[0]!.qualifiedName})`);
      continue;
    }
    for (const symbol of definitions) found.push({ at: positionOf(query, name), entity: symbolEntity(symbol, name) });
  }
}

/** Definitions whose qualified name is the name, or ends with it after a dot. */
function definitionsOf(reader: CuratedReader, name: string): SymbolRecord[] {
  const last = name.slice(name.lastIndexOf('.') + 1);
  return reader
    .symbolsByName(last)
    .filter((symbol) => symbol.qualifiedName === name || symbol.qualifiedName.endsWith(`.${name}`))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function positionOf(query: string, written: string): number {
  const at = query.indexOf(written);
  return at < 0 ? query.length : at;
}
