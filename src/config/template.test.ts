import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { defaultConfig } from './defaults.js';
import { configSchema } from './schema.js';
import { CONFIG_TEMPLATE } from './template.js';

interface Internals {
  _zod?: { def?: { type?: string; innerType?: ZodType; shape?: Record<string, ZodType>; in?: ZodType } };
}

function unwrap(schema: ZodType): ZodType {
  let current = schema;
  for (;;) {
    const def = (current as Internals)._zod?.def;
    if (def?.innerType) current = def.innerType;
    else if (def?.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

/** Every key of the schema as a dotted path (objects recursed, other values leaves). */
function keyPaths(schema: ZodType, prefix = ''): string[] {
  const shape = (unwrap(schema) as Internals)._zod?.def?.shape;
  if (shape === undefined) return [prefix];
  return Object.entries(shape).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('the cairn.yaml that `cairn init` writes', () => {
  it('is exactly the defaults when read', () => {
    expect(configSchema.parse(parse(CONFIG_TEMPLATE))).toEqual(defaultConfig());
  });

  it('names every key of the schema (commented out where there is no default)', () => {
    const lines = CONFIG_TEMPLATE.split('\n').map((line) => line.replace(/^#\s?/, ''));
    const missing = keyPaths(configSchema).filter((path) => {
      const last = path.split('.').pop()!;
      return !lines.some((line) => new RegExp(`(^|[\\s{,])${last}:`).test(line));
    });
    expect(missing).toEqual([]);
    expect(keyPaths(configSchema).length).toBeGreaterThan(30);
  });
});
