// `cairn similar FILE|SYMBOL`: the files (or symbols) most like it, structurally (same
// neighbours in the same roles) and textually (its most distinctive terms), fused by
// reciprocal rank; --json explains each signal's part.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { similarOf, type Similarity } from '../../../operations/targets.js';
import { positiveInt, printJson } from '../common-options.js';
import type { Io } from '../io.js';
import { printable } from '../../../core/printable.js';
import { TARGET_ARGUMENT_HELP, withGraphOptions, withGraphRepo, type GraphCommandFlags } from './graph-command.js';

interface SimilarFlags extends GraphCommandFlags {
  limit: number;
}

export function registerSimilarCommand(program: Command, io: Io): void {
  const command = program
    .command('similar')
    .description(COMMAND_SUMMARIES.similar.summary)
    .argument('<target>', TARGET_ARGUMENT_HELP);
  withGraphOptions(command)
    .option('--limit <n>', 'results to show', positiveInt('--limit'), 10)
    .action(async (input: string, flags: SimilarFlags) => {
      await withGraphRepo(io, flags, (repo) => {
        const similarity = similarOf(repo, { target: input, limit: flags.limit });
        if (flags.json) printJson(io, similarity);
        else io.out(renderSimilarity(similarity));
      });
    });
}

export function renderSimilarity(similarity: Similarity): string {
  const what = similarity.target.kind === 'file' ? 'files' : 'symbols';
  const lines = [`${what} similar to ${printable(similarity.target.id)}`];
  if (similarity.results.length === 0) lines.push('  (none found)');
  similarity.results.forEach((item, index) => {
    const signals = item.signals.map((s) => `${s.signal} #${s.rank}`).join(' · ');
    lines.push(`${String(index + 1).padStart(3)}. ${printable(item.id)}  (${signals})`);
  });
  if (similarity.terms.length > 0) lines.push(`  distinctive terms: ${printable(similarity.terms.map((t) => t.term).join(' '))}`);
  return `${lines.join('\n')}\n`;
}
