// The embedding step of an index run (after linking, only with an embedder configured):
// chunk the symbols of new and changed files, take what the cache already has, embed the
// rest in bounded groups, and replace each file's vectors together with its stamp. Files
// whose stamp matches are never read, so a run with no changes makes no embedder call.
// With promoted `cairn enrich` summaries, a file whose summary is current (written from the
// content indexed now) also gets its summary chunk (chunks.ts), stored under its path.

import { repoBytesOrNull } from '../../core/repo-files.js';
import { isCairnError, ProviderError } from '../../core/errors.js';
import type { Embedder } from '../../providers/embed/port.js';
import type { IndexWriter } from '../../store/curated.js';
import type { VectorIndex } from '../../store/vector.js';
import { sha256 } from '../hash.js';
import type { FileEnrichment } from '../../core/enrichment.js';
import type { EnrichmentReader } from '../../store/enrichment.js';
import { summaryChunk, summaryChunkText, symbolChunks, vectorModelId, type SymbolChunk } from './chunks.js';
import { planEmbedding } from './plan.js';

export interface EmbedStepInput {
  root: string;
  source: Pick<IndexWriter, 'fingerprints' | 'symbolsOfFile'>;
  vectors: VectorIndex;
  embedder: Embedder;
  /** Chunks are cut to this many characters (embed.maxInputChars) before hashing. */
  maxInputChars: number;
  /** The curated index was rebuilt: stored vectors are dropped first (the cache is kept). */
  rebuilt: boolean;
  /** Promoted file summaries (`cairn enrich`); absent or null: none embedded. */
  summaries?: Pick<EnrichmentReader, 'promoted' | 'promotedCount'> | null;
}

export interface VectorSummary {
  model: string;
  dimensions: number | null;
  /** Files whose symbols were chunked this run. */
  files: number;
  /** Symbol vectors stored this run. */
  symbols: number;
  /** File summary vectors (`cairn enrich`) stored this run. */
  summaries: number;
  /** Texts sent to the embedder this run (cache misses). */
  embedded: number;
  cacheHits: number;
  /** Files whose vectors were removed because they left the index. */
  removedFiles: number;
  /** Files left for the next run: changed or unreadable on disk since the scan. */
  pending: number;
  /** Vectors stored after the run. */
  stored: number;
  /** Why every stored vector was dropped and rebuilt this run, or null. */
  reset: string | null;
}

/** A group is embedded and written once it holds this many chunks or characters (memory bound). */
const GROUP_CHUNKS = 256;
const GROUP_CHARS = 4_000_000;

interface PreparedFile {
  path: string;
  stamp: string;
  chunks: SymbolChunk[];
}

/** The embedder answered with another length than the stored vectors have. */
class DimensionsChanged {
  constructor(readonly dimensions: number) {}
}

/** Yields progress ("embed", then "embed <done>/<total>"); returns what it did. */
export async function* embedSymbols(input: EmbedStepInput): AsyncGenerator<string, VectorSummary> {
  yield 'embed';
  const summary = emptySummary(vectorModelId(input.embedder));
  try {
    await adoptModel(input, summary);
    for (let attempt = 0; ; attempt++) {
      const outcome = yield* embedMissing(input, summary);
      if (outcome === null) break;
      if (attempt > 0) throw unstableLength(summary.model, outcome.dimensions);
      // Same model name, other length (the server swapped models): never mix, start over.
      summary.reset = `the model's vectors changed from ${input.vectors.model()?.dimensions} to ${outcome.dimensions} dimensions`;
      input.vectors.setModel({ model: summary.model, dimensions: outcome.dimensions });
    }
  } catch (error) {
    throw incompleteVectors(error, summary);
  }
  summary.dimensions = input.vectors.model()?.dimensions ?? null;
  summary.stored = input.vectors.size();
  return summary;
}

/** Drops stored vectors that another model made, or that a rebuilt index no longer vouches for. */
async function adoptModel(input: EmbedStepInput, summary: VectorSummary): Promise<void> {
  const stored = input.vectors.model();
  if (stored !== null && stored.model !== summary.model) {
    const dimensions = await input.embedder.dimensions();
    input.vectors.setModel({ model: summary.model, dimensions });
    summary.reset = `the embedding model changed from ${stored.model} to ${summary.model}`;
  } else if (stored !== null && input.rebuilt) {
    input.vectors.clear();
    summary.reset = 'the index was rebuilt (vectors restored from the embedding cache)';
  }
}

async function* embedMissing(input: EmbedStepInput, summary: VectorSummary): AsyncGenerator<string, DimensionsChanged | null> {
  const files = input.source.fingerprints();
  const summaryOf = currentSummaries(input.summaries ?? null);
  const plan = planEmbedding(files, input.vectors.completedPaths(), input.maxInputChars, (path, hash) => {
    const row = summaryOf(path, hash);
    return row === null ? null : summaryChunkText(row);
  });
  input.vectors.removePaths(plan.stale);
  summary.removedFiles += plan.stale.length;
  if (plan.work.length === 0) return null;
  const dimensions = await modelDimensions(input, summary.model);
  let group: PreparedFile[] = [];
  let size = { chunks: 0, chars: 0 };
  for (const [done, item] of plan.work.entries()) {
    const hash = files.get(item.path)!.hash;
    const prepared = withSummary(prepareFile(input, item, hash, summary.model), summaryOf(item.path, hash), input.maxInputChars, summary.model);
    if (prepared === null) summary.pending++;
    else group.push(prepared);
    for (const chunk of prepared?.chunks ?? []) size = { chunks: size.chunks + 1, chars: size.chars + chunk.text.length };
    if (size.chunks < GROUP_CHUNKS && size.chars < GROUP_CHARS && done + 1 < plan.work.length) continue;
    const changed = await storeGroup(input, group, dimensions, summary);
    if (changed) return changed;
    group = [];
    size = { chunks: 0, chars: 0 };
    yield `embed ${done + 1}/${plan.work.length} files`;
  }
  return null;
}

