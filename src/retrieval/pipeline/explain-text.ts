// The text form of an explanation: one block per run, decisions grouped by stage and tier
// (files) or class (symbols), kept ones with "+", dropped ones with "-", then the model
// calls and what the budget did.

import type { BudgetRecord, DecisionRecord, DiagnosisEscalation, DiagnosisRetrieval, MatchRecord } from './log-schemas.js';
import type { Explanation, RunExplanation, StageExplanation } from './explain.js';
import { printable } from '../../core/printable.js';

const CLASS_ORDER = ['primary', 'supporting', 'type_context', 'excluded'];

export function renderExplanation(explanation: Explanation): string {
  const count = explanation.runs.length;
  const lines = [`task ${printable(explanation.taskId)} — ${count} run${count === 1 ? '' : 's'}`];
  for (const run of explanation.runs) lines.push('', ...runLines(run));
  return `${lines.join('\n')}\n`;
}

function runLines(run: RunExplanation): string[] {
  if (run.diagnosis) return diagnosisLines(run, run.diagnosis);
  const started = run.started;
  const judge = started?.model ? `model ${started.model.provider}:${started.model.model} (on error: ${started.model.onError})` : 'deterministic judgement';
  const lines = [
    `run ${run.runId} (${started?.mode ?? '?'}, ${run.startedAt}) · stages ${started?.stages.join(', ') ?? '?'} · ${started?.format ?? '?'} · ${judge}`,
  ];
  if (started) lines.push(`  task: ${firstLine(started.task)}`);
  if (run.analysis) lines.push(`  analysis: ${analysisLine(run.analysis)}`);
  if (run.match) lines.push(...matchLines(run.match));
  for (const stage of run.stages) lines.push(...stageLines(stage));
  for (const note of run.notes) lines.push(`  ${note.stage ?? 'run'} · ${note.event}: ${printable(note.message)}`);
  lines.push(...llmLines(run));
  if (run.budget) lines.push(...budgetLines(run.budget));
  for (const failure of run.failures) lines.push(`  FAILED${failure.stage ? ` in ${failure.stage}` : ''}: ${failure.code} — ${printable(failure.message)}`);
  if (run.finished) lines.push(`  finished in ${run.finished.ms} ms: ${run.finished.items} items, ${run.finished.used}/${run.finished.available} tokens`);
  else if (run.failures.length === 0) lines.push('  not finished (still running, or cut off)');
  if (run.unreadable > 0) lines.push(`  ${run.unreadable} log entries in an unknown shape were skipped`);
  return lines;
}

function stageLines(stage: StageExplanation): string[] {
  const lines: string[] = [];
  for (const tier of stage.files) {
    const name = tier.tier === null ? 'no tier' : `tier ${tier.tier}${tier.tierName ? ` ${tier.tierName}` : ''}`;
    lines.push(`  ${stage.stage} · files · ${name}: ${tier.included.length} kept, ${tier.excluded.length} dropped`);
    for (const decision of [...tier.included, ...tier.excluded]) lines.push(decisionLine(decision));
  }
  const classes = [...stage.symbols].sort((a, b) => rank(a.label) - rank(b.label));
  for (const group of classes) {
    lines.push(`  ${stage.stage} · symbols · ${group.label}: ${group.decisions.length}`);
    for (const decision of group.decisions) lines.push(decisionLine(decision));
  }
  return lines;
}

function decisionLine(decision: DecisionRecord): string {
  const mark = decision.verdict === 'included' ? '+' : '-';
  const by = decision.judge === 'deterministic' || decision.judge === 'rule' ? '' : ` [${decision.judge}]`;
  return `    ${mark} ${printable(decision.id)}  ${decision.score.toFixed(2)}  ${printable(decision.reason)}${by}`;
}

function llmLines(run: RunExplanation): string[] {
  if (run.llmCalls.length === 0) return run.started?.model ? ['  model calls: none made'] : [];
  return [
    `  model calls: ${run.llmCalls.length}`,
    ...run.llmCalls.map((call) => {
      const tokens = call.promptTokens === null ? '' : ` · ${call.promptTokens}+${call.completionTokens ?? '?'} tokens`;
      const outcome = call.accepted ? 'accepted' : `rejected: ${call.error ?? 'not the last attempt'}`;
      return `    ${call.stage ?? 'run'} · ${call.purpose} · attempt ${call.attempt} · ${call.latencyMs} ms${tokens} · ${outcome}`;
    }),
  ];
}

function budgetLines(budget: BudgetRecord): string[] {
  const details = { full: 0, excerpt: 0, signature: 0, path: 0 } as Record<string, number>;
  for (const item of budget.included) details[item.detail] = (details[item.detail] ?? 0) + 1;
  const lines = [
    `  budget: ${budget.used} of ${budget.available} tokens used (window ${budget.contextWindow} − reserved ${budget.reservedTokens}; ${budget.format}, ${budget.tokenizer})`,
    `    ${budget.candidates} candidates → ${budget.included.length} items (${details['full']} full, ${details['excerpt']} excerpt, ${details['signature']} signature, ${details['path']} path); ${budget.demoted.length} demoted, ${budget.evicted.length} evicted, ${budget.deduplicated.length} duplicates`,
  ];
  for (const item of budget.demoted) lines.push(`    demoted ${printable(item.symbolKey ?? item.path)} (tier ${item.tier}) ${item.from} → ${item.to}: ${printable(item.reason)}`);
  for (const item of budget.evicted) lines.push(`    evicted ${printable(item.symbolKey ?? item.path)} (tier ${item.tier}, ${item.detail}): ${printable(item.reason)}`);
  for (const item of budget.deduplicated) lines.push(`    duplicate ${printable(item.symbolKey ?? item.path)} (tier ${item.tier}), shown by ${printable(item.coveredBy)}: ${printable(item.reason)}`);
  return lines;
}

