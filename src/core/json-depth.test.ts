import { describe, expect, it } from 'vitest';
import { jsonTextTooDeep, MAX_JSON_DEPTH, valueTooDeep } from './json-depth.js';

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON depth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(`{"a": "${'['.repeat(1000)}", "b": {"c": [1, "\\"[[["]}}`)).toBe(false);
    expect(jsonTextTooDeep('{"a":{"b":{"c":1}}}', 2)).toBe(true);
    expect(jsonTextTooDeep('{"a":{"b":{"c":1}}}', 3)).toBe(false);
  });

  it('measures a parsed value without recursion, 100,000 deep included', () => {
    const deep = JSON.parse(nested(100_000)) as unknown;
    expect(valueTooDeep(deep)).toBe(true);
    expect(jsonTextTooDeep(nested(100_000))).toBe(true);
    expect(valueTooDeep(JSON.parse(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(valueTooDeep({ a: { b: [1, { c: 2 }] } }, 3)).toBe(true);
    expect(valueTooDeep({ a: { b: [1, { c: 2 }] } }, 4)).toBe(false);
    expect(valueTooDeep('text')).toBe(false);
  });
});
