// `diagnose_failure`: a failing run's handoff judged (escalate or not, how urgently, which
// triggers fired) and, when escalated, the evidence — the run's own artifacts, the
// repository's source of truth, similar past failures — as one list in that order, so the
// token cap cuts from the least direct evidence first.

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
  const structured = diagnosisAnswer(answer);
  return fitAnswer(context.counter, { structured, text: diagnosisText(structured) }, context.maxTokens, {
    field: 'evidence',
    note: (left) => `${left} more evidence item${left === 1 ? '' : 's'} did not fit: read_symbol a path, or cairn diagnose --task-id ${answer.taskId} for the whole report`,
    text: diagnosisText,
  });
}

function diagnosisAnswer(answer: DiagnoseAnswer): Record<string, unknown> {
  const { decision, retrieval } = answer.json;
  const evidence = retrieval
    ? [
        ...retrieval.run_artifacts.map((item) => ({ kind: 'run', path: item.path, truncated: item.truncated, content: item.content })),
        ...retrieval.sot_files.map((item) => ({ kind: 'repo', path: item.path, truncated: item.truncated, content: item.content })),
        ...retrieval.memory_entries.map((item) => ({ kind: 'past_failure', id: item.id, truncated: item.truncated, content: item.content })),
      ]
    : [];
  return {
    task_id: answer.taskId,
    escalate: decision.escalate,
    priority: decision.priority,
    triggers_fired: decision.triggers_fired,
    reasons: decision.triggers.filter((trigger) => trigger.fired).map((trigger) => trigger.summary),
    warnings: decision.warnings,
    evidence,
    notes: [...answer.notes, ...(retrieval?.notes ?? [])],
  };
}

function diagnosisText(structured: Record<string, unknown>): string {
  const evidence = (structured['evidence'] ?? []) as { kind: string; path?: string; id?: string; truncated: boolean; content: string }[];
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
