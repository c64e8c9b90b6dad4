// Candidates → blocks, before the budget: each with the text it shows and the artifact it
// stores. An entity the conversation saw before is checked against disk (ETV of the
// artifact it saw): unchanged, it is listed in one line (the conversation has its text; sent
// again from the vault only when named in the query or asked for); rejected since
// (`cairn reject`), it says so and is never shown as good; changed, it is marked and carries
// the new text or a diff, whichever renders in fewer tokens; gone, it is reported moved
// (when certain) or deleted.

import { parseEntityKey, type EntityKey } from '../../core/entities.js';
import { redactShown } from '../../core/redact.js';
import type { EtvStatus, HydrationBlock, HydrationFormat } from '../../core/memory.js';
import { blockText } from '../../render/hydration.js';
import { readEntities, type DiskEntity } from '../disk/entity-text.js';
import { checkEtv } from '../etv/check.js';
import type { MemoryPorts } from '../ports.js';
import { hasherOf } from '../vault.js';
import type { Candidate } from './candidates.js';
import { compactDiff } from './diff.js';
import { movedTo } from './moves.js';

export interface Draft {
  block: HydrationBlock;
  /** The text stored in the vault for the block (the entity's text, never a diff). */
  artifact: { hash: string; text: string } | null;
  /** The disk read behind the block, when it read one (for the ETV cache). */
  read: DiskEntity | null;
}

export interface DraftContext {
  format: HydrationFormat;
  hydratedAt: string;
  notes: string[];
  /** Send the text of unchanged entities earlier episodes showed again (else one line each). */
  resendUnchanged: boolean;
}

export function draftBlocks(ports: MemoryPorts, candidates: readonly Candidate[], context: DraftContext): Draft[] {
  const seen = candidates.filter((c) => c.shown?.lastHash != null).map((c) => ({ entityKey: c.entityKey, artifactHash: c.shown!.lastHash! }));
  const etv = checkEtv(ports, seen);
  const verdicts = new Map(etv.statuses.map((status) => [status.entityKey, status]));
  // Texts shown from the vault pass the redactor as disk texts do (entity-text.ts): an
  // artifact stored before reads were redacted may hold a credential. Every block's text
  // and diff is then made of redacted texts, once, before the budget counts them.
  const languages = new Map(seen.map((entry) => [entry.artifactHash, ports.reader.file(parseEntityKey(entry.entityKey).path)?.language]));
  const vault = new Map([...ports.store.artifacts(seen.map((entry) => entry.artifactHash))].map(([hash, text]) => [hash, redactShown(text, languages.get(hash)).text]));
  const unread = candidates.filter((c) => !isFresh(verdicts.get(c.entityKey)) && !etv.read.has(c.entityKey)).map((c) => c.entityKey);
  const read = new Map([...etv.read, ...readEntities(ports, unread)]);
  const drafts: Draft[] = [];
  for (const candidate of candidates) {
    const draft = draftOne(ports, candidate, { verdict: verdicts.get(candidate.entityKey), read, vault, context });
    if (draft !== null) drafts.push(draft);
  }
  return drafts;
}

function isFresh(status: EtvStatus | undefined): boolean {
  return status !== undefined && !status.isStale;
}

interface Inputs {
  verdict: EtvStatus | undefined;
  read: Map<EntityKey, DiskEntity>;
  vault: Map<string, string>;
  context: DraftContext;
}

function draftOne(ports: MemoryPorts, candidate: Candidate, inputs: Inputs): Draft | null {
  const shown = candidate.shown;
  const seenText = shown?.lastHash ? inputs.vault.get(shown.lastHash) : undefined;
  if (isFresh(inputs.verdict) && seenText !== undefined) {
    const unchanged = unchangedBlock(ports, candidate, shown!.lastHash!, seenText, inputs.context);
    if (unchanged !== null) return asSeen(ports, candidate, unchanged, inputs.context);
  }
  const disk = inputs.read.get(candidate.entityKey) ?? readEntities(ports, [candidate.entityKey]).get(candidate.entityKey)!;
  const hash = hasherOf(ports);
  if (disk.exists) {
    const text = disk.text!;
    const artifact = { hash: hash(text), text };
    if (shown === null || shown.lastHash === null) return textDraft(candidate, disk, artifact, 'new', inputs.context);
    if (artifact.hash === shown.lastHash && seenText === text) return textDraft(candidate, disk, artifact, 'unchanged', inputs.context);
    return changedDraft(ports, candidate, disk, artifact, seenText, inputs.context);
  }
  if (shown === null) {
    inputs.context.notes.push(`${candidate.entityKey} is in the index but not on disk: run \`cairn index\``);
    return null;
  }
  if (shown.lastHash === null) return null; // reported deleted already, and still gone
  return vanishedDraft(ports, candidate, disk, inputs.context);
}

