// From the stages' choices to context candidates for the budget fitter: one item per
// classified symbol (its source, an excerpt of it, its signature + docstring) and one per
// scoped file (its whole text when small, an excerpt of its module-level code when that
// bears on the task, its outline, its path), with provenance, texts read from disk, a
// ceiling (the most an item may be shown at) and a priority score. Code comes first: a file
// a refinement asked for ranks above everything (requested-file.ts), then the primary
// definitions; files rank by their standing; what is held in reserve comes last. Every text
// is the file's own lines startLine..endLine, with whole-line gap marks where lines are
// left out (core/source-lines.ts): an agent edits by search/replace on what it was shown.

import type { ContextItem, Detail, ItemTexts } from '../../core/context-package.js';
import { CLASS_LIKE_KINDS, type FileRecord, type SymbolRecord } from '../../core/entities.js';
import type { SourceLines } from '../../core/source-lines.js';
import type { ClassifiedSymbol, KnowledgeBase, RetrievalContext, ScopedFile } from '../stages/stage.js';
import { excerptOf, FILE_EXCERPT, SYMBOL_EXCERPT } from './excerpt.js';
import { leadingCommentStart } from './leading-comment.js';
import { fileOutline, symbolSignature } from './outline.js';
import { moduleLineMask } from './module-lines.js';
import { pairedTestItem, reserveScore, testedCode } from './paired-tests.js';
import { isRequestedFile, REQUESTED_SHARE, requestedFileItem } from './requested-file.js';
import { textKey, type TermMatcher } from '../source/term-matcher.js';
import type { CandidateTuning } from '../tuning.js';

/** Rough characters per token, only to choose ceilings (the fitter counts exactly). */
const CHARS_PER_TOKEN = 3.5;
/** Rough tokens per line of code, only to size excerpts. */
const TOKENS_PER_LINE = 10;
/**
 * Priority bands: code of primary definitions and module-level code, then context, then files;
 * items held in reserve rank below all of them (paired-tests.ts, reserveScore).
 */
const BAND = { code: 1, context: 0.5 } as const;


/** What the candidates are shaped by beyond the stages' choices: the task's terms and stack frames. */
export interface CandidateInputs {
  terms: TermMatcher;
  /** In-project stack frames of the task: an excerpt of a long definition centres on their lines. */
  frames: readonly { path: string; line: number | null }[];
  tuning: CandidateTuning;
  /** The task is about documentation: definitions are shown with the comment above them when that fits. */
  docComments: boolean;
}

export function buildCandidates(context: RetrievalContext, kb: KnowledgeBase, inputs: CandidateInputs): ContextItem[] {
  const records = new Map<string, FileRecord>();
  const recordOf = (path: string): FileRecord | null => {
    if (!records.has(path)) {
      const record = kb.reader.file(path);
      if (record) records.set(path, record);
    }
    return records.get(path) ?? null;
  };
  const { items, asked } = fileCandidates(context, kb, inputs, recordOf);
  const offered: { classified: ClassifiedSymbol; symbol: SymbolRecord; record: FileRecord }[] = [];
  for (const classified of context.symbols) {
    if (asked.has(classified.path)) continue;
    const record = recordOf(classified.path);
    const symbol = record ? kb.reader.symbol(classified.key) : null;
    if (record && symbol) offered.push({ classified, symbol, record });
  }
  const nested = nestedItems(offered);
  for (const { classified, symbol, record } of offered) items.push(symbolItem(classified, symbol, record, kb, context.budget.available, { ...inputs, nested: nested.get(symbol.key) ?? [] }));
  return items;
}

/**
 * For each offered definition, the line ranges of the definitions nested inside it that are
 * items of their own (a method of an object a factory returns, an inner function) and not
 * held in reserve: its excerpt leaves their lines to them, so the package never shows (and
 * pays for) the same lines twice. Held-in-reserve ones rank below everything and may not be
 * shown at all, so their lines stay the parent's to show.
 */