/** The stored vectors' length; on an empty index, the embedder's (one probe request), adopted now. */
async function modelDimensions(input: EmbedStepInput, modelId: string): Promise<number> {
  const stored = input.vectors.model();
  if (stored !== null) return stored.dimensions;
  const dimensions = await input.embedder.dimensions();
  input.vectors.setModel({ model: modelId, dimensions });
  return dimensions;
}

/** Chunks one file's symbols; null when the file on disk is no longer what was indexed. */
function prepareFile(input: EmbedStepInput, item: { path: string; stamp: string }, hash: string, modelId: string): PreparedFile | null {
  const symbols = input.source.symbolsOfFile(item.path);
  if (symbols.length === 0) return { ...item, chunks: [] };
  // Gone, replaced by a link leaving the repository, or changed: the next run sees it.
  const content = repoBytesOrNull(input.root, item.path);
  if (content === null || sha256(content) !== hash) return null;
  const chunks = symbolChunks(content, symbols, modelId, input.maxInputChars).filter((chunk) => chunk.text.trim() !== '');
  return { ...item, chunks };
}

/** A file's summary as the embedding step may use it: promoted, and written from the content indexed now. */
type CurrentSummary = (path: string, fileHash: string) => FileEnrichment | null;

function currentSummaries(summaries: EmbedStepInput['summaries']): CurrentSummary {
  if (!summaries || summaries.promotedCount() === 0) return () => null;
  return (path, fileHash) => {
    const row = summaries.promoted(path);
    return row !== null && row.contentHash === fileHash ? row : null;
  };
}

/** The file's chunks with its summary chunk added (a file skipped for the next run stays skipped). */
function withSummary(file: PreparedFile | null, row: FileEnrichment | null, maxInputChars: number, modelId: string): PreparedFile | null {
  const chunk = file === null || row === null ? null : summaryChunk(file.path, row, modelId, maxInputChars);
  return chunk === null ? file : { ...file!, chunks: [...file!.chunks, chunk] };
}

/** Vectors for a group (cache first, then the embedder), then one replacePaths. */
async function storeGroup(
  input: EmbedStepInput,
  group: PreparedFile[],
  dimensions: number,
  summary: VectorSummary,
): Promise<DimensionsChanged | null> {
  const textByHash = new Map<string, string>();
  for (const file of group) for (const chunk of file.chunks) textByHash.set(chunk.contentHash, chunk.text);
  const known = new Map<string, Float32Array>();
  for (const [hash, vector] of input.vectors.cached(summary.model, [...textByHash.keys()])) {
    if (vector.length === dimensions) known.set(hash, vector); // another length is a stale entry: embed again
  }
  const missing = [...textByHash.keys()].filter((hash) => !known.has(hash));
  const fresh = missing.length === 0 ? [] : await input.embedder.embed(missing.map((hash) => textByHash.get(hash)!));
  // Cached before the length check: they are this model's vectors either way, and a
  // restart at the new length then finds them.
  input.vectors.cache(summary.model, missing.map((contentHash, i) => ({ contentHash, vector: fresh[i]! })));
  const wrong = fresh.find((vector) => vector.length !== dimensions);
  if (wrong) return new DimensionsChanged(wrong.length);
  missing.forEach((hash, i) => known.set(hash, fresh[i]!));
  input.vectors.replacePaths(
    summary.model,
    group.map((file) => ({ ...file, vectors: file.chunks.map((chunk) => ({ id: chunk.key, vector: known.get(chunk.contentHash)! })) })),
  );
  summary.files += group.length;
  const summaries = group.reduce((sum, file) => sum + file.chunks.filter((chunk) => chunk.key === file.path).length, 0);
  summary.symbols += group.reduce((sum, file) => sum + file.chunks.length, 0) - summaries;
  summary.summaries += summaries;
  summary.embedded += missing.length;
  summary.cacheHits += textByHash.size - missing.length;
  return null;
}

/** After a restart at the new length the length changed again: nothing sane to store. */
function unstableLength(model: string, dimensions: number): ProviderError {
  return new ProviderError('PROVIDER_INVALID_RESPONSE', `The embedding model ${model} changed its vector length twice in one run (now ${dimensions}).`, {
    hint: 'check that one embedding model answers at embed.baseUrl',
  });
}

function emptySummary(model: string): VectorSummary {
  return { model, dimensions: null, files: 0, symbols: 0, summaries: 0, embedded: 0, cacheHits: 0, removedFiles: 0, pending: 0, stored: 0, reset: null };
}

/**
 * A provider failure says that the curated index is complete and what the next run does;
 * anything else (a damaged vectors.db, a bug) passes through unchanged.
 */
function incompleteVectors(error: unknown, summary: VectorSummary): unknown {
  if (!isCairnError(error) || (error.code !== 'PROVIDER_UNAVAILABLE' && error.code !== 'PROVIDER_INVALID_RESPONSE')) return error;
  return new ProviderError(
    error.code,
    `The index is complete, but symbol vectors are not: embedding failed after ${summary.files} files (${summary.embedded} texts embedded). ${error.message}`,
    { hint: `${error.hint ?? 'check embed.* in cairn.yaml'}; then re-run \`cairn index\`: it embeds only what is missing`, cause: error },
  );
}
