// The campaign's ground: a git repository (the shop fixture) holding the secrets that
// leaked — a remote URL with a password in .git/config, a git-ignored deploy/.env, run logs
// with tokens and a private key — and `cairn serve` / `cairn mcp` started on it from the
// binary under test.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/repos/shop', import.meta.url));

export const SECRETS = {
  remotePassword: 'hunter2-remote-9f3a',
  envStripe: 'sk_live_51H8envSECRETvalue0042',
  envPassword: 'db-pass-77c1e0',
  githubToken: 'ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i',
  logPassword: 'log-pw-4c4c4c',
  keyBody: 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun',
  ignoredLog: 'IGNORED_CI_LOG_CONTENT_71',
};

export const BUNDLE = { error_message: 'ValueError: quantity must be positive', stack_trace: 'File "shop/cart.py", line 25, in add_item', recent_changes: [], root_cause: 'unknown' };

export interface Workspace {
  root: string;
  repo: string;
  /** A folder outside the repository (for links out). */
  outside: string;
}

export function createWorkspace(): Workspace {
  const root = mkdtempSync(join(tmpdir(), 'cairn-hostile-'));
  const repo = join(root, 'shop');
  cpSync(FIXTURE, repo, { recursive: true });
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  write('.gitignore', 'build/\n*.tmp\ndeploy/.env\nlogs/\n');
  write('deploy/.env', `STRIPE_KEY=${SECRETS.envStripe}\nDB_PASSWORD=${SECRETS.envPassword}\n`);
  write('deploy/README.txt', 'deploy notes\n');
  const log = ['FAILED tests/test_cart.py ValueError: quantity must be positive', `pushing to https://ci:${SECRETS.logPassword}@git.example.com/acme/shop.git`, `export GITHUB_TOKEN=${SECRETS.githubToken}`, '-----BEGIN RSA PRIVATE KEY-----', SECRETS.keyBody, '-----END RSA PRIVATE KEY-----'].join('\n');
  write('runs/r1/build.attempt-1.log', `${log}\n`);
  write('runs/r1/build.attempt-2.log', `${log}\n`);
  write('logs/ci/build.attempt-1.log', `FAILED ${SECRETS.ignoredLog}\n`);
  const git = (...args: string[]): void => void execFileSync('git', ['-c', 'user.name=c', '-c', 'user.email=c@c.invalid', ...args], { cwd: repo, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'shop');
  git('remote', 'add', 'origin', `https://alice:${SECRETS.remotePassword}@github.com/acme/shop.git`);
  git('pack-refs', '--all');
  const outside = join(root, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'build.attempt-1.log'), 'OUTSIDE_MARKER_3e1\n');
  return { root, repo, outside };
}

/** Every secret value that appears in `text`. */
export function secretsIn(text: string): string[] {
  return Object.values(SECRETS).filter((secret) => text.includes(secret));
}

export interface Served {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  stop(): Promise<void>;
}

/** `cairn serve` on the repository, loopback, a free port; resolves once it prints its URL. */
export function startServe(cairn: string, repo: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cairn, 'serve', '--repo', repo, '--port', '0', '--no-watch'], { env: { ...process.env, CAIRN_INDEX_DIR: '', CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const guard = setTimeout(() => reject(new Error(`cairn serve did not start: ${stderr.slice(-400)}`)), 60_000);
    child.stdout!.once('data', (chunk: Buffer) => {
      clearTimeout(guard);
      const url = chunk.toString().trim().split('\n')[0]!;
      resolve({
        url,
        child,
        stderr: () => stderr,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`cairn serve exited ${code}: ${stderr.slice(-400)}`)));
  });
}