function nestedItems(offered: readonly { classified: ClassifiedSymbol; symbol: SymbolRecord }[]): Map<string, LineRange[]> {
  // Offered definitions number in the thousands: compare each only with those of its own file.
  const shownByPath = new Map<string, SymbolRecord[]>();
  for (const { classified, symbol } of offered) {
    if (classified.reserve === true) continue;
    const ofFile = shownByPath.get(symbol.path);
    if (ofFile) ofFile.push(symbol);
    else shownByPath.set(symbol.path, [symbol]);
  }
  const nested = new Map<string, LineRange[]>();
  for (const { symbol: outer } of offered) {
    const inside = (shownByPath.get(outer.path) ?? []).filter(
      (inner) => inner.key !== outer.key && inner.startLine >= outer.startLine && inner.endLine <= outer.endLine && inner.endLine - inner.startLine < outer.endLine - outer.startLine,
    );
    if (inside.length > 0) nested.set(outer.key, inside.map(({ startLine, endLine }) => ({ startLine, endLine })));
  }
  return nested;
}

interface LineRange {
  startLine: number;
  endLine: number;
}

/** What shapes one definition's texts beyond the candidates' inputs: the items nested inside it. */
interface SymbolInputs extends CandidateInputs {
  nested: readonly LineRange[];
}

/**
 * One item per scoped file: a requested file as code (requested-file.ts), a test of the code
 * to change as code (paired-tests.ts), any other by its standing; and, of the files held in
 * reserve, the tests of the code to change. `asked`: requested files whose item shows their
 * definitions (those get no items of their own).
 */
function fileCandidates(context: RetrievalContext, kb: KnowledgeBase, inputs: CandidateInputs, recordOf: (path: string) => FileRecord | null): { items: ContextItem[]; asked: Set<string> } {
  const items: ContextItem[] = [];
  const asked = new Set<string>();
  const withCode = new Set(context.symbols.filter((symbol) => symbol.class !== 'type_context').map((symbol) => symbol.path));
  const toChange = new Map<string, number>();
  for (const symbol of context.symbols) if (symbol.class === 'primary') toChange.set(symbol.key, Math.max(toChange.get(symbol.key) ?? 0, symbol.score));
  const paired = (file: ScopedFile, record: FileRecord, reserve: boolean): ContextItem | null => {
    if (!record.isTest || (file.moduleScore ?? 0) >= inputs.tuning.minModuleScore) return null;
    const tested = testedCode(kb.reader, record.path, toChange);
    return tested ? pairedTestItem(file, record, kb, { terms: inputs.terms, available: context.budget.available, fullShare: inputs.tuning.fullShare.supporting, reserve, tested }) : null;
  };
  const requestedTokens = (REQUESTED_SHARE * context.budget.available) / Math.max(1, context.files.filter(isRequestedFile).length);
  for (const file of context.files) {
    const record = recordOf(file.path);
    if (!record) continue;
    if (isRequestedFile(file)) {
      const item = requestedFileItem(file, record, kb, { terms: inputs.terms, frames: inputs.frames, tokens: requestedTokens });
      if (item.texts.full !== null || item.texts.excerpt !== null) asked.add(file.path);
      items.push(item);
    } else items.push(paired(file, record, false) ?? fileItem(file, record, kb, context.budget.available, inputs, withCode.has(file.path)));
  }
  for (const file of context.reserve ?? []) {
    const record = recordOf(file.path);
    const item = record ? paired(file, record, true) : null;
    if (item) items.push(item);
  }
  return { items, asked };
}

