// The markdown of a diagnosis: control characters of names and contents escaped (a log's
// terminal escapes must not act on the terminal), line breaks and tabs kept.

import { describe, expect, it } from 'vitest';
import { diagnosisMarkdown } from './report-markdown.js';
import type { DecisionJson, ReportJson } from './report-json.js';

const decision: DecisionJson = { phase_id: 'build', attempt: 2, escalate: true, priority: 'high', triggers_fired: [], triggers: [], warnings: [] };
const report: ReportJson = {
  phase_id: 'build',
  timestamp: '2026-03-01T12:00:00.000Z',
  priority: 'high',
  run_artifacts: [{ path: 'ci\u001b]0;x\u0007.log', content: '\u001b[31mERROR:\u001b[0m boom\n\tat step 3\n', size: 28, modified: '2026-03-01T11:00:00.000Z', truncated: false }],
  sot_files: [],
  memory_entries: [],
  stats: { run_artifacts_count: 1, run_artifacts_size: 28, sot_files_count: 0, sot_files_size: 0, memory_entries_count: 0, memory_entries_size: 0 },
  caps: { run_artifacts: { files: 8, bytes: 20480 }, sot_files: { files: 5, bytes: 30720 }, memory_entries: { entries: 8, bytes: 10240 } },
  notes: [],
  skipped: [],
};

describe('diagnosisMarkdown', () => {
  it('escapes control characters of names and contents, keeping line breaks and tabs', () => {
    const md = diagnosisMarkdown(decision, report);
    expect(md).not.toContain('\u001b');
    expect(md).not.toContain('\u0007');
    expect(md).toContain('### ci\\x1b]0;x\\x07.log');
    expect(md).toContain('\\x1b[31mERROR:\\x1b[0m boom\n\tat step 3\n');
  });
});
