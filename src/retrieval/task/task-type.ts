// What kind of change a task asks for: a small deterministic classifier over the task
// text's words, weighted by where they occur (the title says most). Its evidence is kept,
// so a surprising class can be explained.

import type { IssueText } from '../../search/query/issue-text.js';

export const TASK_TYPES = ['bug_fix', 'feature', 'refactor', 'test', 'docs', 'question'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export interface TaskTypeResult {
  type: TaskType;
  /** Per type, the cues found ("title: crash", "stack trace"), strongest type first. */
  evidence: string[];
  scores: Record<TaskType, number>;
}

/** Cues per type: whole words or short phrases, matched case-insensitively. */
const CUES: Record<TaskType, readonly string[]> = {
  bug_fix: [
    'bug', 'fix', 'fixes', 'error', 'errors', 'exception', 'crash', 'crashes', 'fails', 'failing', 'failure',
    'broken', 'regression', 'incorrect', 'wrong', 'unexpected', 'traceback', "doesn't work", 'does not work',
    'not working', 'raises', 'leak', 'hang', 'hangs',
  ],
  feature: [
    'add', 'adds', 'support', 'implement', 'new', 'feature', 'allow', 'enable', 'introduce', 'would be nice',
    'option to', 'ability to', 'request', 'proposal', 'extend',
  ],
  refactor: [
    'refactor', 'refactoring', 'clean up', 'cleanup', 'rename', 'simplify', 'restructure', 'extract',
    'deduplicate', 'reorganize', 'reorganise', 'split', 'move', 'tidy', 'decouple',
  ],
  test: ['test', 'tests', 'add tests', 'add a test', 'write tests', 'tests for', 'test for', 'unit test', 'coverage', 'pytest', 'flaky', 'test case', 'test suite', 'fixture', 'assertion'],
  docs: ['docs', 'documentation', 'readme', 'docstring', 'typo', 'tutorial', 'guide', 'changelog', 'document'],
  question: ['how do i', 'how to', 'how can i', 'why does', 'why is', 'is it possible', 'what is', 'question', 'where is'],
};

const TITLE_WEIGHT = 2;
const BODY_WEIGHT = 1;
/** A stack trace or a named exception type is strong evidence of a bug report. */
const TRACE_WEIGHT = 3;
/** When nothing matches, a task is most often a change request. */
const DEFAULT_TYPE: TaskType = 'feature';

interface Cue {
  cue: string;
  pattern: RegExp;
}

const PATTERNS: Record<TaskType, Cue[]> = Object.fromEntries(
  TASK_TYPES.map((type) => [type, CUES[type].map((cue) => ({ cue, pattern: new RegExp(`(?<![\\w'])${escape(cue)}(?![\\w'])`, 'gi') }))]),
) as Record<TaskType, Cue[]>;

export function classifyTaskType(issue: IssueText, signals: { frames: number; errorTypes: number }): TaskTypeResult {
  const scores = Object.fromEntries(TASK_TYPES.map((type) => [type, 0])) as Record<TaskType, number>;
  const evidence = Object.fromEntries(TASK_TYPES.map((type) => [type, [] as string[]])) as Record<TaskType, string[]>;
  const body = [issue.prose, ...issue.inlineCode].join('\n');
  for (const type of TASK_TYPES) {
    for (const [where, text, weight] of [['title', issue.title, TITLE_WEIGHT], ['body', body, BODY_WEIGHT]] as const) {
      for (const { cue, pattern } of PATTERNS[type]) {
        const hits = text.match(pattern)?.length ?? 0;
        if (hits === 0) continue;
        // Repeats add little: one mention says almost as much as five.
        scores[type] += weight * (1 + Math.log2(hits));
        evidence[type].push(`${where}: ${cue}`);
      }
    }
  }
  if (signals.frames > 0 || signals.errorTypes > 0) {
    scores.bug_fix += TRACE_WEIGHT;
    evidence.bug_fix.unshift(signals.frames > 0 ? 'stack trace' : 'exception type named');
  }
  if (/\?\s*$/.test(issue.title)) {
    scores.question += TITLE_WEIGHT;
    evidence.question.push('title is a question');
  }
  // A pasted stack trace is a bug report whatever words surround it ("add", "new", "support"
  // are as common in the sentences around a trace as in a feature request).
  const type = signals.frames > 0 ? 'bug_fix' : strongest(scores);
  const ordered = [...TASK_TYPES].sort((a, b) => Number(b === type) - Number(a === type) || scores[b] - scores[a] || TASK_TYPES.indexOf(a) - TASK_TYPES.indexOf(b));
  return { type, evidence: ordered.flatMap((t) => evidence[t].map((cue) => `${t} ← ${cue}`)), scores };
}

/** The highest score; ties go to the earlier type in TASK_TYPES (a bug report beats a feature). */
function strongest(scores: Record<TaskType, number>): TaskType {
  let best: TaskType = DEFAULT_TYPE;
  let bestScore = 0;
  for (const type of TASK_TYPES) {
    if (scores[type] > bestScore) {
      best = type;
      bestScore = scores[type];
    }
  }
  return best;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
