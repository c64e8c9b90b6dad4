// The three gates a PROPOSED version passes to become AUTHORITATIVE, each a real check
// with its reason:
//   A structural — the entity is resolved through the AST index (tree-sitter), not only by
//     the regex extractor or as a plain text file;
//   B authority  — an explicit `cairn approve` of this artifact, or implicit authority
//     (memory.implicitAuthority) when the entity was not rejected;
//   C fresh      — ETV: the disk text is this artifact, byte for byte.

import { parseEntityKey } from '../../core/entities.js';
import type { EtvStatus, GateResult } from '../../core/memory.js';
import type { CuratedReader } from '../../store/curated.js';
import type { AuthorityRecord, EntityVersion } from '../../store/memory.js';
import { shortHash } from '../vault.js';

export function structuralGate(reader: CuratedReader, entityKey: string): GateResult {
  const { path, qualifiedName } = parseEntityKey(entityKey);
  const file = reader.file(path);
  if (file === null) return { passed: false, reason: `${path} is not in the index` };
  const note = file.parseNote ? ` (${file.parseNote})` : '';
  if (qualifiedName === null) {
    if (file.method === 'ast') return { passed: true, reason: `file parsed by tree-sitter (${file.language})` };
    const how = file.method === 'regex' ? 'extracted only by the regex extractor' : 'a text file, not parsed';
    return { passed: false, reason: `${how}${note}` };
  }
  const symbol = reader.symbol(entityKey);
  if (symbol === null) return { passed: false, reason: `no definition ${qualifiedName} in the index of ${path}` };
  if (symbol.method === 'ast') return { passed: true, reason: `definition resolved by tree-sitter (${file.language})` };
  return { passed: false, reason: `definition found only by the regex extractor${note}` };
}

function when(at: number): string {
  return new Date(at).toISOString();
}

export function authorityGate(version: EntityVersion, decisions: readonly AuthorityRecord[], implicit: boolean): GateResult {
  const latest = decisions[decisions.length - 1];
  if (latest?.decision === 'rejected') {
    return { passed: false, reason: `rejected at ${when(latest.at)} (\`cairn approve ${version.entityKey}\` to approve it)` };
  }
  if (latest?.decision === 'approved' && latest.artifactHash === version.artifactHash) {
    return { passed: true, reason: `approved at ${when(latest.at)}` };
  }
  if (implicit) return { passed: true, reason: 'implicit authority (memory.implicitAuthority), never rejected' };
  if (latest?.decision === 'approved') {
    return { passed: false, reason: `approved for artifact ${shortHash(latest.artifactHash)}, not this one (${shortHash(version.artifactHash)})` };
  }
  return { passed: false, reason: `awaiting approval (\`cairn approve ${version.entityKey}\`)` };
}

export function freshnessGate(status: EtvStatus): GateResult {
  const checked = `checked ${when(status.lastCheck)}${status.cacheHit ? ', cached' : ''}`;
  if (!status.diskExists) return { passed: false, reason: `gone from disk (${checked})` };
  if (status.isStale) {
    const collided = status.diskHash === status.artifactHash;
    return { passed: false, reason: collided ? `same hash, different bytes on disk (${checked})` : `changed on disk: now ${shortHash(status.diskHash)} (${checked})` };
  }
  return { passed: true, reason: `disk text is this artifact, bytes compared (${checked})` };
}
