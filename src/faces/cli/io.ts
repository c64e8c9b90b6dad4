// What the CLI needs from its process, as a value: tests pass their own to capture output.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installRoot } from '../../core/install-root.js';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** True when progress bars may be drawn (stderr is a terminal). */
  interactive: boolean;
  debug: boolean;
  env: NodeJS.ProcessEnv;
  version: string;
  /** `--log-level` / `--log-format` as given on the command line (set before the command runs). */
  logFlags: { level?: string; format?: string };
  /** A command sets a non-zero exit without throwing (e.g. "no results" is not an error). */
  setExitCode(code: number): void;
  exitCode(): number;
}

export function processIo(): Io {
  let code = 0;
  let readerGone = false;
  // `cairn explain ... | head`: once the reader has gone, output is dropped quietly (the run
  // itself still finishes, so its log is complete) instead of dying on an unhandled EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      readerGone = true;
      return;
    }
    process.stderr.write(`cairn: cannot write the output: ${error.message}\n`);
    code = 1;
  });
  return {
    out: (text) => void (readerGone || process.stdout.write(text)),
    err: (text) => void process.stderr.write(text),
    interactive: Boolean(process.stderr.isTTY) && process.env['CI'] === undefined,
    debug: process.env['CAIRN_DEBUG'] === '1',
    env: process.env,
    version: packageVersion(),
    logFlags: {},
    setExitCode: (next) => {
      code = next;
    },
    exitCode: () => code,
  };
}

function packageVersion(): string {
  try {
    const text = readFileSync(join(installRoot(import.meta.url), 'package.json'), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
