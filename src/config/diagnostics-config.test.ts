// `diagnostics:` in cairn.yaml: partial settings keep the other defaults; patterns that
// cannot work are refused with the key named.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DIAGNOSTICS } from './diagnostics-defaults.js';
import { loadConfig } from './load.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repoWith(yaml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-config-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'cairn.yaml'), yaml);
  return dir;
}

describe('diagnostics configuration', () => {
  it('takes what is set and keeps every other default', async () => {
    const config = await loadConfig({ repoRoot: repoWith('diagnostics:\n  triggers:\n    minErrorChars: 12\n    failureMarkers: [BOOM]\n  caps:\n    high:\n      sotFiles: { count: 9, bytes: 99999 }\n  sotRanking: keywords\n') });
    expect(config.diagnostics.triggers).toMatchObject({ minErrorChars: 12, failureMarkers: ['BOOM'], minActionableChars: 30, genericPhrases: DEFAULT_DIAGNOSTICS.triggers.genericPhrases });
    expect(config.diagnostics.caps.high).toEqual({ ...DEFAULT_DIAGNOSTICS.caps.high, sotFiles: { count: 9, bytes: 99999 } });
    expect(config.diagnostics.caps.medium).toEqual(DEFAULT_DIAGNOSTICS.caps.medium);
    expect(config.diagnostics).toMatchObject({ sotRanking: 'keywords', recencyHours: 24, minTruncatedBytes: 100 });
  });

  it.each([
    ['an attempt pattern without {phase}', 'diagnostics:\n  triggers:\n    attemptLogPatterns: ["attempt(?<attempt>\\\\d+)"]\n', 'diagnostics.triggers.attemptLogPatterns.0'],
    ['an attempt pattern that is no regular expression', 'diagnostics:\n  triggers:\n    attemptLogPatterns: ["{phase}(?<attempt>\\\\d+"]\n', 'diagnostics.triggers.attemptLogPatterns.0'],
    ['a repeat attempt under 2', 'diagnostics:\n  triggers:\n    repeatAttempt: 1\n', 'diagnostics.triggers.repeatAttempt'],
    ['a minimum cut smaller than the marker needs', 'diagnostics:\n  minTruncatedBytes: 10\n', 'diagnostics.minTruncatedBytes'],
    ['an unknown key', 'diagnostics:\n  caps:\n    urgent: {}\n', 'diagnostics.caps'],
  ])('refuses %s, naming the key', async (_what, yaml, key) => {
    await expect(loadConfig({ repoRoot: repoWith(yaml) })).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining(key) });
  });
});
