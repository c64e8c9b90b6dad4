// Introspection views (operations/memory.ts: `cairn episode`, `entity`, `gates`) as text
// for people: one line per block, transition or gate result. HTTP answers the same views as
// JSON.

import type { GateResult } from '../../core/memory.js';
import type { EntityView, EpisodeView, GatesView } from '../../operations/memory.js';

/** A content hash as people read it (the vault's hashes are sha-256 hex). */
function shortHash(hash: string | null): string {
  return hash === null ? '-' : hash.slice(0, 12);
}

function iso(at: number): string {
  return new Date(at).toISOString();
}

export function episodeText(view: EpisodeView): string {
  const { episode } = view;
  const lines = [
    `episode ${episode.id} · conversation ${episode.conversationId} #${episode.sequence} · ${iso(episode.createdAt)}`,
    `query: ${episode.query.split('\n', 1)[0]}`,
    `${view.blocks.length} of ${view.maxEntities} entities · ${view.usedTokens} of ${view.maxTokens} tokens (${episode.tokenizer}; blocks ${view.blockTokens})`,
    '',
    ...view.blocks.map(
      (b) => `${String(b.position + 1).padStart(3)}. ${b.entityKey}  ${b.reason}/${b.method} · ${b.status}${b.body === 'diff' ? ' (diff)' : ''} · ${b.tokenCount} tokens · ${shortHash(b.artifactHash)} · ${b.triggeredBy}`,
    ),
  ];
  if (view.cut.length > 0) {
    lines.push('', `cut (${view.cut.length}):`);
    for (const c of view.cut) lines.push(`     ${c.entityKey}  ${c.reason}/${c.method} · ${c.tokens} tokens · over the ${c.cutBy === 'tokens' ? 'token' : 'entity'} budget at ${c.usedTokens} tokens used`);
  }
  if (episode.notes.length > 0) lines.push('', ...episode.notes.map((note) => `note: ${note}`));
  return `${lines.join('\n')}\n`;
}

export function entityText(view: EntityView): string {
  const lines = [`entity ${view.entityKey}`];
  const current = view.current;
  lines.push(current === null ? 'state: none (hydrated, never proposed)' : `state: ${current.state} (version ${current.version}, artifact ${shortHash(current.artifactHash)}, ${view.artifact?.text?.length ?? 0} characters)`);
  if (view.etv) {
    const etv = view.etv;
    const verdict = !etv.diskExists ? 'gone from disk' : etv.isStale ? `stale: disk is ${shortHash(etv.diskHash)}` : 'fresh';
    lines.push(`etv: ${verdict} · checked ${iso(etv.lastCheck)}${etv.cacheHit ? ' (cache hit)' : ''}`);
  }
  lines.push('', 'state history:');
  for (const entry of view.ledger) {
    lines.push(`  #${entry.seq} ${iso(entry.at)} v${entry.version} ${entry.from ?? '∅'} → ${entry.to} · ${shortHash(entry.artifactHash)}${entry.episodeId ? ` · episode ${entry.episodeId}` : ''} · ${entry.reason}`);
  }
  if (view.evaluations.length > 0) {
    lines.push('', 'gate evaluations:');
    for (const e of view.evaluations) lines.push(`  ${iso(e.at)} v${e.version}${e.episodeId ? ` episode ${e.episodeId}` : ' (approve)'}: ${gateLine(e.structural, e.authority, e.fresh)} → ${e.decision}`);
  }
  lines.push('', 'hydrations:');
  for (const h of view.hydrations) lines.push(`  ${h.hydratedAt} episode ${h.episodeId} (conversation ${h.conversationId} #${h.sequence}) · ${h.reason} · ${h.status} · ${h.tokenCount} tokens`);
  return `${lines.join('\n')}\n`;
}

function gateLine(a: GateResult, b: GateResult, c: GateResult): string {
  const mark = (gate: GateResult): string => (gate.passed ? 'pass' : 'fail');
  return `A ${mark(a)} · B ${mark(b)} · C ${mark(c)}`;
}

export function gatesText(view: GatesView): string {
  const lines = [`gates of episode ${view.episode.id} (conversation ${view.episode.conversationId} #${view.episode.sequence})`];
  if (view.entities.length === 0) lines.push('', 'no entity was evaluated in this episode');
  for (const { evaluation: e, stateNow } of view.entities) {
    lines.push('', `${e.entityKey} (version ${e.version}, ${shortHash(e.artifactHash)}) → ${e.decision}; now ${stateNow ?? 'unknown'}`);
    lines.push(`  A structural: ${e.structural.passed ? 'pass' : 'FAIL'} — ${e.structural.reason}`);
    lines.push(`  B authority:  ${e.authority.passed ? 'pass' : 'FAIL'} — ${e.authority.reason}`);
    lines.push(`  C fresh:      ${e.fresh.passed ? 'pass' : 'FAIL'} — ${e.fresh.reason}`);
  }
  return `${lines.join('\n')}\n`;
}
