// Each trigger alone, each of its conditions, its thresholds from the configuration, and
// the priority the count of fired triggers gives.

import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDiagnostics } from '../config/diagnostics-defaults.js';
import { shouldEscalate, type EscalationDecision } from './escalate.js';
import { openRunDirectory } from './run-directory.js';
import type { TriggerId } from './triggers.js';

/** A bundle that fires nothing: specific message with a path, a trace, a clear root cause. */
const GOOD = {
  error_message: "KeyError: 'WELCOME10' while pricing the cart",
  stack_trace: 'Traceback (most recent call last):\n  File "shop/pricing.py", line 11, in apply_discount\n    rate = DISCOUNTS[code]\nKeyError: \'WELCOME10\'',
  recent_changes: ['shop/pricing.py: discount table moved to a dict'],
  root_cause: 'the discount table lookup raises for codes that are not in the table',
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runDir(files: Record<string, string>): ReturnType<typeof openRunDirectory> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-run-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return openRunDirectory(dir);
}

function fired(decision: EscalationDecision): TriggerId[] {
  return decision.triggers.filter((trigger) => trigger.fired).map((trigger) => trigger.id);
}

function reasonsOf(decision: EscalationDecision, id: TriggerId): string[] {
  return decision.triggers.find((trigger) => trigger.id === id)!.reasons;
}

describe('a bundle with everything', () => {
  it('fires no trigger: priority low, no escalation, every trigger says what it checked', () => {
    const decision = shouldEscalate(GOOD, 'build', 1);
    expect(fired(decision)).toEqual([]);
    expect(decision).toMatchObject({ escalate: false, priority: 'low', warnings: [] });
    expect(decision.triggers.map((trigger) => trigger.id)).toEqual(['minimal_bundle', 'no_actionable_context', 'repeated_failures', 'no_clear_root_cause']);
    for (const trigger of decision.triggers) expect(trigger.summary).not.toBe('');
  });
});

describe('each trigger alone', () => {
  it('minimal bundle: no stack trace and no recent changes', () => {
    const decision = shouldEscalate({ ...GOOD, stack_trace: '', recent_changes: [] , error_message: "KeyError: 'WELCOME10' in shop/pricing.py line 11" }, 'build', 1);
    expect(fired(decision)).toEqual(['minimal_bundle']);
    expect(reasonsOf(decision, 'minimal_bundle')).toEqual(['no stack trace and no recent changes']);
    expect(decision.priority).toBe('medium');
  });

  it('no actionable context: a generic phrase in an otherwise long message', () => {
    const decision = shouldEscalate({ ...GOOD, error_message: 'Internal error while charging the customer cart at checkout' }, 'build', 1);
    expect(fired(decision)).toEqual(['no_actionable_context']);
    expect(reasonsOf(decision, 'no_actionable_context')).toEqual(['error message is generic ("internal error")']);
  });

  it('repeated failures: attempt 2 and the first attempt’s log has a failure marker', () => {
    const run = runDir({ 'build.attempt-1.log': 'collecting\nTraceback (most recent call last):\n', 'build.attempt-2.log': 'ok\n' });
    const decision = shouldEscalate(GOOD, 'build', 2, { runDir: run });
    expect(fired(decision)).toEqual(['repeated_failures']);
    expect(reasonsOf(decision, 'repeated_failures')[0]).toContain('build.attempt-1.log (attempt 1: Traceback)');
    expect(decision.attemptLogs).toEqual([{ path: 'build.attempt-1.log', attempt: 1, markers: ['Traceback'] }]);
  });

  it('no clear root cause: a vague one', () => {
    const decision = shouldEscalate({ ...GOOD, root_cause: 'not sure why the lookup fails for some codes' }, 'build', 1);
    expect(fired(decision)).toEqual(['no_clear_root_cause']);
    expect(reasonsOf(decision, 'no_clear_root_cause')).toEqual(['root cause says "not sure"']);
  });
});

