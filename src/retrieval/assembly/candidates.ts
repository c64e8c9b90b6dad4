// From the stages' choices to context candidates for the budget fitter: one item per scoped
// file (whole text, outline, path) and one per classified symbol (source, signature +
// docstring, path), with provenance, texts read from disk, and a ceiling — the most an item
// may be shown at. A file too large for its share of the budget is offered as its outline,
// so that one big file cannot crowd out the primary symbols and the other seeds.

import type { ContextItem, Detail } from '../../core/context-package.js';
import type { FileRecord, SymbolRecord } from '../../core/entities.js';
import type { ClassifiedSymbol, KnowledgeBase, RetrievalContext, ScopedFile } from '../stages/stage.js';
import { fileOutline, symbolSignature } from './outline.js';

/**
 * Largest share of the available budget one item may take at full detail. Seeds are raised
 * before anything else is listed, so a generous seed share crowds every other file out of
 * the package; these were chosen on Loc-Bench dev (see the README).
 */
export const FULL_SHARE = { seedFile: 0.12, file: 0.05, primary: 0.5, supporting: 0.1 } as const;
/** Rough characters per token, only to choose ceilings (the fitter counts exactly). */
const CHARS_PER_TOKEN = 3.5;
/** Primary symbols rank above every file of their tier: they are the most specific evidence. */
const PRIMARY_BOOST = 1;

export function buildCandidates(context: RetrievalContext, kb: KnowledgeBase): ContextItem[] {
  const records = new Map<string, FileRecord>();
  const recordOf = (path: string): FileRecord | null => {
    if (!records.has(path)) {
      const record = kb.reader.file(path);
      if (record) records.set(path, record);
    }
    return records.get(path) ?? null;
  };
  const items: ContextItem[] = [];
  for (const file of context.files) {
    const record = recordOf(file.path);
    if (record) items.push(fileItem(file, record, kb, context.budget.available));
  }
  for (const classified of context.symbols) {
    const record = recordOf(classified.path);
    const symbol = record ? kb.reader.symbol(classified.key) : null;
    if (record && symbol) items.push(symbolItem(classified, symbol, record, kb, context.budget.available));
  }
  return items;
}

function fileItem(file: ScopedFile, record: FileRecord, kb: KnowledgeBase, available: number): ContextItem {
  const source = kb.sources.read(record);
  const full = source.ok ? source.text : null;
  // A changed file's outline would carry stale line ranges: it is shown by path only.
  const signature = source.ok ? fileOutline(record, kb.reader.symbolsOfFile(record.path), () => kb.reader.docChunks(record.path)) : null;
  const share = file.tier === 0 ? FULL_SHARE.seedFile : FULL_SHARE.file;
  return {
    path: record.path,
    symbolKey: null,
    language: record.language,
    startLine: 1,
    endLine: Math.max(1, record.lines),
    detail: ceiling(full, signature, share * available),
    texts: { full, signature },
    tokens: 0,
    provenance: { stage: 'scope', tier: file.tier, reason: file.reason, signals: file.signals, score: file.score },
    demotedFrom: null,
  };
}

function symbolItem(classified: ClassifiedSymbol, symbol: SymbolRecord, record: FileRecord, kb: KnowledgeBase, available: number): ContextItem {
  const full = kb.sources.symbolText(record, symbol);
  const signature = full === null ? null : symbolSignature(symbol, record.language);
  const share = classified.class === 'primary' ? FULL_SHARE.primary : classified.class === 'supporting' ? FULL_SHARE.supporting : 0;
  return {
    path: record.path,
    symbolKey: symbol.key,
    language: record.language,
    startLine: symbol.startLine,
    endLine: symbol.endLine,
    detail: ceiling(full, signature, share * available),
    texts: { full, signature },
    tokens: 0,
    provenance: {
      stage: 'precision',
      tier: classified.tier,
      reason: `${classified.class.replace('_', ' ')}: ${classified.reason}`,
      signals: classified.signals,
      score: classified.class === 'primary' ? PRIMARY_BOOST + classified.score : classified.score,
    },
    demotedFrom: null,
  };
}

/** Full when the text is within its share of the budget, else the signature text, else the path. */
function ceiling(full: string | null, signature: string | null, fullLimit: number): Detail {
  if (full !== null && full.length / CHARS_PER_TOKEN <= fullLimit) return 'full';
  if (signature !== null) return 'signature';
  return 'path';
}
