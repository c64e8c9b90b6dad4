// `cairn impact FILE|SYMBOL`: what depends on it — importers and referrers, transitively up
// to three hops — each with the chain of edges that reaches it; tests apart.

import { InvalidArgumentError, type Command } from 'commander';
import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { MAX_IMPACT_DEPTH, referencesOf, RELATION_PHRASES, type Impact, type ImpactEntry } from '../../../operations/targets.js';
import { printJson } from '../common-options.js';
import type { Io } from '../io.js';
import { printable } from '../../../core/printable.js';
import { TARGET_ARGUMENT_HELP, withGraphOptions, withGraphRepo, type GraphCommandFlags } from './graph-command.js';

interface ImpactFlags extends GraphCommandFlags {
  depth: number;
}

export function registerImpactCommand(program: Command, io: Io): void {
  const command = program
    .command('impact')
    .description(COMMAND_SUMMARIES.impact.summary)
    .argument('<target>', TARGET_ARGUMENT_HELP);
  withGraphOptions(command)
    .option('--depth <n>', `hops, 1 to ${MAX_IMPACT_DEPTH}`, impactDepth, MAX_IMPACT_DEPTH)
    .action(async (input: string, flags: ImpactFlags) => {
      await withGraphRepo(io, flags, (repo) => {
        const impact = referencesOf(repo, { target: input, depth: flags.depth });
        if (flags.json) printJson(io, impact);
        else io.out(renderImpact(impact));
      });
    });
}

function impactDepth(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_IMPACT_DEPTH) {
    throw new InvalidArgumentError(`--depth must be a whole number from 1 to ${MAX_IMPACT_DEPTH}, got "${value}".`);
  }
  return parsed;
}

export function renderImpact(impact: Impact): string {
  const total = impact.dependents.length + impact.tests.length;
  const hops = impact.depth === 1 ? '1 hop' : `${impact.depth} hops`;
  const lines = [`impact of ${printable(impact.target.id)}: ${total === 0 ? 'nothing depends on it' : `${total} dependents`} within ${hops}`];
  section(lines, 'dependents', impact.dependents, printable(impact.target.id));
  section(lines, 'tests', impact.tests, printable(impact.target.id));
  return `${lines.join('\n')}\n`;
}

function section(lines: string[], title: string, entries: ImpactEntry[], root: string): void {
  if (entries.length === 0) return;
  lines.push(`${title} (${entries.length})`);
  for (const entry of entries) {
    const chain = entry.chain.map((step) => ` ← ${RELATION_PHRASES[step.relation]} ${printable(step.id)}`).join('');
    lines.push(`  ${entry.distance}  ${root}${chain}  · strength ${entry.strength.toFixed(2)}`);
  }
}