function fileItem(file: ScopedFile, record: FileRecord, kb: KnowledgeBase, available: number, inputs: CandidateInputs, symbolsShown: boolean): ContextItem {
  const { terms, tuning } = inputs;
  const source = kb.sources.read(record);
  const lines = kb.sources.lines(record);
  const full = source.ok && lines !== null ? lines.slice(1, lines.count) : null;
  const moduleScore = file.moduleScore ?? 0;
  const symbols = source.ok ? kb.reader.symbolsOfFile(record.path) : [];
  const excerpt =
    source.ok && lines !== null && moduleScore >= tuning.minModuleScore
      ? excerptOf(lines, 1, lines.count, terms.lineWeights(textKey(record), source.text), { ...FILE_EXCERPT, eligible: moduleLineMask(symbols, lines.count) })
      : null;
  // An outline lists what a file defines; where its definitions are shown, it only repeats them.
  const signature = lines !== null && !symbolsShown && file.tier === 0 ? fileOutline(record, lines, symbols, () => kb.reader.docChunks(record.path)) : null;
  const standing = file.standing ?? file.score;
  // A small file is shown whole only when it is a strong seed: a weak one is a path line.
  const small = full !== null && file.tier === 0 && standing >= tuning.minWholeFileStanding && full.length / CHARS_PER_TOKEN <= tuning.fullShare.file * available;
  const texts: ItemTexts = { full: small ? full : null, excerpt, signature };
  return {
    path: record.path,
    symbolKey: null,
    language: record.language,
    startLine: 1,
    endLine: Math.max(1, record.lines),
    detail: ceiling(texts),
    texts,
    tokens: 0,
    provenance: {
      stage: 'scope',
      tier: file.tier,
      reason: excerpt !== null ? `${file.reason}; module-level code matches the task` : file.reason,
      signals: moduleScore > 0 ? { ...file.signals, module: round(moduleScore) } : file.signals,
      score: round(fileScore(excerpt !== null ? moduleScore : null, small, standing)),
    },
    demotedFrom: null,
  };
}

function symbolItem(classified: ClassifiedSymbol, symbol: SymbolRecord, record: FileRecord, kb: KnowledgeBase, available: number, inputs: SymbolInputs): ContextItem {
  const documented = inputs.docComments ? withLeadingComment(classified, symbol, record, kb, available, inputs) : null;
  const texts = documented?.texts ?? symbolTexts(classified, symbol, record, kb, available, inputs);
  return {
    path: record.path,
    symbolKey: symbol.key,
    language: record.language,
    startLine: documented?.startLine ?? symbol.startLine,
    endLine: symbol.endLine,
    detail: ceiling(texts),
    texts,
    tokens: 0,
    provenance: {
      stage: 'precision',
      tier: classified.tier,
      reason: `${classified.class.replace('_', ' ')}: ${classified.reason}`,
      signals: classified.signals,
      score: classified.reserve ? reserveScore(classified.score) : (classified.class === 'primary' ? BAND.code : BAND.context) + classified.score / 2,
    },
    demotedFrom: null,
  };
}

/**
 * A definition with the comment block right above it, when it has one and the two fit whole
 * (a long comment is not worth an excerpt of it: the definition alone is offered then).
 */
function withLeadingComment(classified: ClassifiedSymbol, symbol: SymbolRecord, record: FileRecord, kb: KnowledgeBase, available: number, inputs: SymbolInputs): { texts: ItemTexts; startLine: number } | null {
  const lines = kb.sources.lines(record);
  if (lines === null) return null;
  const startLine = leadingCommentStart(lines, symbol.startLine, record.language);
  if (startLine === symbol.startLine) return null;
  const texts = symbolTexts(classified, { ...symbol, startLine }, record, kb, available, inputs);
  if (texts.full === null) return null;
  // Its signature: the comment elided, the header kept, the body elided, as one piece of the same lines.
  const headerEnd = Math.max(symbol.signatureEndLine, symbol.startLine);
  const signature = lines.excerpt(startLine, symbol.endLine, (line) => line >= symbol.startLine && line <= headerEnd);
  return { texts: { full: texts.full, excerpt: null, signature }, startLine };
}

/**
 * A file's priority: its module-level code ranks with the primaries' code by how much it
 * matches; a small file shown whole ranks as context, by its standing; a file that is only
 * named ranks below both.
 */
function fileScore(moduleScore: number | null, small: boolean, standing: number): number {
  if (moduleScore !== null) return BAND.code + moduleScore / 2;
  return (small ? BAND.context : 0) + standing / 2;
}

