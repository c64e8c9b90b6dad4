// Regression tests of the PostgreSQL driver layer, each named after the defect it pins.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pgUrl } from '../support/postgres.js';

const url = pgUrl();

describe.skipIf(url === null)('postgres driver regressions', () => {
  it('closed connections collected before libuv finished closing them aborted the process', () => {
    const script = fileURLToPath(new URL('./collected-connections.mjs', import.meta.url));
    const result = spawnSync(process.execPath, ['--expose-gc', script, url!], { encoding: 'utf8', timeout: 60_000 });
    expect(result.stderr).not.toContain('Assertion');
    expect(result.signal).toBeNull();
    expect(result.stdout).toBe('survived\n');
  }, 90_000);
});
