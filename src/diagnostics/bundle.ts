// A handoff bundle as agents write it — JSON with `error_message`, `stack_trace`,
// `recent_changes`, `root_cause` (and anything else) — turned into one checked shape.
// Whatever arrives (null, an array, numbers where text belongs, a 10 MB message) becomes
// a bundle and a list of warnings: diagnostics must judge a broken handoff, not crash on it.

export interface RecentChange {
  /** The file the change names, when it names one. */
  path: string | null;
  /** The change as written (a path, "path: what changed", or a description). */
  text: string;
}

export interface HandoffBundle {
  /** The keys the bundle had, whatever their values. */
  keys: string[];
  /** '' when absent. */
  errorMessage: string;
  stackTrace: string;
  recentChanges: RecentChange[];
  rootCause: string;
  /** Optional: the bundle's own phase and attempt (the caller's values win). */
  phaseId: string | null;
  attempt: number | null;
}

export interface NormalisedBundle {
  bundle: HandoffBundle;
  warnings: string[];
}

/** The fields whose absence makes a bundle empty (trigger 1). */
export const CRITICAL_FIELDS = ['error_message', 'stack_trace', 'recent_changes', 'root_cause'] as const;

/**
 * Longer texts are cut before analysis: every rule reads the start of a message or a
 * trace, and a 10 MB field would otherwise cost seconds of pattern matching.
 */
export const MAX_FIELD_CHARS = 256 * 1024;
const MAX_CHANGES = 1_000;

export const EMPTY_BUNDLE: HandoffBundle = { keys: [], errorMessage: '', stackTrace: '', recentChanges: [], rootCause: '', phaseId: null, attempt: null };

export function normaliseBundle(raw: unknown): NormalisedBundle {
  const warnings: string[] = [];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    warnings.push(`the bundle is ${describeType(raw)}, not a JSON object: treated as an empty bundle`);
    return { bundle: { ...EMPTY_BUNDLE, keys: [] }, warnings };
  }
  const record = raw as Record<string, unknown>;
  const bundle: HandoffBundle = {
    keys: Object.keys(record),
    errorMessage: textField(record, 'error_message', warnings),
    stackTrace: traceField(record, warnings),
    recentChanges: changesField(record, warnings),
    rootCause: textField(record, 'root_cause', warnings),
    phaseId: optionalText(record, 'phase_id', warnings),
    attempt: optionalAttempt(record, warnings),
  };
  return { bundle, warnings };
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (value === undefined) return 'missing';
  return `a ${typeof value}`;
}

function capped(text: string, field: string, warnings: string[]): string {
  if (text.length <= MAX_FIELD_CHARS) return text;
  warnings.push(`${field} is ${text.length.toLocaleString('en-US')} characters long: only its first ${MAX_FIELD_CHARS.toLocaleString('en-US')} are analysed`);
  return text.slice(0, MAX_FIELD_CHARS);
}

/** Text, or a number or boolean said as text; anything else is ignored with a warning. */
function textField(record: Record<string, unknown>, field: string, warnings: string[]): string {
  const value = record[field];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return capped(value, field, warnings);
  if (typeof value === 'number' || typeof value === 'boolean') {
    warnings.push(`${field} is ${describeType(value)}, not text: read as "${String(value)}"`);
    return String(value);
  }
  warnings.push(`${field} is ${describeType(value)}, not text: ignored`);
  return '';
}

/** A trace as one text, or as a list of lines. */
function traceField(record: Record<string, unknown>, warnings: string[]): string {
  const value = record['stack_trace'];
  if (Array.isArray(value)) {
    const lines = value.filter((line): line is string => typeof line === 'string');
    if (lines.length < value.length) warnings.push(`stack_trace has ${value.length - lines.length} entries that are not text: ignored`);
    return capped(lines.join('\n'), 'stack_trace', warnings);
  }
  return textField(record, 'stack_trace', warnings);
}

/** A text (one change per line), a list of texts, or a list of objects with a path. */
function changesField(record: Record<string, unknown>, warnings: string[]): RecentChange[] {
  const value = record['recent_changes'];
  if (value === undefined || value === null) return [];
  const items = typeof value === 'string' ? value.split('\n') : Array.isArray(value) ? value : null;
  if (items === null) {
    warnings.push(`recent_changes is ${describeType(value)}, not a list: ignored`);
    return [];
  }
  if (items.length > MAX_CHANGES) warnings.push(`recent_changes has ${items.length} entries: only the first ${MAX_CHANGES} are analysed`);
  const changes: RecentChange[] = [];
  let skipped = 0;
  for (const item of items.slice(0, MAX_CHANGES)) {
    const change = changeOf(item);
    if (change === null) skipped += 1;
    else if (change.text.trim() !== '') changes.push(change);
  }
  if (skipped > 0) warnings.push(`recent_changes has ${skipped} entries that are neither text nor an object with a path: ignored`);
  return changes;
}

const PATH_KEYS = ['path', 'file', 'filename'];
const TEXT_KEYS = ['description', 'summary', 'change', 'diff'];

function changeOf(item: unknown): RecentChange | null {
  if (typeof item === 'string') return { path: leadingPath(item), text: item.slice(0, MAX_FIELD_CHARS) };
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
  const fields = item as Record<string, unknown>;
  const path = PATH_KEYS.map((key) => fields[key]).find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const text = TEXT_KEYS.map((key) => fields[key]).find((value): value is string => typeof value === 'string') ?? '';
  if (path === undefined && text === '') return null;
  const line = path === undefined ? text : text === '' ? path : `${path}: ${text}`;
  return { path: path?.trim() ?? leadingPath(text), text: line.slice(0, MAX_FIELD_CHARS) };
}

/** "src/app.py: fixed the loop" or "M src/app.py" names src/app.py (looked for in the first 300 characters). */
function leadingPath(text: string): string | null {
  const match = /^\s*(?:[MADRCU?]{1,2}\s+)?([\w.@~/-]*[\w@-]\.[\w]+|[\w.@~-]+\/[\w.@~/-]+)(?=$|[\s:,;])/.exec(text.slice(0, 300));
  return match ? match[1]! : null;
}

function optionalText(record: Record<string, unknown>, field: string, warnings: string[]): string | null {
  const value = record[field];
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number') return String(value).slice(0, 200);
  warnings.push(`${field} is ${describeType(value)}, not text: ignored`);
  return null;
}

function optionalAttempt(record: Record<string, unknown>, warnings: string[]): number | null {
  const value = record['attempt'];
  if (value === undefined || value === null) return null;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number === 'number' && Number.isSafeInteger(number) && number >= 1) return number;
  warnings.push(`attempt is ${typeof value === 'string' ? `"${value.slice(0, 40)}"` : describeType(value)}, not a whole number ≥ 1: ignored`);
  return null;
}

/** The number of characters (code points) of a text, as the thresholds count them. */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
