// Whatever arrives as a bundle is judged, never a crash: wrong shapes and types become
// warnings, long texts are cut for analysis, unicode is counted in characters.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FIELD_CHARS, normaliseBundle } from './bundle.js';
import { shouldEscalate } from './escalate.js';

describe('normaliseBundle', () => {
  it.each([
    [null, 'null'],
    [[1, 2], 'an array'],
    [42, 'a number'],
    ['KeyError', 'a string'],
    [true, 'a boolean'],
  ])('%j is an empty bundle with a warning', (raw, described) => {
    const { bundle, warnings } = normaliseBundle(raw);
    expect(bundle.keys).toEqual([]);
    expect(warnings).toEqual([`the bundle is ${described}, not a JSON object: treated as an empty bundle`]);
  });

  it('reads numbers and booleans as text, ignores objects where text belongs, each with a warning', () => {
    const { bundle, warnings } = normaliseBundle({ error_message: 404, root_cause: { why: 'x' }, stack_trace: false });
    expect(bundle).toMatchObject({ errorMessage: '404', rootCause: '', stackTrace: 'false' });
    expect(warnings).toEqual(['error_message is a number, not text: read as "404"', 'stack_trace is a boolean, not text: read as "false"', 'root_cause is an object, not text: ignored']);
  });

  it('takes a stack trace as a list of lines, and recent changes as text, strings or objects with a path', () => {
    expect(normaliseBundle({ stack_trace: ['a', 3, 'b'] })).toMatchObject({ bundle: { stackTrace: 'a\nb' }, warnings: ['stack_trace has 1 entries that are not text: ignored'] });
    expect(normaliseBundle({ recent_changes: 'M src/app.py\nsrc/util.py: faster\n' }).bundle.recentChanges).toEqual([
      { path: 'src/app.py', text: 'M src/app.py' },
      { path: 'src/util.py', text: 'src/util.py: faster' },
    ]);
    const { bundle, warnings } = normaliseBundle({ recent_changes: [{ file: 'a.py', summary: 'new loop' }, { path: 'b.ts' }, 7, null, 'moved c/d.go'] });
    expect(bundle.recentChanges).toEqual([
      { path: 'a.py', text: 'a.py: new loop' },
      { path: 'b.ts', text: 'b.ts' },
      { path: null, text: 'moved c/d.go' },
    ]);
    expect(warnings).toEqual(['recent_changes has 2 entries that are neither text nor an object with a path: ignored']);
    expect(normaliseBundle({ recent_changes: { a: 1 } }).warnings).toEqual(['recent_changes is an object, not a list: ignored']);
  });

  it('keeps the bundle’s own phase and attempt, and says when they are unusable', () => {
    expect(normaliseBundle({ phase_id: 'build', attempt: '2' }).bundle).toMatchObject({ phaseId: 'build', attempt: 2 });
    expect(normaliseBundle({ attempt: 0 }).warnings).toEqual(['attempt is a number, not a whole number ≥ 1: ignored']);
  });

  it('cuts a 10 MB field for analysis and says so', () => {
    const message = `ValueError: ${'x'.repeat(10 * 1024 * 1024)}`;
    const { bundle, warnings } = normaliseBundle({ error_message: message });
    expect(bundle.errorMessage).toHaveLength(MAX_FIELD_CHARS);
    expect(warnings).toEqual([`error_message is ${message.length.toLocaleString('en-US')} characters long: only its first ${MAX_FIELD_CHARS.toLocaleString('en-US')} are analysed`]);
  });
});

describe('shouldEscalate on anything', () => {
  it('a 10 MB bundle of many fields is judged', () => {
    const big = 'File "a/b.py", line 3, in f\n'.repeat(400_000);
    const decision = shouldEscalate({ error_message: 'x'.repeat(5_000_000), stack_trace: big, root_cause: '🔥'.repeat(10), recent_changes: Array.from({ length: 5_000 }, (_, i) => `f${i}.py`) }, 'build', 1);
    expect(decision.escalate).toBe(true);
    expect(decision.warnings.length).toBeGreaterThanOrEqual(3);
  });

  it('never throws, and always gives four triggers and a consistent priority (any JSON value, any phase and attempt)', () => {
    const field = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.jsonValue(), fc.array(fc.string()));
    const bundle = fc.oneof(
      fc.jsonValue(),
      fc.record({ error_message: field, stack_trace: field, recent_changes: field, root_cause: field, attempt: field, phase_id: field }, { requiredKeys: [] }),
    );
    fc.assert(
      fc.property(bundle, fc.oneof(fc.string(), fc.constant(undefined as unknown as string)), fc.oneof(fc.integer(), fc.double()), (raw, phase, attempt) => {
        const decision = shouldEscalate(raw, phase, attempt);
        expect(decision.triggers).toHaveLength(4);
        const count = decision.triggers.filter((trigger) => trigger.fired).length;
        expect(decision.priority).toBe(count >= 2 ? 'high' : count === 1 ? 'medium' : 'low');
        expect(decision.escalate).toBe(count > 0);
        expect(Number.isSafeInteger(decision.attempt) && decision.attempt >= 1).toBe(true);
        expect(typeof decision.phaseId).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
