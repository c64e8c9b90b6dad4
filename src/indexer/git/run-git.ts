// Runs git read-only: every call passes --no-optional-locks (so even commands that could
// refresh the index leave it alone), a sanitised environment (no GIT_DIR & co. inherited
// from a hook or a parent git), and settings that keep output machine-readable.

import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

/** Variables that would point git at another repository, index or object store. */
const REDIRECTING_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
];

// `protocol.allow=never`: in a partial clone git fetches missing objects from the remote on
// demand, which would write to the repository and reach the network; cairn only reads, so
// every transport is refused and a missing object is a read failure (history.ts copes).
const FIXED_OPTIONS = ['--no-optional-locks', '-c', 'log.showSignature=false', '-c', 'core.quotePath=false', '-c', 'protocol.allow=never'];

const MAX_STDERR_CHARS = 4_000;

export function gitEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' };
  for (const name of REDIRECTING_VARIABLES) delete env[name];
  return env;
}

export interface GitRun {
  /** Exit code; null when git could not be started at all (not installed). */
  code: number | null;
  stderr: string;
}

/**
 * Runs `git <args>` in `cwd`, handing stdout to `onText` as it arrives (decoded as UTF-8,
 * never splitting a character). Resolves when git has exited.
 */
export function streamGit(cwd: string, args: readonly string[], onText: (text: string) => void): Promise<GitRun> {
  return new Promise((resolve) => {
    const child = spawn('git', [...FIXED_OPTIONS, ...args], {
      cwd,
      // GIT_NO_LAZY_FETCH (git 2.44+) stops a partial clone's on-demand fetch before it starts.
      env: { ...gitEnvironment(), GIT_NO_LAZY_FETCH: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const decoder = new StringDecoder('utf8');
    let stderr = '';
    let settled = false;
    const settle = (run: GitRun): void => {
      if (!settled) resolve(run);
      settled = true;
    };
    child.stdout.on('data', (chunk: Buffer) => onText(decoder.write(chunk)));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_CHARS) stderr += chunk.toString('utf8');
    });
    child.on('error', () => settle({ code: null, stderr }));
    child.on('close', (code) => {
      const rest = decoder.end();
      if (rest !== '') onText(rest);
      // Killed by a signal: not "git missing", so never null here.
      settle({ code: code ?? -1, stderr });
    });
  });
}

/** Runs git and collects stdout; for commands with small output. */
export async function runGit(cwd: string, args: readonly string[]): Promise<GitRun & { stdout: string }> {
  let stdout = '';
  const run = await streamGit(cwd, args, (text) => {
    stdout += text;
  });
  return { ...run, stdout };
}
