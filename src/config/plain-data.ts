// YAML can say more than configuration needs: `!!binary` makes a Buffer, `!!set` a Set,
// `!!omap` a Map, `!!timestamp` a Date. The schemas expect plain mappings, lists and
// scalars; a Buffer passed to one is an object whose ~90 methods zod reports as unknown
// keys. Found first, such a value is reported for what it is: the wrong type.

const KINDS: [test: (value: object) => boolean, kind: string][] = [
  [(value) => value instanceof Uint8Array, 'binary data (!!binary)'],
  [(value) => value instanceof Set, 'a set (!!set)'],
  [(value) => value instanceof Map, 'an ordered map (!!omap or !!pairs)'],
  [(value) => value instanceof Date, 'a timestamp (!!timestamp)'],
];

function kindOf(value: object): string | null {
  if (Array.isArray(value)) return null;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Object.prototype || prototype === null) return null;
  return KINDS.find(([test]) => test(value))?.[1] ?? 'a value of an unsupported YAML type';
}

/** The first value that is not plain data, as "where: what", or null. Cycles (YAML aliases) are visited once. */
export function nonPlainValue(value: unknown, at: string[] = [], seen = new Set<object>()): string | null {
  if (typeof value !== 'object' || value === null || seen.has(value)) return null;
  seen.add(value);
  const kind = kindOf(value);
  if (kind !== null) return `${at.length ? at.join('.') : '(top level)'}: expected a mapping, a list or a plain value, got ${kind}`;
  for (const [key, child] of Object.entries(value)) {
    const found = nonPlainValue(child, [...at, key], seen);
    if (found !== null) return found;
  }
  return null;
}
