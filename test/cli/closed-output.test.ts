// A reader that goes away early (`cairn ... | head`) must not make cairn die with a stack
// trace: the output is dropped and the command ends as it would have.

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CAIRN_BIN } from '../support/cli.js';

function runWithClosedOutput(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CAIRN_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1' } });
    child.stdout.destroy(); // the reader is gone before cairn writes a byte
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('output to a closed pipe', () => {
  it('is dropped quietly: no EPIPE, no stack trace, the usual exit code', async () => {
    const result = await runWithClosedOutput(['--help']);
    expect(result.stderr).not.toMatch(/EPIPE|at .*\(.*:\d+:\d+\)/);
    expect(result.code).toBe(0);
  });
});
