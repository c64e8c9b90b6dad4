// What is wrong with a configuration, one clause per problem, each naming the key, the
// value found and what is allowed: "index.maxFileBytes: -1 is not allowed (too small:
// expected number to be >0)", "serve.prot: unknown key (allowed: host, port, ...)".

import type { ZodError, ZodType } from 'zod';

type Issue = ZodError['issues'][number];

/** Longest value quoted in a message: a configuration value, not a document. */
const MAX_VALUE_CHARS = 60;

/** `schema`, when given, lets an unknown key's clause list the keys allowed there. */
export function describeConfigIssues(error: ZodError, raw: unknown, schema?: ZodType): string {
  return error.issues.map((issue) => describeIssue(issue, raw, schema)).join('; ');
}

function describeIssue(issue: Issue, raw: unknown, schema: ZodType | undefined): string {
  const where = issue.path.length ? issue.path.join('.') : '(top level)';
  if (issue.code === 'unrecognized_keys') {
    const allowed = schema === undefined ? [] : objectKeys(schemaAt(schema, issue.path));
    const keys = issue.keys.map((key) => (issue.path.length ? `${where}.${key}` : key)).join(', ');
    return `${keys}: unknown key${issue.keys.length > 1 ? 's' : ''}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`;
  }
  const found = valueAt(raw, issue.path);
  const what = found.present ? `${quote(found.value)} is not allowed` : 'missing';
  return `${where}: ${what} (${lowerFirst(issue.message)})`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): { present: boolean; value?: unknown } {
  let current = raw;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return { present: false };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { present: current !== undefined, value: current };
}

function quote(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

interface SchemaInternals {
  _zod?: { def?: { type?: string; innerType?: ZodType; shape?: Record<string, ZodType> } };
}

/** Unwraps defaults and optionals to the object schema at `path`, or null. */
function schemaAt(schema: ZodType, path: readonly PropertyKey[]): ZodType | null {
  let current: ZodType | null = unwrap(schema);
  for (const key of path) {
    const shape: Record<string, ZodType> | undefined = current === null ? undefined : (current as SchemaInternals)._zod?.def?.shape;
    const next: ZodType | undefined = shape?.[String(key)];
    current = next === undefined ? null : unwrap(next);
  }
  return current;
}

function unwrap(schema: ZodType): ZodType {
  let current = schema;
  for (;;) {
    const def = (current as SchemaInternals)._zod?.def;
    if (def?.innerType && (def.type === 'default' || def.type === 'optional' || def.type === 'nullable' || def.type === 'prefault')) current = def.innerType;
    else return current;
  }
}

function objectKeys(schema: ZodType | null): string[] {
  const shape = schema === null ? undefined : (schema as SchemaInternals)._zod?.def?.shape;
  return shape ? Object.keys(shape) : [];
}
