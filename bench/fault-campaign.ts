// The fault and bad-input campaign (issue 14), run by hand, never by `npm test`:
//
//   npm run bench:build && node dist-bench/bench/fault-campaign.js [--seconds 120] [--seed N] [--keep]
//
// Until the time is up, runs scenarios picked at random (seeded: a run is replayed with
// its --seed) against the real CLI on a generated git repository: kill -9 at random
// points of an index run, damaged index files, generated malformed inputs, hostile file
// names and links, concurrent readers and writers. Each scenario checks the rules of the
// house (documented exit codes, never "internal error", short messages, escaped names,
// nothing outside the repository read or written, no user file changed); a folder beyond
// the repository that links point at is checked after every scenario. Prints what it
// ran and every finding; exits 1 when there is any. A scenario started before the time
// is up runs to its end (each command has its own time limit).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { concurrentUse } from './campaign/concurrency.js';
import { damagedIndex } from './campaign/damage.js';
import { malformedInput } from './campaign/inputs.js';
import { killDuringIndex } from './campaign/kill.js';
import { hostileNames } from './campaign/names.js';
import { Random } from './campaign/random.js';
import type { Finding, Scenario } from './campaign/scenario.js';
import { changes, createWorkspace, snapshot } from './campaign/workspace.js';

const SCENARIOS: [name: string, weight: number, run: Scenario][] = [
  ['kill -9 during index', 2, killDuringIndex],
  ['damaged index', 4, damagedIndex],
  ['malformed input', 5, malformedInput],
  ['hostile names and links', 2, hostileNames],
  ['concurrent readers and writers', 1, concurrentUse],
];

interface Options {
  seconds: number;
  seed: number;
  keep: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { seconds: 60, seed: Date.now() % 2 ** 31, keep: false };
  for (let at = 0; at < argv.length; at++) {
    const flag = argv[at];
    if (flag === '--keep') options.keep = true;
    else if (flag === '--seconds' || flag === '--seed') {
      const value = Number(argv[++at]);
      if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${flag} takes a whole number, got ${argv[at]}`);
      if (flag === '--seconds') options.seconds = value;
      else options.seed = value;
    } else throw new Error(`unknown option ${flag}; usage: fault-campaign.js [--seconds N] [--seed N] [--keep]`);
  }
  return options;
}

function pickScenario(random: Random): [string, Scenario] {
  const total = SCENARIOS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [name, weight, run] of SCENARIOS) {
    roll -= weight;
    if (roll < 0) return [name, run];
  }
  const [name, , run] = SCENARIOS[0]!;
  return [name, run];
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const random = new Random(options.seed);
  const base = mkdtempSync(join(tmpdir(), 'cairn-campaign-'));
  console.log(`seed ${options.seed} · ${options.seconds} s · workspace ${base}`);
  const workspace = createWorkspace(base);
  const outsideBefore = snapshot(workspace.outside);
  const deadline = performance.now() + options.seconds * 1000;
  const findings: Finding[] = [];
  const ran = new Map<string, number>();
  for (let run = 0; performance.now() < deadline; run++) {
    const [name, scenario] = pickScenario(random);
    ran.set(name, (ran.get(name) ?? 0) + 1);
    try {
      await scenario({ workspace, random, runName: `run-${run}`, findings });
    } catch (error) {
      findings.push({ scenario: name, what: `the scenario itself failed: ${(error as Error).message}`, command: `run ${run}` });
    }
    for (const change of changes(outsideBefore, snapshot(workspace.outside))) findings.push({ scenario: name, what: `outside the repository: ${change}`, command: `run ${run}` });
    if (!options.keep) rmSync(join(base, 'runs'), { recursive: true, force: true });
  }
  console.log(`ran ${[...ran].map(([name, count]) => `${count} × ${name}`).join(', ')}`);
  for (const finding of findings) console.log(`FINDING [${finding.scenario}] ${finding.what}\n    ${finding.command}`);
  console.log(findings.length === 0 ? 'no findings' : `${findings.length} findings (replay with --seed ${options.seed})`);
  if (!options.keep) rmSync(base, { recursive: true, force: true });
  return findings.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
