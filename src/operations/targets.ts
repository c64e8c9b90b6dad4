// What every face asks about one file or symbol: its current code (MCP `read_symbol`, HTTP
// `/retrieval/symbol`), what depends on it (`cairn impact`, MCP `find_references`, HTTP
// `/retrieval/impact`), what is like it and what is around it (`cairn similar` / `graph`,
// HTTP `/retrieval/similar`, `/retrieval/graph`). Targets resolve through the index only (a
// path the index does not hold — outside the repository, ignored, or made up — is not
// found), and code is read through core/repo-files.ts, which refuses a file whose real
// path leaves the repository.

import type { RepoHandle } from './handle.js';
import type { SymbolRecord } from '../core/entities.js';
import { InputError, NotFoundError, UsageError } from '../core/errors.js';
import { redactShown } from '../core/redact.js';
import { readRepoFile } from '../core/repo-files.js';
import { impactOf, importersNaming, MAX_IMPACT_DEPTH, type Impact } from '../search/graph/impact.js';
import { neighbourhood, type Neighbourhood } from '../search/graph/neighbourhood.js';
import type { FileRelation } from '../search/graph/repo-graph.js';
import { similarTo, type Similarity } from '../search/rank/similar.js';
import { readTargetText, resolveTarget, type GraphTarget } from '../search/graph/target.js';
import { onDiskOnly } from './on-disk.js';
import { createHash } from 'node:crypto';

// The vocabulary of these answers, for the faces that parse their input and print them.
export { FILE_RELATIONS, type FileRelation } from '../search/graph/repo-graph.js';
export { MAX_IMPACT_DEPTH, type Impact, type ImpactEntry } from '../search/graph/impact.js';
export { RELATION_PHRASES } from '../search/graph/directed-relations.js';
export type { Neighbourhood, RelationBranch, TreeEntry } from '../search/graph/neighbourhood.js';
export type { Similarity } from '../search/rank/similar.js';

/** A file read for an agent: more than this is not code anyone reads through a tool. */
const MAX_READ_BYTES = 4 * 1024 * 1024;

export interface CodeAnswer {
  path: string;
  /** The qualified name, for a symbol. */
  symbol?: string;
  kind?: string;
  /** The lines shown, 1-based and inclusive. */
  lines: [number, number];
  /** Lines in the file. */
  fileLines: number;
  code: string;
  /** Set when the file differs from what the index holds (the symbol's lines may have moved). */
  stale?: boolean;
}

export function target(repo: RepoHandle, input: string): GraphTarget {
  return resolveTarget(repo.reader(), input, repo.context.root);
}

export function readCode(repo: RepoHandle, input: { target: string; startLine?: number | undefined; endLine?: number | undefined }): CodeAnswer {
  const found = target(repo, input.target);
  const read = readRepoFile(repo.context.root, found.path, { maxBytes: MAX_READ_BYTES });
  if (!read.ok) {
    if (read.reason === 'missing') throw new NotFoundError(`${found.path} no longer exists`, { hint: 'it was deleted after the index was last refreshed' });
    throw new InputError('INPUT_INVALID', `${found.path} cannot be read (${read.reason})`, { hint: 'only regular files inside the repository are read' });
  }
  // What looks like a credential is shown as "[redacted]", every line kept at its number.
  const text = redactShown(read.bytes.toString('utf8'), repo.reader().file(found.path)?.language).text;
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const symbol = found.kind === 'symbol' ? found.symbol : null;
  const first = input.startLine ?? symbol?.startLine ?? 1;
  const last = Math.min(lines.length, input.endLine ?? (input.startLine !== undefined && symbol === null ? lines.length : (symbol?.endLine ?? lines.length)));
  if (first < 1 || first > Math.max(1, lines.length)) {
    throw new UsageError(`start_line ${first} is outside ${found.path} (1-${lines.length})`, { hint: 'pass a line within the file' });
  }
  if (last < first) throw new UsageError(`end_line ${last} is before start_line ${first}`, { hint: 'pass end_line ≥ start_line' });
  const file = repo.reader().file(found.path);
  const stale = file !== null && createHash('sha256').update(read.bytes).digest('hex') !== file.hash;
  return {
    path: found.path,
    ...(symbol ? symbolFields(symbol) : {}),
    lines: [first, last],
    fileLines: lines.length,
    code: lines.slice(first - 1, last).join('\n'),
    ...(stale ? { stale } : {}),
  };
}

function symbolFields(symbol: SymbolRecord): { symbol: string; kind: string } {
  return { symbol: symbol.qualifiedName, kind: symbol.kind };
}

export function referencesOf(repo: RepoHandle, input: { target: string; depth: number }): Impact {
  if (!Number.isInteger(input.depth) || input.depth < 1 || input.depth > MAX_IMPACT_DEPTH) {
    throw new UsageError(`depth must be 1 to ${MAX_IMPACT_DEPTH}, got ${input.depth}`, { hint: 'importers and referrers are followed at most 3 hops' });
  }
  const found = target(repo, input.target);
  const namedImporters = found.kind === 'symbol' ? importersNaming(repo.reader(), found.symbol) : [];
  const impact = impactOf(repo.graph(), found, { depth: input.depth, namedImporters });
  const root = repo.context.root;
  return { ...impact, dependents: onDiskOnly(root, impact.dependents, (entry) => pathOfId(entry.id)).kept, tests: onDiskOnly(root, impact.tests, (entry) => pathOfId(entry.id)).kept };
}

export function similarOf(repo: RepoHandle, input: { target: string; limit: number }): Similarity {
  const found = target(repo, input.target);
  const similarity = similarTo(repo.graph(), repo.reader(), found, { limit: input.limit, text: readTargetText(repo.context.root, found) });
  return { ...similarity, results: onDiskOnly(repo.context.root, similarity.results, (item) => pathOfId(item.id)).kept };
}

export function graphAround(repo: RepoHandle, input: { start: string; maxDistance: number; relations: FileRelation[]; limit: number }): Neighbourhood {
  const found = target(repo, input.start);
  return neighbourhood(repo.graph(), found, { depth: input.maxDistance, relations: input.relations, maxChildren: input.limit });
}

/** The file part of a file path or an entity key. */
function pathOfId(id: string): string {
  const cut = id.indexOf('::');
  return cut < 0 ? id : id.slice(0, cut);
}
