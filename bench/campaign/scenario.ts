// What a scenario is given and what it reports.

import type { Random } from './random.js';
import type { Workspace } from './workspace.js';
import { firstLine, problemsOf, type Outcome } from './cli.js';

export interface Finding {
  scenario: string;
  what: string;
  /** The command (or step) that showed it. */
  command: string;
}

export interface ScenarioContext {
  workspace: Workspace;
  random: Random;
  /** A name unique to this run of the scenario (its folder under runs/). */
  runName: string;
  findings: Finding[];
}

export type Scenario = (context: ScenarioContext) => Promise<void> | void;

/** Checks an outcome against the rules and the allowed exit codes; records what broke. */
export function expectOutcome(context: ScenarioContext, scenario: string, outcome: Outcome, allowed: readonly number[]): void {
  for (const problem of problemsOf(outcome, allowed)) {
    context.findings.push({ scenario, what: `${problem} — ${firstLine(outcome)}`, command: describeArgs(outcome.args) });
  }
}

export function describeArgs(args: readonly string[]): string {
  return `cairn ${args.map((arg) => (/^[\w./:=,-]+$/.test(arg) ? arg : JSON.stringify(arg.length > 60 ? `${arg.slice(0, 60)}…` : arg))).join(' ')}`;
}
