// The failure memory as the agent faces read it (HTTP `GET /repos/{repo}/failures`): past
// failures with their resolutions, most recent first, as `cairn failures list --json`, with
// credential-shaped values in their texts redacted as diagnose's evidence is. Read-only:
// nothing is created when nothing was recorded.

import { openFailureReader } from '../../app-diagnostics.js';
import type { IndexView } from '../../app-workspace.js';
import { redactSecrets } from '../../core/redact.js';
import type { FailureRecord } from '../../store/failures.js';

export function rememberedFailures(view: IndexView, limit: number): { total: number; failures: FailureRecord[] } {
  const reader = openFailureReader(view.context);
  try {
    return { total: reader.count(), failures: reader.list(limit).map(redacted) };
  } finally {
    reader.close();
  }
}

function redacted(record: FailureRecord): FailureRecord {
  const clean = (text: string): string => redactSecrets(text).text;
  return { ...record, errorMessage: clean(record.errorMessage), errorPattern: clean(record.errorPattern), rootCause: clean(record.rootCause), resolution: clean(record.resolution) };
}
