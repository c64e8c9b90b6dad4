// `diagnose_failure`: a failing run's handoff judged (escalate or not, how urgently, which
// triggers fired) and, when escalated, the evidence — the run's own artifacts, the
// repository's source of truth, similar past failures — as one list in that order, so the
// token cap cuts from the least direct evidence first. The evidence's content is carried
// once, in the text block (as get_context's code is); the structured part names each piece.

import { z } from 'zod';
import { diagnoseRun, type DiagnoseAnswer } from '../api/diagnose.js';
import { fitAnswer, type Answer } from './cap.js';
import type { Tool, ToolContext } from './tools.js';

const diagnoseInput = z
  .object({
    bundle: z.record(z.string(), z.unknown()).describe('The handoff: error_message, stack_trace, recent_changes, root_cause'),
    run_dir: z.string().min(1).describe("The failing run's folder, repository-relative"),
    phase: z.string().min(1).describe('The phase that failed'),
    attempt: z.number().int().min(1).default(1).describe('Which attempt of the phase failed'),
    always: z.boolean().default(false).describe('Gather evidence even if not escalated'),
  })
  .strict();

type Args = z.infer<typeof diagnoseInput>;

async function runDiagnose(args: Args, context: ToolContext): Promise<Answer> {
  const answer = await context.withIndex((view) => diagnoseRun(view, { bundle: args.bundle, runDir: args.run_dir, phase: args.phase, attempt: args.attempt, always: args.always }));
  const evidence = evidenceOf(answer);
  const structured = diagnosisAnswer(answer, evidence);
  // The text shows the content of the evidence the (possibly cut) structured part names.
  const text = (value: Record<string, unknown>): string => diagnosisText(value, evidence.slice(0, ((value['evidence'] ?? []) as unknown[]).length));
  return fitAnswer(context.counter, { structured, text: text(structured) }, context.maxTokens, {
    field: 'evidence',
    note: (left) => `${left} more evidence item${left === 1 ? '' : 's'} did not fit: read_symbol a path, or cairn diagnose --task-id ${answer.taskId} for the whole report`,
    text,
  });
}

interface Evidence {
  kind: 'run' | 'repo' | 'past_failure';
  path?: string;
  id?: string;
  truncated: boolean;
  content: string;
}

function evidenceOf(answer: DiagnoseAnswer): Evidence[] {
  const { retrieval } = answer.json;
  if (!retrieval) return [];
  return [
    ...retrieval.run_artifacts.map((item): Evidence => ({ kind: 'run', path: item.path, truncated: item.truncated, content: item.content })),
    ...retrieval.sot_files.map((item): Evidence => ({ kind: 'repo', path: item.path, truncated: item.truncated, content: item.content })),
    ...retrieval.memory_entries.map((item): Evidence => ({ kind: 'past_failure', id: item.id, truncated: item.truncated, content: item.content })),
  ];
}

function diagnosisAnswer(answer: DiagnoseAnswer, evidence: Evidence[]): Record<string, unknown> {
  const { decision, retrieval } = answer.json;
  return {
    task_id: answer.taskId,
    escalate: decision.escalate,
    priority: decision.priority,
    triggers_fired: decision.triggers_fired,
    reasons: decision.triggers.filter((trigger) => trigger.fired).map((trigger) => trigger.summary),
    warnings: decision.warnings,
    ...(evidence.length > 0 ? { content_shown_in: 'the text content (markdown), each piece of evidence in this order' } : {}),
    evidence: evidence.map(({ content: _content, ...named }) => named),
    notes: [...answer.notes, ...(retrieval?.notes ?? [])],
  };
}

function diagnosisText(structured: Record<string, unknown>, evidence: Evidence[]): string {
  const head = structured['escalate'] ? `escalated, priority ${String(structured['priority'])}: ${(structured['reasons'] as string[]).join('; ')}` : 'not escalated';
  const parts = [`# diagnosis ${String(structured['task_id'] ?? '')}: ${head}`];
  for (const item of evidence) parts.push(`## ${item.kind}: ${item.path ?? item.id}${item.truncated ? ' (truncated)' : ''}\n\`\`\`\n${item.content}\n\`\`\``);
  for (const line of [...((structured['warnings'] as string[] | undefined) ?? []), ...((structured['notes'] as string[] | undefined) ?? [])]) parts.push(`- ${line}`);
  if (structured['omitted']) parts.push(`(${String(structured['omitted'])})`);
  return parts.join('\n\n');
}

export const DIAGNOSE_FAILURE: Tool = {
  name: 'diagnose_failure',
  description:
    "After a failed run: judges whether its error report is too thin to fix, and if so returns evidence: the run's logs, the repository files and similar past failures. Read-only.",
  input: diagnoseInput,
  output: z.object({ escalate: z.boolean(), evidence: z.array(z.object({ kind: z.string() }).loose()) }).loose(),
  // Reads the run and the repository; appends only to cairn's own raw log.
  readOnly: true,
  run: runDiagnose as Tool['run'],
};