function baseBlock(candidate: Candidate, disk: Pick<DiskEntity, 'path' | 'language' | 'startLine' | 'endLine'>, context: DraftContext): HydrationBlock {
  return {
    entityKey: candidate.entityKey,
    artifactHash: null,
    reason: candidate.reason,
    method: candidate.method,
    triggeredBy: candidate.triggeredBy,
    tokenCount: 0,
    hydratedAt: context.hydratedAt,
    status: 'new',
    body: 'text',
    text: '',
    path: disk.path,
    language: disk.language,
    startLine: disk.startLine,
    endLine: disk.endLine,
    previousHash: candidate.shown?.lastHash ?? null,
    previousEpisode: candidate.shown?.lastEpisode ?? null,
    movedTo: null,
  };
}

/** Shown again from the vault: the index gives its lines; without them, the disk is read instead. */
function unchangedBlock(ports: MemoryPorts, candidate: Candidate, hash: string, text: string, context: DraftContext): Draft | null {
  const { path, qualifiedName } = parseEntityKey(candidate.entityKey);
  const file = ports.reader.file(path);
  const symbol = qualifiedName === null ? null : ports.reader.symbol(candidate.entityKey);
  if (file === null || (qualifiedName !== null && symbol === null)) return null;
  const lines = symbol ?? { startLine: 1, endLine: Math.max(1, file.lines) };
  const block = { ...baseBlock(candidate, { path, language: file.language, ...lines }, context), artifactHash: hash, status: 'unchanged' as const, text };
  return { block, artifact: { hash, text }, read: null };
}

/**
 * An unchanged entity the conversation saw: rejected since, it says so; otherwise one line,
 * unless the query names it or the hydration was asked to send what it saw again.
 */
function asSeen(ports: MemoryPorts, candidate: Candidate, draft: Draft, context: DraftContext): Draft {
  const named = candidate.reason !== 'previously_hydrated';
  const listed = !named && !context.resendUnchanged;
  const rejected = isRejected(ports, candidate.entityKey, draft.block.artifactHash);
  if (!rejected && !listed) return draft;
  const block: HydrationBlock = { ...draft.block, status: rejected ? 'rejected' : 'unchanged' };
  return { ...draft, block: listed ? { ...block, body: 'none', text: '' } : block };
}

/** True when the entity's newest version holds this artifact and was TOMBSTONED by a rejection. */
function isRejected(ports: MemoryPorts, key: EntityKey, hash: string | null): boolean {
  const current = ports.store.currentVersion(key);
  if (current === null || current.state !== 'TOMBSTONED' || current.artifactHash !== hash) return false;
  return ports.store.authority(key).at(-1)?.decision === 'rejected';
}

function textDraft(candidate: Candidate, disk: DiskEntity, artifact: { hash: string; text: string }, status: 'new' | 'unchanged', context: DraftContext): Draft {
  const block = { ...baseBlock(candidate, disk, context), artifactHash: artifact.hash, status, text: artifact.text };
  return { block, artifact, read: disk };
}

function changedDraft(ports: MemoryPorts, candidate: Candidate, disk: DiskEntity, artifact: { hash: string; text: string }, seenText: string | undefined, context: DraftContext): Draft {
  const asText: HydrationBlock = { ...baseBlock(candidate, disk, context), artifactHash: artifact.hash, status: 'changed', text: artifact.text };
  if (seenText === undefined) return { block: asText, artifact, read: disk };
  const asDiff: HydrationBlock = { ...asText, body: 'diff', text: compactDiff(seenText, artifact.text) };
  const cost = (block: HydrationBlock): number => ports.counter.count(blockText(block, context.format));
  return { block: cost(asDiff) < cost(asText) ? asDiff : asText, artifact, read: disk };
}

function vanishedDraft(ports: MemoryPorts, candidate: Candidate, disk: DiskEntity, context: DraftContext): Draft {
  const deleted: HydrationBlock = { ...baseBlock(candidate, { ...disk, startLine: 0, endLine: 0 }, context), status: 'deleted', body: 'none' };
  const target = movedTo(ports.reader, candidate.entityKey, candidate.shown!.lastHash);
  const moved = target === null ? null : readEntities(ports, [target]).get(target)!;
  if (moved === null || !moved.exists) return { block: deleted, artifact: null, read: disk };
  const text = moved.text!;
  const artifact = { hash: hasherOf(ports)(text), text };
  const same = artifact.hash === candidate.shown!.lastHash;
  const block: HydrationBlock = {
    ...baseBlock(candidate, moved, context),
    status: 'moved',
    movedTo: target,
    artifactHash: artifact.hash,
    body: same ? 'none' : 'text',
    text: same ? '' : text,
  };
  return { block, artifact, read: moved };
}
