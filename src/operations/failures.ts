// The failure memory as every face reads it (`cairn failures list`, HTTP `GET
// /repos/{repo}/failures`, the web page): past failures with their resolutions, most recent
// first, with
// credential-shaped values in their texts redacted as diagnose's evidence is. Read-only:
// nothing is created when nothing was recorded.

import type { RepoHandle } from './handle.js';
import { redactSecrets } from '../core/redact.js';
import type { FailureRecord } from '../store/failures.js';

export function rememberedFailures(repo: RepoHandle, limit?: number): { total: number; failures: FailureRecord[] } {
  const reader = repo.failureReader();
  return { total: reader.count(), failures: reader.list(limit).map(redacted) };
}

function redacted(record: FailureRecord): FailureRecord {
  const clean = (text: string): string => redactSecrets(text).text;
  return { ...record, errorMessage: clean(record.errorMessage), errorPattern: clean(record.errorPattern), rootCause: clean(record.rootCause), resolution: clean(record.resolution) };
}