describe('minimal bundle: every condition', () => {
  it('no keys', () => {
    expect(reasonsOf(shouldEscalate({}, 'build', 1), 'minimal_bundle')).toContain('the bundle has no keys');
    expect(reasonsOf(shouldEscalate({ other: 1 }, 'build', 1), 'minimal_bundle')).not.toContain('the bundle has no keys');
  });

  it('an error message under 20 characters (19 fires, 20 does not; counted in characters, not bytes)', () => {
    const at = (message: string) => reasonsOf(shouldEscalate({ ...GOOD, error_message: message }, 'build', 1), 'minimal_bundle');
    expect(at('x'.repeat(19))).toEqual(['error message is 19 characters, under 20']);
    expect(at('x'.repeat(20))).toEqual([]);
    expect(at('é'.repeat(20))).toEqual([]);
    expect(at('🔥'.repeat(19))).toEqual(['error message is 19 characters, under 20']);
  });

  it('all critical fields empty', () => {
    const decision = shouldEscalate({ error_message: '', stack_trace: '  ', recent_changes: [], root_cause: null, extra: 'x' }, 'build', 1);
    expect(reasonsOf(decision, 'minimal_bundle')).toContain('all critical fields are empty (error_message, stack_trace, recent_changes, root_cause)');
  });

  it('recent changes alone are enough to avoid "no stack trace and no recent changes"', () => {
    const decision = shouldEscalate({ ...GOOD, stack_trace: '' }, 'build', 1);
    expect(reasonsOf(decision, 'minimal_bundle')).toEqual([]);
  });
});

describe('no actionable context: every condition', () => {
  it.each(['unknown error', 'internal error', 'something went wrong'])('the generic phrase "%s", in any case', (phrase) => {
    const decision = shouldEscalate({ ...GOOD, error_message: `${phrase.toUpperCase()} in shop/pricing.py while pricing` }, 'build', 1);
    expect(reasonsOf(decision, 'no_actionable_context')).toEqual([`error message is generic ("${phrase}")`]);
  });

  it('an error message under 30 characters (29 fires, 30 does not)', () => {
    const at = (length: number) => reasonsOf(shouldEscalate({ ...GOOD, error_message: `E${'x'.repeat(length - 1)}` }, 'build', 1), 'no_actionable_context');
    expect(at(29)).toEqual(['error message is 29 characters, under 30']);
    expect(at(30)).toEqual([]);
  });

  it('no file path, line number or module name anywhere', () => {
    const bare = { error_message: 'the payment provider refused the charge for this order', root_cause: GOOD.root_cause };
    expect(reasonsOf(shouldEscalate(bare, 'build', 1), 'no_actionable_context')).toEqual(['no file path, line number or module name anywhere in the bundle']);
    for (const pointer of ['see shop/pricing.py', 'at line 42', 'in module shop.pricing', 'pricing.py:42']) {
      expect(reasonsOf(shouldEscalate({ ...bare, error_message: `${bare.error_message} (${pointer})` }, 'build', 1), 'no_actionable_context')).toEqual([]);
    }
  });

  it('a clock time is not a line number, a file name is not a module', () => {
    const decision = shouldEscalate({ error_message: 'the payment provider refused the charge at 10:30 today', root_cause: GOOD.root_cause }, 'build', 1);
    expect(reasonsOf(decision, 'no_actionable_context')).toEqual(['no file path, line number or module name anywhere in the bundle']);
  });
});

describe('repeated failures: every condition', () => {
  it.each(['ERROR:', 'FAILED', 'Exception:', 'Traceback'])('the marker %s in an earlier attempt’s log', (marker) => {
    const run = runDir({ [`build/attempt_1/out.log`]: `step 3\n${marker} something\n` });
    expect(reasonsOf(shouldEscalate(GOOD, 'build', 3, { runDir: run }), 'repeated_failures')).toHaveLength(1);
  });

  it('markers are case-sensitive, as written', () => {
    const run = runDir({ 'build.attempt-1.log': 'error: lower case\nfailed\n' });
    expect(reasonsOf(shouldEscalate(GOOD, 'build', 2, { runDir: run }), 'repeated_failures')).toEqual([]);
  });

  it('not on the first attempt, even with failing logs around', () => {
    const run = runDir({ 'build.attempt-1.log': 'Traceback\n' });
    const decision = shouldEscalate(GOOD, 'build', 1, { runDir: run });
    expect(reasonsOf(decision, 'repeated_failures')).toEqual([]);
    expect(decision.attemptLogs).toEqual([]);
  });

  it('only earlier attempts of the same phase count', () => {
    const run = runDir({
      'build.attempt-2.log': 'Traceback\n', // the current attempt
      'build.attempt-3.log': 'Traceback\n', // a later one
      'build-docs.attempt-1.log': 'Traceback\n', // another phase
      'test.attempt-1.log': 'FAILED\n',
      'build.attempt-1.log': 'all good\n',
    });
    const decision = shouldEscalate(GOOD, 'build', 2, { runDir: run });
    expect(decision.attemptLogs).toEqual([{ path: 'build.attempt-1.log', attempt: 1, markers: [] }]);
    expect(reasonsOf(decision, 'repeated_failures')).toEqual([]);
  });

  it('finds a marker at the end of a log longer than what is scanned at each end', () => {
    const settings = defaultDiagnostics();
    settings.triggers.markerScanBytes = 1024;
    const run = runDir({ 'build.attempt-1.log': `${'x'.repeat(10_000)}\nTraceback\n` });
    expect(reasonsOf(shouldEscalate(GOOD, 'build', 2, { runDir: run, settings }), 'repeated_failures')).toHaveLength(1);
  });
});

