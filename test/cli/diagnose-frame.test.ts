// Regression of issue 21 through the real binary: with a stack frame deep in a large file,
// `cairn diagnose` gave the file's first bytes (its imports) as source-of-truth evidence,
// not the function holding the frame. Evidence from a file is the code around the frame's
// line, its enclosing definition first, within the same caps.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { tempDir, type TempDir } from '../support/temp-repo.js';

let repo: TempDir;
let run: TempDir;
let files: TempDir;

/** Some 40 KB: 150 handlers of 10 lines after the imports; handler_120 holds line 1216. */
function bigModule(): string {
  const lines = ['import os', 'import sys', 'import json', 'import re', ''];
  for (let i = 0; i < 150; i++) lines.push(`def handler_${i}(request):`, ...Array.from({ length: 8 }, (_, k) => `    value_${k} = request.get("field_${i}_${k}")`), '    return value_0');
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  repo = tempDir('cairn-frame-repo-');
  repo.write('src/app/handlers.py', bigModule());
  repo.write('src/app/__init__.py', 'from .handlers import handler_0\n');
  run = tempDir('cairn-frame-run-');
  files = tempDir('cairn-frame-bundle-');
  files.write(
    'bundle.json',
    JSON.stringify({
      error_message: 'KeyError: field_120_4 is missing from the request',
      stack_trace: 'Traceback (most recent call last):\n  File "/srv/svc/src/app/handlers.py", line 1216, in handler_120\n    value_4 = request.get("field_120_4")\nKeyError: field_120_4',
      recent_changes: [],
      root_cause: 'unknown',
    }),
  );
  expect((await runCli(['index', repo.path, '--index-dir', join(files.path, 'index')])).code).toBe(0);
});
afterAll(() => {
  for (const dir of [repo, run, files]) dir.remove();
});

describe('cairn diagnose: evidence from the file a frame points into', () => {
  it('regression: the source-of-truth evidence was the head of the file, not the function holding the frame', async () => {
    const result = await runCli(['diagnose', '--bundle', join(files.path, 'bundle.json'), '--run-dir', run.path, '--phase', 'build', '--attempt', '1', '--repo', repo.path, '--index-dir', join(files.path, 'index'), '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { retrieval: { sot_files: { path: string; content: string; size: number }[] } };
    const file = report.retrieval.sot_files.find((entry) => entry.path === 'src/app/handlers.py');
    expect(file, 'the framed file is evidence').toBeDefined();
    expect(file!.content).toContain('def handler_120(request):\n    value_0 = request.get("field_120_0")');
    expect(file!.content).toContain('    value_4 = request.get("field_120_4")');
    expect(file!.content).not.toContain('import os');
    expect(file!.content).toMatch(/^⋯ lines 1-\d+ not shown ⋯\n/);
    // Within the same caps: medium priority, 15 KiB for the category.
    expect(file!.size).toBeLessThanOrEqual(15 * 1024);
    expect(Buffer.byteLength(file!.content)).toBe(file!.size);
  });
});
