// The hostile-inputs and access campaign (issue 22), run by hand, never by `npm test`:
//
//   npm run build && npm run bench:build && node dist-bench/bench/hostile-inputs.js [--cairn BIN] [--json OUT] [--only GROUP] [--keep]
//
// On a generated git repository holding secrets (a remote URL with a password, a git-ignored
// deploy/.env, run logs with tokens and a private key), against the binary under test
// (`--cairn`, default this checkout's bin/cairn.js): `cairn serve` given diagnose run
// directories and paths an agent must not read, malformed and slow HTTP requests, Host
// games and bodies nested 100,000 deep; `cairn mcp` given raw lines that are not JSON, not
// JSON-RPC, 17 MB long or nested 100,000 deep; every CLI file option given /dev/zero,
// /dev/urandom, a FIFO, a folder and a sparse 3 GiB file; `cairn serve` given weak tokens.
// Every check has its own time limit: the run stops by itself (about 4 minutes). Prints each
// check and the findings; exits 1 when there is any.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Checks, type CheckResult } from './hostile/check.js';
import { cliChecks, tokenChecks } from './hostile/cli-cases.js';
import { accessChecks, malformedChecks } from './hostile/http-cases.js';
import { mcpChecks } from './hostile/mcp-cases.js';
import { createWorkspace, startServe } from './hostile/workspace.js';

const GROUPS = ['http', 'mcp', 'cli', 'token'] as const;

interface Options {
  cairn: string;
  json: string | null;
  only: string | null;
  keep: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { cairn: fileURLToPath(new URL('../../bin/cairn.js', import.meta.url)), json: null, only: null, keep: false };
  for (let at = 0; at < argv.length; at++) {
    const flag = argv[at];
    if (flag === '--keep') options.keep = true;
    else if (flag === '--cairn' || flag === '--json' || flag === '--only') {
      const value = argv[++at];
      if (value === undefined) throw new Error(`${flag} takes a value`);
      if (flag === '--cairn') options.cairn = value;
      else if (flag === '--json') options.json = value;
      else if ((GROUPS as readonly string[]).includes(value)) options.only = value;
      else throw new Error(`--only takes one of ${GROUPS.join(', ')}`);
    } else throw new Error(`unknown option ${flag}; usage: hostile-inputs.js [--cairn BIN] [--json OUT] [--only ${GROUPS.join('|')}] [--keep]`);
  }
  return options;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const workspace = createWorkspace();
  const checks = new Checks();
  const wanted = (group: string): boolean => options.only === null || options.only === group;
  const started = performance.now();
  let mcpPeak: number | null = null;
  try {
    if (wanted('http')) {
      const served = await startServe(options.cairn, workspace.repo);
      try {
        await accessChecks(checks, served.url);
        await malformedChecks(checks, served.url);
        await checks.run('http input', 'the server still answers /health', 10_000, async () => {
          const response = await fetch(`${served.url}/health`);
          return { got: String(response.status), finding: response.status === 200 ? null : 'not 200' };
        });
      } finally {
        await served.stop();
      }
    }
    if (wanted('mcp')) mcpPeak = (await mcpChecks(checks, options.cairn, workspace.repo)).peakRssMb;
    if (wanted('cli')) await cliChecks(checks, options.cairn, workspace.repo, workspace.root);
    if (wanted('token')) await tokenChecks(checks, options.cairn, workspace.repo);
  } finally {
    if (!options.keep) rmSync(workspace.root, { recursive: true, force: true });
  }
  report(checks.results, (performance.now() - started) / 1000, mcpPeak);
  if (options.json) writeFileSync(options.json, `${JSON.stringify({ cairn: options.cairn, results: checks.results, mcpPeakRssMb: mcpPeak }, null, 2)}\n`);
  return checks.results.some((result) => result.finding !== null) ? 1 : 0;
}

function report(results: readonly CheckResult[], seconds: number, mcpPeak: number | null): void {
  const groups = [...new Set(results.map((result) => result.group))];
  process.stdout.write(`\n${results.length} checks in ${seconds.toFixed(0)} s; findings by group:\n`);
  for (const group of groups) {
    const inGroup = results.filter((result) => result.group === group);
    process.stdout.write(`  ${group}: ${inGroup.filter((result) => result.finding !== null).length} of ${inGroup.length}\n`);
  }
  if (mcpPeak !== null) process.stdout.write(`cairn mcp peak RSS over its checks: ${mcpPeak} MB\n`);
  const findings = results.filter((result) => result.finding !== null);
  if (findings.length > 0) process.stdout.write(`\nfindings:\n${findings.map((result) => `- ${result.group}: ${result.name} — ${result.got}: ${result.finding}`).join('\n')}\n`);
}

process.exitCode = await main();