/**
 * A definition's texts: its source when within its share of the budget (not for a class with
 * methods: its own lines are offered, its methods being units of their own), its excerpt
 * when longer than an excerpt, its signature and docstring summary. A definition that is
 * mostly docstring keeps its whole text when that fits: a change is often to the docstring
 * too; its excerpt (all of its code) is the fallback.
 */
function symbolTexts(classified: ClassifiedSymbol, symbol: SymbolRecord, record: FileRecord, kb: KnowledgeBase, available: number, inputs: SymbolInputs): ItemTexts {
  const lines = kb.sources.lines(record);
  if (lines === null) return { full: null, excerpt: null, signature: null };
  const source = lines.slice(symbol.startLine, symbol.endLine);
  const { fullShare, excerptLines: minLines, primaryExcerptShare } = inputs.tuning;
  const primary = classified.class === 'primary';
  const share = primary ? fullShare.primary : classified.class === 'supporting' ? fullShare.supporting : 0;
  const fits = source.length / CHARS_PER_TOKEN <= share * available;
  const maxLines = primary ? Math.max(minLines, Math.round((primaryExcerptShare * available) / TOKENS_PER_LINE)) : minLines;
  const classOwn = ownLineMask(symbol, kb.reader.symbolsOfFile(record.path));
  const own = classOwn ?? outsideNested(symbol, inputs.nested);
  // Only a definition longer than an excerpt has one; the file's term counts are not needed otherwise.
  const long = symbol.endLine - symbol.startLine + 1 > maxLines;
  const excerpt = classified.class !== 'type_context' && long ? excerptFor(lines, symbol, record, kb, inputs, { maxLines, own }) : null;
  const whole = fits && !(excerpt !== null && classOwn !== undefined);
  return { full: whole ? source : null, excerpt, signature: symbolSignature(lines, symbol, record.language) };
}

function excerptFor(
  lines: SourceLines,
  symbol: SymbolRecord,
  record: FileRecord,
  kb: KnowledgeBase,
  inputs: CandidateInputs,
  { maxLines, own }: { maxLines: number; own: ((index: number) => boolean) | undefined },
): string | null {
  const file = kb.sources.read(record);
  if (!file.ok) return null;
  const inside = (line: number | null): line is number => line !== null && line >= symbol.startLine && line <= symbol.endLine;
  const focusLines = inputs.frames.flatMap((frame) => (frame.path === record.path && inside(frame.line) ? [frame.line] : []));
  const headLines = symbol.signatureEndLine - symbol.startLine + 1;
  const options = { ...SYMBOL_EXCERPT, maxLines, headLines, focusLines, ...(own ? { eligible: own, confine: true } : {}) };
  return excerptOf(lines, symbol.startLine, symbol.endLine, inputs.terms.lineWeights(textKey(record), file.text), options);
}

/**
 * A class's excerpt centres only on its own lines (header, fields, tables): its methods are
 * offered on their own. Other definitions may centre anywhere in their text.
 */
function ownLineMask(symbol: SymbolRecord, symbols: readonly SymbolRecord[]): ((index: number) => boolean) | undefined {
  if (!CLASS_LIKE_KINDS.has(symbol.kind)) return undefined;
  const children = symbols.filter((other) => other.parent === symbol.qualifiedName && other.key !== symbol.key);
  return outsideNested(symbol, children);
}

/**
 * The lines of a definition outside the items nested in it (undefined when none is): its
 * excerpt centres and stays there, leaving those lines to the nested items.
 */
function outsideNested(symbol: SymbolRecord, nested: readonly LineRange[]): ((index: number) => boolean) | undefined {
  if (nested.length === 0) return undefined;
  const inNested = new Uint8Array(symbol.endLine - symbol.startLine + 1);
  for (const range of nested) inNested.fill(1, Math.max(0, range.startLine - symbol.startLine), Math.max(0, range.endLine - symbol.startLine + 1));
  return (index) => inNested[index] === 0;
}

/** The highest detail with a text; the fitter may show less. */
function ceiling(texts: ItemTexts): Detail {
  if (texts.full !== null) return 'full';
  if (texts.excerpt !== null) return 'excerpt';
  if (texts.signature !== null) return 'signature';
  return 'path';
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