describe('no clear root cause: every condition', () => {
  it('missing', () => {
    const { root_cause: _, ...bundle } = GOOD;
    expect(reasonsOf(shouldEscalate(bundle, 'build', 1), 'no_clear_root_cause')).toEqual(['root cause is missing']);
  });

  it.each(['unknown', 'unclear', 'investigate', 'not sure'])('says "%s" (in any case, also as the start of a longer word)', (word) => {
    const decision = shouldEscalate({ ...GOOD, root_cause: `The cause is ${word.toUpperCase()}d for now, see the pricing table` }, 'build', 1);
    expect(reasonsOf(decision, 'no_clear_root_cause')).toEqual([`root cause says "${word}"`]);
  });

  it('under 20 characters (19 fires, 20 does not)', () => {
    const at = (length: number) => reasonsOf(shouldEscalate({ ...GOOD, root_cause: 'r'.repeat(length) }, 'build', 1), 'no_clear_root_cause');
    expect(at(19)).toEqual(['root cause is 19 characters, under 20']);
    expect(at(20)).toEqual([]);
  });
});

describe('priority', () => {
  it('low with no trigger, medium with one, high with two, three or four', () => {
    const run = runDir({ 'build.attempt-1.log': 'FAILED\n' });
    const vague = { ...GOOD, root_cause: 'unclear' };
    expect(shouldEscalate(GOOD, 'build', 1).priority).toBe('low');
    expect(shouldEscalate(vague, 'build', 1)).toMatchObject({ priority: 'medium', escalate: true });
    expect(shouldEscalate(vague, 'build', 2, { runDir: run })).toMatchObject({ priority: 'high', escalate: true });
    const three = shouldEscalate({ ...vague, error_message: 'unknown error in shop/cart.py, line 3' }, 'build', 2, { runDir: run });
    expect([fired(three).length, three.priority]).toEqual([3, 'high']);
    const four = shouldEscalate({}, 'build', 2, { runDir: run });
    expect([fired(four).length, four.priority]).toEqual([4, 'high']);
  });
});

describe('configurable', () => {
  it('thresholds, phrases, vague words, markers and attempt-log patterns come from the settings', () => {
    const settings = defaultDiagnostics();
    Object.assign(settings.triggers, {
      minErrorChars: 50,
      minActionableChars: 5,
      minRootCauseChars: 5,
      genericPhrases: ['pricing the cart'],
      vagueRootCause: ['lookup'],
      failureMarkers: ['BOOM'],
      repeatAttempt: 3,
      attemptLogPatterns: ['(?:^|/)try(?<attempt>\\d+)-{phase}\\.txt$'],
    });
    const run = runDir({ 'try1-build.txt': 'BOOM\n', 'build.attempt-1.log': 'Traceback\n' });
    const decision = shouldEscalate(GOOD, 'build', 3, { runDir: run, settings });
    expect(reasonsOf(decision, 'minimal_bundle')).toEqual([`error message is ${GOOD.error_message.length} characters, under 50`]);
    expect(reasonsOf(decision, 'no_actionable_context')).toEqual(['error message is generic ("pricing the cart")']);
    expect(reasonsOf(decision, 'repeated_failures')[0]).toContain('try1-build.txt (attempt 1: BOOM)');
    expect(reasonsOf(decision, 'no_clear_root_cause')).toEqual(['root cause says "lookup"']);
    // Attempt 2 is before repeatAttempt 3: the failing first attempt is seen, the trigger stays quiet.
    const second = shouldEscalate(GOOD, 'build', 2, { runDir: run, settings });
    expect(second.attemptLogs).toEqual([{ path: 'try1-build.txt', attempt: 1, markers: ['BOOM'] }]);
    expect(reasonsOf(second, 'repeated_failures')).toEqual([]);
  });
});
