// Runs git for `eval --from-git`. Reads run against the user's repository only to find
// HEAD and its object store; everything else runs in cairn's own work copy. Hooks, LFS
// smudging and fsmonitor are switched off: checking out an old commit in the work copy
// must not run the user's code or reach the network.

import { execFile } from 'node:child_process';
import { InputError } from '../../core/errors.js';
import { gitEnvironment } from '../../indexer/git/run-git.js';

const FIXED_OPTIONS = [
  '--no-optional-locks',
  '--literal-pathspecs',
  '-c', 'core.quotePath=false',
  '-c', 'log.showSignature=false',
  '-c', 'core.hooksPath=/dev/null',
  '-c', 'core.fsmonitor=false',
  '-c', 'advice.detachedHead=false',
];

const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

/** Runs `git <args>` in `cwd` and returns stdout; a non-zero exit is an InputError. */
export function git(cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...FIXED_OPTIONS, ...args],
      { cwd, env: { ...gitEnvironment(), GIT_LFS_SKIP_SMUDGE: '1' }, maxBuffer: MAX_OUTPUT_BYTES, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        reject(
          new InputError('INPUT_INVALID', `git ${args[0] ?? ''} failed in ${cwd}: ${firstLine(stderr) || error.message}`, {
            hint: 'check that the folder is a git repository with the commits asked for',
            cause: error,
          }),
        );
      },
    );
  });
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
