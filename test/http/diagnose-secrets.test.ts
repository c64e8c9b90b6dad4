// Issue 22, the secret leak: `diagnose` over the agent faces read any folder of the
// repository without a filter — `run_dir: ".git"` handed out `.git/config` with the
// credentials of a remote URL, `logs/HEAD` and `packed-refs`; `run_dir: "deploy"` handed out
// a git-ignored `deploy/.env` that `/retrieval/symbol` rightly answers 404 for. Now the
// faces read only what the index could show (unless the operator names a run folder in
// `diagnostics.runFolders`), and every evidence text comes back with credentials redacted.
// Each defect through HTTP on loopback and through the SDK's client spawning `cairn mcp`.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, errorOf, type Api } from '../support/http-api.js';
import { CAIRN_BIN } from '../support/cli.js';
import { SHOP_BUNDLE as BUNDLE } from '../support/shop-handoff.js';
import { fixtureRepo, gitInit, type TempDir } from '../support/temp-repo.js';

// Made-up credentials in the shapes that leaked.
const REMOTE_PASSWORD = 'hunter2-remote-9f3a';
const ENV_SECRET = 'sk_live_51H8envSECRETvalue0042';
const ENV_PASSWORD = 'db-pass-77c1e0';
const GITHUB_TOKEN = 'ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i';
const LOG_PASSWORD = 'log-pw-4c4c4c';
const KEY_BODY = 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun';
const IGNORED_LOG = 'IGNORED_CI_LOG_CONTENT_71';
const IGNORED_SOT = 'IGNORED_SOT_FILE_CONTENT_52';
const SECRETS = [REMOTE_PASSWORD, ENV_SECRET, ENV_PASSWORD, GITHUB_TOKEN, LOG_PASSWORD, KEY_BODY, IGNORED_SOT];

function shopWithSecrets(): TempDir {
  const repo = fixtureRepo('shop');
  repo.write('.gitignore', 'build/\n*.tmp\ndeploy/.env\nlogs/\ntests/*.local.py\n');
  repo.write('deploy/.env', `STRIPE_KEY=${ENV_SECRET}\nDB_PASSWORD=${ENV_PASSWORD}\n`);
  repo.write('deploy/README.txt', 'deploy notes: ValueError quantity must be positive is a known failure\n');
  repo.write('tests/conftest.local.py', `# ${IGNORED_SOT}: ValueError quantity must be positive in add_item cart quantity positive\n`);
  const log = [
    'collecting ... FAILED tests/test_cart.py ValueError: quantity must be positive',
    `pushing to https://ci:${LOG_PASSWORD}@git.example.com/acme/shop.git`,
    `export GITHUB_TOKEN=${GITHUB_TOKEN}`,
    '-----BEGIN RSA PRIVATE KEY-----',
    KEY_BODY,
    '-----END RSA PRIVATE KEY-----',
    'ValueError: quantity must be positive in add_item of shop/cart.py',
  ].join('\n');
  repo.write('runs/r1/build.attempt-1.log', `${log}\n`);
  repo.write('runs/r1/build.attempt-2.log', `${log}\n`);
  repo.write('logs/ci/build.attempt-1.log', `FAILED ${IGNORED_LOG}\n`);
  repo.write('logs/other/build.attempt-1.log', `FAILED ${IGNORED_LOG}\n`);
  repo.write('cairn.yaml', 'diagnostics:\n  runFolders: [logs/ci]\n');
  gitInit(repo.path).commit('shop');
  execFileSync('git', ['remote', 'add', 'origin', `https://alice:${REMOTE_PASSWORD}@github.com/acme/shop.git`], { cwd: repo.path });
  execFileSync('git', ['pack-refs', '--all'], { cwd: repo.path });
  return repo;
}

function leaked(answer: unknown): string[] {
  const text = JSON.stringify(answer);
  return SECRETS.filter((secret) => text.includes(secret));
}

type Diagnosis = { retrieval: { run_artifacts: { path: string; content: string }[]; sot_files: { path: string }[]; notes: string[] } | null };

