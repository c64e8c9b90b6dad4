// The markdown a diagnosis is printed as (`cairn diagnose`, the default): the decision with
// every trigger and why, then each category's items as fenced blocks, sizes and cuts said.
// Names from the run directory and the repository are escaped (a file name may hold control
// characters), and so are the control characters of contents other than line breaks and
// tabs: a failing run's log is untrusted text, often coloured with terminal escapes that
// would otherwise act on the terminal this is printed to. The JSON keeps contents as read
// (JSON escapes them).

import { printable } from '../core/printable.js';
import { fencedBlock } from '../render/fence.js';
import type { DecisionJson, ReportJson } from './report-json.js';

export function diagnosisMarkdown(decision: DecisionJson, report: ReportJson | null): string {
  const verdict = decision.escalate ? `escalate, priority ${decision.priority}` : `no escalation (priority ${decision.priority})`;
  const lines = [`# Diagnosis: phase ${printable(decision.phase_id)}, attempt ${decision.attempt} — ${verdict}`, '', '## Triggers', ''];
  for (const trigger of decision.triggers) lines.push(`- [${trigger.fired ? 'x' : ' '}] **${trigger.id}**: ${printable(trigger.summary)}`);
  for (const warning of decision.warnings) lines.push('', `> warning: ${printable(warning)}`);
  if (report === null) return `${lines.join('\n')}\n`;
  const { stats, caps } = report;
  lines.push('', `## Run artifacts (${stats.run_artifacts_count} of at most ${caps.run_artifacts.files} files, ${stats.run_artifacts_size} of ${caps.run_artifacts.bytes} bytes)`, '');
  for (const file of report.run_artifacts) lines.push(`### ${printable(file.path)}`, '', `modified ${file.modified} · ${file.size} bytes${file.truncated ? ' · truncated' : ''}`, '', fencedBlock(printableContent(file.content), 'text'));
  lines.push(`## Source of truth (${stats.sot_files_count} of at most ${caps.sot_files.files} files, ${stats.sot_files_size} of ${caps.sot_files.bytes} bytes)`, '');
  for (const file of report.sot_files) {
    lines.push(`### ${printable(file.path)}`, '', `relevance ${file.relevance_score.toFixed(3)} (${printable(file.reasons.join(', '))}) · ${file.size} bytes${file.truncated ? ' · truncated' : ''}`, '', fencedBlock(printableContent(file.content), languageOf(file.path)));
  }
  lines.push(`## Similar past failures (${stats.memory_entries_count} of at most ${caps.memory_entries.entries}, ${stats.memory_entries_size} of ${caps.memory_entries.bytes} bytes)`, '');
  for (const entry of report.memory_entries) lines.push(`### ${entry.id}`, '', `similarity ${entry.similarity.toFixed(3)} · recorded ${entry.recorded_at}${entry.truncated ? ' · truncated' : ''}`, '', fencedBlock(printableContent(entry.content), 'text'));
  for (const note of report.notes) lines.push(`> note: ${printable(note)}`, '');
  for (const entry of report.skipped) lines.push(`> not read: ${printable(entry.path)} (${entry.in === 'run_dir' ? 'run directory' : 'repository'}): ${printable(entry.reason)}`, '');
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/** Control characters escaped as printable() does, except line breaks and tabs. */
function printableContent(text: string): string {
  return text.replace(/[^\n\t]+/g, (run) => printable(run));
}

const LANGUAGES: Record<string, string> = { py: 'python', ts: 'typescript', tsx: 'tsx', js: 'javascript', mjs: 'javascript', go: 'go', rs: 'rust', java: 'java', md: 'markdown', rst: 'rst', json: 'json', yml: 'yaml', yaml: 'yaml', toml: 'toml' };

function languageOf(path: string): string {
  return LANGUAGES[/\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ''] ?? 'text';
}
