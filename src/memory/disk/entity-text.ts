// An entity's text on disk now: a file's whole text, or a definition's source — the file's
// own lines startLine..endLine as written (core/source-lines.ts), as the package shows it.
// Each file is read once however many of its entities are asked for. A definition's lines
// are found with the index's ranges when the file's bytes are the ones the index was built
// from (same SHA-256), and by extracting the file again otherwise — so an edit since the
// last index run is seen, never hidden behind old ranges.

import { redactShown } from '../../core/redact.js';
import { createHash } from 'node:crypto';
import { parseEntityKey, type EntityKey, type ExtractionMethod, type Language } from '../../core/entities.js';
import { SourceLines } from '../../core/source-lines.js';
import type { ExtractedFile, FileStamp, MemoryPorts } from '../ports.js';

export interface DiskEntity {
  entityKey: EntityKey;
  path: string;
  exists: boolean;
  /** The entity's text; null when it is gone (file missing, or no such definition in it). */
  text: string | null;
  language: Language;
  startLine: number;
  endLine: number;
  /** How the definition (or file) is extracted now. */
  method: ExtractionMethod;
  /** The file's stamp before the read; null when missing. */
  stamp: FileStamp | null;
  /** False when the file changed while it was read: the text must not be cached against the stamp. */
  stable: boolean;
}

type Ports = Pick<MemoryPorts, 'reader' | 'files' | 'extract'>;

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text as the index decoded it: with invalid UTF-8 replaced. */
function decoded(bytes: Buffer): string {
  try {
    return strict.decode(bytes);
  } catch {
    return lenient.decode(bytes);
  }
}

function lineCount(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return text.endsWith('\n') ? lines - 1 : lines;
}

export function readEntities(ports: Ports, keys: readonly EntityKey[]): Map<EntityKey, DiskEntity> {
  const byPath = new Map<string, EntityKey[]>();
  for (const key of keys) {
    const { path } = parseEntityKey(key);
    const list = byPath.get(path);
    if (list) list.push(key);
    else byPath.set(path, [key]);
  }
  const out = new Map<EntityKey, DiskEntity>();
  for (const [path, pathKeys] of byPath) for (const entity of readFileEntities(ports, path, pathKeys)) out.set(entity.entityKey, entity);
  return out;
}

function readFileEntities(ports: Ports, path: string, keys: EntityKey[]): DiskEntity[] {
  const record = ports.reader.file(path);
  const read = ports.files.read(path);
  const language = record?.language ?? 'other';
  if (read === null) return keys.map((key) => missing(key, path, language, record?.method ?? 'none', null));
  // As a package shows code: credential-shaped values redacted, every line at its number.
  const text = redactShown(decoded(read.bytes), language).text;
  let lines: SourceLines | null = null;
  const ranges = new Ranges(ports, path, read.bytes, record);
  return keys.map((key): DiskEntity => {
    const { qualifiedName } = parseEntityKey(key);
    const base = { entityKey: key, path, stamp: read.stamp, stable: read.stable };
    if (qualifiedName === null) {
      return { ...base, exists: true, text, language: ranges.language(), startLine: 1, endLine: Math.max(1, lineCount(text)), method: ranges.fileMethod() };
    }
    const symbol = ranges.symbol(key);
    if (symbol === null) return missing(key, path, ranges.language(), ranges.fileMethod(), read.stamp, read.stable);
    lines ??= SourceLines.of(text);
    const body = lines.slice(symbol.startLine, symbol.endLine);
    return { ...base, exists: true, text: body, language: ranges.language(), startLine: symbol.startLine, endLine: symbol.endLine, method: symbol.method };
  });
}

function missing(key: EntityKey, path: string, language: Language, method: ExtractionMethod, stamp: FileStamp | null, stable = true): DiskEntity {
  return { entityKey: key, path, exists: false, text: null, language, startLine: 0, endLine: 0, method, stamp, stable };
}

/** A file's definitions: from the index when it describes these very bytes, else extracted again (once). */
class Ranges {
  private extracted: ExtractedFile | null = null;
  private readonly current: boolean;

  constructor(
    private readonly ports: Ports,
    private readonly path: string,
    private readonly bytes: Buffer,
    private readonly record: ReturnType<Ports['reader']['file']>,
  ) {
    this.current = record !== null && record.hash === createHash('sha256').update(bytes).digest('hex');
  }

  language(): Language {
    return this.record?.language ?? this.extraction().language;
  }

  fileMethod(): ExtractionMethod {
    return this.current ? this.record!.method : this.extraction().method;
  }

  symbol(key: EntityKey): ExtractedFile['symbols'][number] | null {
    if (this.current) return this.ports.reader.symbol(key);
    return this.extraction().symbols.find((symbol) => symbol.key === key) ?? null;
  }

  private extraction(): ExtractedFile {
    this.extracted ??= this.ports.extract(this.path, this.bytes);
    return this.extracted;
  }
}