/** The verdict, then the words weighed (found where, how specific) and the candidates read. */
function matchLines(match: MatchRecord): string[] {
  const anchor = match.anchor === null ? 'none' : `${printable(match.anchor.what)} (${match.anchor.weight})`;
  const words = match.words.slice(0, 12).map((word) => {
    const where = word.covered ? 'in top candidates' : word.df > 0 || word.fileDf > 0 ? `in ${word.df} definitions, ${word.fileDf} files` : 'not in the index';
    return `${printable(word.word)} [${where}; specificity ${word.specificity}${word.codeLike ? '; as code' : ''}${word.englishRank === null ? '' : `; English rank ${word.englishRank}`}]`;
  });
  return [
    `  match: ${match.strength} — ${printable(match.message)}`,
    `    presence ${match.presence} · coverage ${match.coverage} · anchor ${anchor}`,
    ...(words.length > 0 ? [`    words: ${words.join(', ')}`] : []),
    ...match.candidates.map((candidate) => `    candidate ${printable(candidate.key)}: ${candidate.coverage} — holds ${printable(candidate.holds.join(', ') || 'none')}; lacks ${printable(candidate.lacks.slice(0, 6).join(', ') || 'none')}`),
  ];
}

function analysisLine(analysis: Record<string, unknown>): string {
  const parts = [`type ${String(analysis['type'] ?? '?').replace('_', ' ')}`];
  const named = Array.isArray(analysis['mentionedFiles']) ? (analysis['mentionedFiles'] as { path?: string }[]).map((file) => file.path).filter(Boolean) : [];
  if (named.length > 0) parts.push(`mentions ${printable(named.slice(0, 8).join(', '))}${named.length > 8 ? ', …' : ''}`);
  const keywords = Array.isArray(analysis['keywords']) ? (analysis['keywords'] as string[]) : [];
  if (keywords.length > 0) parts.push(`keywords ${printable(keywords.slice(0, 10).join(' '))}`);
  const intent = analysis['intent'] as { summary?: string } | null | undefined;
  if (intent?.summary) parts.push(`intent (model): ${printable(intent.summary)}`);
  return parts.join(' · ');
}

function rank(label: string): number {
  const at = CLASS_ORDER.indexOf(label);
  return at < 0 ? CLASS_ORDER.length : at;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return printable(line.length > 160 ? `${line.slice(0, 160)}…` : line);
}

/** A `cairn diagnose` run: the decision and every trigger, then each category's items and totals. */
function diagnosisLines(run: RunExplanation, diagnosis: NonNullable<RunExplanation['diagnosis']>): string[] {
  const escalation: DiagnosisEscalation | null = diagnosis.escalation;
  const lines = [
    escalation
      ? `run ${run.runId} (diagnose, ${run.startedAt}) · phase ${printable(escalation.phaseId)}, attempt ${escalation.attempt} · ${escalation.escalate ? `escalated, priority ${escalation.priority}` : `not escalated (priority ${escalation.priority})`}`
      : `run ${run.runId} (diagnose, ${run.startedAt})`,
  ];
  if (escalation) {
    lines.push(`  run directory: ${printable(escalation.runDir)}`, `  error: ${firstLine(escalation.errorMessage) || '(none)'}`);
    for (const trigger of escalation.triggers) lines.push(`  trigger ${trigger.id}: ${trigger.fired ? 'FIRED' : 'quiet'} — ${printable(trigger.summary)}`);
    for (const log of escalation.attemptLogs) lines.push(`    attempt ${log.attempt} log ${printable(log.path)}: ${log.markers.length ? printable(log.markers.join(', ')) : 'no failure marker'}`);
    for (const warning of escalation.warnings) lines.push(`  warning: ${printable(warning)}`);
  }
  for (const stage of run.stages) lines.push(...stageLines(stage));
  if (diagnosis.retrieval) lines.push(...retrievalLines(diagnosis.retrieval));
  if (run.unreadable > 0) lines.push(`  ${run.unreadable} log entries in an unknown shape were skipped`);
  return lines;
}

function retrievalLines(retrieval: DiagnosisRetrieval): string[] {
  const lines = [`  deep retrieval at priority ${retrieval.priority} in ${retrieval.ms} ms:`];
  for (const [name, outcome] of Object.entries(retrieval.categories)) {
    const stop = outcome.stoppedBy === null ? '' : ` · stopped by the ${outcome.stoppedBy === 'count' ? 'count' : 'byte'} cap`;
    lines.push(`    ${name}: ${outcome.count} of at most ${outcome.capCount}, ${outcome.bytes} of ${outcome.capBytes} bytes, ${outcome.truncated} truncated, ${outcome.considered} considered${stop}`);
  }
  for (const note of retrieval.notes) lines.push(`    note: ${printable(note)}`);
  return lines;
}
