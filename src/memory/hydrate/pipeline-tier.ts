// The third tier: the retrieval pipeline's own ranking for the query — the package
// `retrieve` builds (no second ranker), its items in priority order, each item whose code
// the package shows taken as the entity it shows (a definition, or a whole file). The
// run is a task of its own in the raw log (`cairn explain --task-id` shows why each item
// ranked where it did).

import { isCairnError } from '../../core/errors.js';
import type { ContextItem } from '../../core/context-package.js';
import { retrieve } from '../../retrieval/pipeline/retrieve.js';
import type { MemoryPorts } from '../ports.js';
import type { Candidate } from './candidates.js';

const DEFAULT_STAGES = ['scope', 'precision'] as const;

export interface PipelineTier {
  candidates: Candidate[];
  /** One line for the hydration's notes: the task the run was logged under, or why it did not run. */
  note: string;
}

function showsCode(item: ContextItem): boolean {
  return item.detail === 'full' || item.detail === 'excerpt';
}

export async function pipelineTier(ports: MemoryPorts, query: string, tokens: number, taken: ReadonlySet<string>): Promise<PipelineTier> {
  if (ports.retrieval === undefined) return { candidates: [], note: 'the retrieval pipeline was not asked (no pipeline in this process)' };
  let result;
  try {
    result = await retrieve(ports.retrieval, {
      task: query,
      stages: ports.stages ?? DEFAULT_STAGES,
      budget: { contextWindow: tokens, reservedTokens: 0 },
      format: 'markdown',
    });
  } catch (error) {
    // Too few tokens left for even an empty package: the pipeline has nothing to add.
    if (isCairnError(error) && error.code === 'BUDGET') return { candidates: [], note: `the retrieval pipeline had too few tokens left (${tokens}) to rank for the query` };
    throw error;
  }
  const candidates: Candidate[] = [];
  const seen = new Set(taken);
  for (const item of result.package.items) {
    const key = item.symbolKey ?? item.path;
    if (!showsCode(item) || seen.has(key)) continue;
    seen.add(key);
    candidates.push({
      entityKey: key,
      reason: 'pipeline_ranked',
      method: 'retrieval',
      triggeredBy: `ranked by the retrieval pipeline (${item.provenance.stage}, tier ${item.provenance.tier}): ${item.provenance.reason}`,
      shown: null,
    });
  }
  return { candidates, note: `retrieval pipeline ranking: task ${result.taskId} (\`cairn explain --task-id ${result.taskId}\`)` };
}
