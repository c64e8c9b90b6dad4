// The hydration's log lines: one at info (the query cut to 100 characters, how many blocks
// each tier gave, tokens), a warning when the budget cut blocks, one debug line per block.

import type { Hydration } from '../../core/memory.js';
import type { MemoryLog } from '../ports.js';

const QUERY_LOGGED = 100;

function quoted(query: string): string {
  const flat = query.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > QUERY_LOGGED ? `${flat.slice(0, QUERY_LOGGED)}…` : flat);
}

export function logHydration(log: MemoryLog, hydration: Hydration): void {
  const count = (test: (reason: string) => boolean): number => hydration.blocks.filter((block) => test(block.reason)).length;
  const { budget, cut } = hydration;
  log.info(
    `hydrate ${quoted(hydration.query)} · episode ${hydration.episodeId} (#${hydration.sequence} of ${hydration.conversationId}) · ` +
      `ast-resolved ${count((r) => r === 'ast_resolved')} · regex-resolved ${count((r) => r === 'regex_resolved' || r === 'path_resolved')} · ` +
      `previously-hydrated ${count((r) => r === 'previously_hydrated')} · pipeline ${count((r) => r === 'pipeline_ranked')} · ` +
      `total ${hydration.blocks.length} blocks, ${budget.usedTokens}/${budget.maxTokens} tokens`,
  );
  if (cut.length > 0) {
    const byTokens = cut.filter((entry) => entry.cutBy === 'tokens').length;
    log.warn(
      `the budget cut ${cut.length} blocks (${byTokens} over ${budget.maxTokens} tokens, ${cut.length - byTokens} over ${budget.maxEntities} entities) with ${budget.usedTokens} tokens used`,
    );
  }
  for (const block of hydration.blocks) {
    log.debug(`block ${block.entityKey}: ${block.reason}/${block.method} ${block.status} ${block.body} ${block.tokenCount} tokens · ${block.triggeredBy}`);
  }
}