describe('diagnose hands out no secrets over HTTP (issue 22)', () => {
  let repo: TempDir;
  let api: Api;

  beforeAll(async () => {
    repo = shopWithSecrets();
    api = await startApi([{ name: 'shop', path: repo.path }]);
  });
  afterAll(async () => {
    await api.close();
    repo.remove();
  });

  it('run_dir ".git" no longer returns .git/config with the remote URL credentials, logs/HEAD or packed-refs', async () => {
    for (const runDir of ['.git', '.git/', '.git/logs', '.git/refs']) {
      const answer = await api.post('/diagnose', { bundle: BUNDLE, run_dir: runDir, phase: 'build', attempt: 2, always: true });
      expect(answer.status, runDir).toBe(400);
      expect(errorOf(answer.json).code).toBe('INPUT_INVALID');
      expect(errorOf(answer.json).message).toContain('not a folder the index shows');
      expect(leaked(answer.json)).toEqual([]);
    }
  });

  it('run_dir "deploy" no longer returns the git-ignored deploy/.env (the visible files still come)', async () => {
    const answer = await api.post('/diagnose', { bundle: BUNDLE, run_dir: 'deploy', phase: 'build', attempt: 2, always: true });
    expect(answer.status).toBe(200);
    const json = answer.json as unknown as Diagnosis;
    expect(json.retrieval!.run_artifacts.map((file) => file.path)).toEqual(['README.txt']);
    expect(JSON.stringify(answer.json)).not.toContain('.env');
    expect(leaked(answer.json)).toEqual([]);
  });

  it('the index directory and a git-ignored run folder are refused; a folder named in diagnostics.runFolders is read', async () => {
    for (const runDir of ['.cairn', 'logs/other', 'logs']) {
      const answer = await api.post('/diagnose', { bundle: BUNDLE, run_dir: runDir, phase: 'build', always: true });
      expect(answer.status, runDir).toBe(400);
      expect(errorOf(answer.json).hint).toContain('diagnostics.runFolders');
      expect(JSON.stringify(answer.json)).not.toContain(IGNORED_LOG);
    }
    const configured = await api.post('/diagnose', { bundle: BUNDLE, run_dir: 'logs/ci', phase: 'build', always: true });
    expect(configured.status).toBe(200);
    expect(JSON.stringify(configured.json)).toContain(IGNORED_LOG);
  });

  it('credentials in run artifacts (a URL password, a GitHub token, a private key) come back redacted, and the notes say so', async () => {
    const answer = await api.post('/diagnose', { bundle: BUNDLE, run_dir: 'runs/r1', phase: 'build', attempt: 2, format: 'markdown' });
    expect(answer.status).toBe(200);
    const json = answer.json as unknown as Diagnosis;
    expect(json.retrieval!.run_artifacts).toHaveLength(2);
    for (const artifact of json.retrieval!.run_artifacts) {
      expect(artifact.content).toContain('https://ci:[redacted]@git.example.com/acme/shop.git');
      expect(artifact.content).toContain('ValueError: quantity must be positive');
    }
    expect(leaked(answer.json)).toEqual([]);
    expect(json.retrieval!.notes.join('\n')).toMatch(/like a credential replaced by \[redacted\] \(.*github-token 2.*\)/);
  });

  it('a git-ignored file in a source-of-truth folder is never evidence', async () => {
    const answer = await api.post('/diagnose', { bundle: BUNDLE, run_dir: 'runs/r1', phase: 'build', attempt: 2, always: true });
    const json = answer.json as unknown as Diagnosis;
    expect(json.retrieval!.sot_files.map((file) => file.path)).not.toContain('tests/conftest.local.py');
    expect(JSON.stringify(answer.json)).not.toContain(IGNORED_SOT);
  });
});

describe('diagnose_failure hands out no secrets over MCP (the SDK client spawning cairn mcp)', () => {
  let repo: TempDir;
  let client: Client;

  beforeAll(async () => {
    repo = shopWithSecrets();
    const transport = new StdioClientTransport({ command: process.execPath, args: [CAIRN_BIN, 'mcp', '--repo', repo.path, '--no-watch'], env: { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CI: '1' }, stderr: 'pipe' });
    client = new Client({ name: 'secrets-test', version: '1' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
    repo.remove();
  });

  const call = async (args: Record<string, unknown>): Promise<CallToolResult> => (await client.callTool({ name: 'diagnose_failure', arguments: { bundle: BUNDLE, phase: 'build', attempt: 2, always: true, ...args } })) as CallToolResult;
  const textOf = (result: CallToolResult): string => (result.content[0]?.type === 'text' ? result.content[0].text : '');

  it('run_dir ".git" is refused with one line, and no credential of .git/config comes back', async () => {
    for (const runDir of ['.git', '.git/logs', '.cairn', 'logs/other']) {
      const result = await call({ run_dir: runDir });
      expect(result.isError, runDir).toBe(true);
      expect(textOf(result)).toMatch(/not a folder the index shows.*\[INPUT_INVALID\]$/);
      expect(leaked(result)).toEqual([]);
    }
  });

  it('run_dir "deploy" leaves out the git-ignored deploy/.env', async () => {
    const result = await call({ run_dir: 'deploy' });
    expect(result.isError ?? false).toBe(false);
    const evidence = (result.structuredContent as { evidence: { kind: string; path?: string }[] }).evidence;
    expect(evidence.filter((item) => item.kind === 'run').map((item) => item.path)).toEqual(['README.txt']);
    expect(leaked(result)).toEqual([]);
  });

  it('credentials in the evidence are redacted in both the structured answer and the text block', async () => {
    const result = await call({ run_dir: 'runs/r1', always: false });
    expect(result.isError ?? false).toBe(false);
    expect(textOf(result)).toContain('https://ci:[redacted]@git.example.com/acme/shop.git');
    expect(leaked(result)).toEqual([]);
  });
});
