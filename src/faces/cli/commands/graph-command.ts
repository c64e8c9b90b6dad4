// `cairn graph FILE|SYMBOL`: the neighbourhood of a file or symbol — imports, references,
// co-changes and doc links, both ways, to --depth hops — as a tree, or nodes and edges.
// Also home of what the graph commands share: their options and the handle they run on.
// The answer is operations/targets.graphAround's, as HTTP's `/retrieval/graph` gives it.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { InvalidArgumentError, type Command } from 'commander';
import type { OneShotHandle } from '../../../app/one-shot.js';
import { FILE_RELATIONS, graphAround, RELATION_PHRASES, type FileRelation, type Neighbourhood, type RelationBranch, type TreeEntry } from '../../../operations/targets.js';
import { positiveInt, printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { printable } from '../../../core/printable.js';
import { withIndexRepo } from '../repo-handle.js';

export interface GraphCommandFlags extends RepoFlags {
  json?: boolean;
  refresh: boolean;
}

interface GraphFlags extends GraphCommandFlags {
  depth: number;
  relation?: FileRelation[];
  limit: number;
}

export const TARGET_ARGUMENT_HELP = 'a file path, a symbol key (path::Qualified.name) or a symbol name';

export function registerGraphCommand(program: Command, io: Io): void {
  const command = program
    .command('graph')
    .description(COMMAND_SUMMARIES.graph.summary)
    .argument('<target>', TARGET_ARGUMENT_HELP);
  withGraphOptions(command)
    .option('--depth <n>', 'hops from the target', positiveInt('--depth'), 1)
    .option('--relation <relation>', `only these relations (repeatable): ${FILE_RELATIONS.join(', ')}`, collectRelations)
    .option('--limit <n>', 'neighbours listed per node', positiveInt('--limit'), 20)
    .action(async (input: string, flags: GraphFlags) => {
      await withGraphRepo(io, flags, (repo) => {
        const result = graphAround(repo, { start: input, maxDistance: flags.depth, relations: flags.relation ?? [...FILE_RELATIONS], limit: flags.limit });
        if (flags.json) printJson(io, { target: result.target, depth: result.depth, relations: flags.relation ?? FILE_RELATIONS, nodes: result.nodes, edges: result.edges });
        else io.out(renderNeighbourhood(result));
      });
    });
}

/** --repo, --index-dir, --config, --json and --no-refresh, as `cairn search` has them. */
export function withGraphOptions(command: Command): Command {
  return withRepoOptions(command).option('--json', 'print JSON').option('--no-refresh', 'do not refresh the index first');
}

/** Refreshes the index (unless --no-refresh) and runs the command's operation on it. */
export async function withGraphRepo(io: Io, flags: GraphCommandFlags, work: (repo: OneShotHandle) => void): Promise<void> {
  await withIndexRepo(await repoFrom(flags, io), io, { refresh: flags.refresh }, work);
}

function collectRelations(value: string, previous: FileRelation[] = []): FileRelation[] {
  const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) throw new InvalidArgumentError(`name a relation: ${FILE_RELATIONS.join(', ')}.`);
  for (const part of parts) {
    if (!(FILE_RELATIONS as readonly string[]).includes(part)) {
      throw new InvalidArgumentError(`unknown relation "${part}"; known: ${FILE_RELATIONS.join(', ')}.`);
    }
  }
  return [...new Set([...previous, ...(parts as FileRelation[])])];
}

const ARROWS: Record<RelationBranch['relation'], string> = {
  imports: '→',
  importedBy: '←',
  references: '→',
  referencedBy: '←',
  cochange: '↔',
  docs: '→',
  documentedBy: '←',
};

const UNITS: Record<FileRelation, [one: string, many: string]> = {
  imports: ['import', 'imports'],
  references: ['use', 'uses'],
  cochange: ['shared commit', 'shared commits'],
  docs: ['mention', 'mentions'],
};

export function renderNeighbourhood(result: Neighbourhood): string {
  const lines = [result.target.kind === 'symbol' ? `${printable(result.target.id)}  (symbol in ${printable(result.target.path)})` : printable(result.target.id)];
  for (const branch of result.branches) {
    const level = result.target.kind === 'symbol' && branch.level === 'file' ? `  (of ${printable(branch.from)})` : '';
    lines.push(`  ${RELATION_PHRASES[branch.relation]} ${ARROWS[branch.relation]}${level}`);
    if (branch.entries.length === 0) lines.push('    (none)');
    renderEntries(lines, branch.entries, branch.omitted, unitsOf(branch), 2);
  }
  return `${lines.join('\n')}\n`;
}

function unitsOf(branch: RelationBranch): [string, string] {
  if (branch.relation === 'imports' || branch.relation === 'importedBy') return UNITS.imports;
  if (branch.relation === 'references' || branch.relation === 'referencedBy') return UNITS.references;
  return branch.relation === 'cochange' ? UNITS.cochange : UNITS.docs;
}

/** "(3 uses, confidence 0.40)": counts above one, and a reference's mean confidence below 0.95. */
function describeEdge(entry: TreeEntry, units: [string, string]): string {
  const parts = entry.count > 1 ? [`${entry.count} ${units[1]}`] : [];
  const confidence = entry.weight / Math.max(1, entry.count);
  if (units === UNITS.references && confidence < 0.95) parts.push(`confidence ${confidence.toFixed(2)}`);
  return parts.length ? `  (${parts.join(', ')})` : '';
}

function renderEntries(lines: string[], entries: TreeEntry[], omitted: number, units: [string, string], indent: number): void {
  const pad = '  '.repeat(indent);
  for (const entry of entries) {
    lines.push(`${pad}${printable(entry.id)}${describeEdge(entry, units)}${entry.repeated ? '  (shown above)' : ''}`);
    renderEntries(lines, entry.children, entry.omitted, units, indent + 1);
  }
  if (omitted > 0) lines.push(`${pad}… ${omitted} more (raise --limit)`);
}
