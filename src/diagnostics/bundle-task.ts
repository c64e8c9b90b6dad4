// A handoff bundle as a task text for cairn's task analysis (`cairn retrieve --bundle`,
// and the source-of-truth ranking): the error's first line is the title, the root cause
// and the recent changes are prose (their paths become path anchors), and the stack trace
// and the full error message are code blocks, where the frame parser finds the frames.

import { fenceFor } from '../render/fence.js';
import type { HandoffBundle } from './bundle.js';

/** The title line of a bundle: the error message's last non-empty line (the exception line of a traceback), else its first. */
export function errorLine(message: string): string {
  const lines = message.split('\n').map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return '';
  const exception = [...lines].reverse().find((line) => /^[\w.]*(?:Error|Exception|Warning|Exit|Interrupt|Fault|Panic)\b.*:/.test(line));
  return exception ?? lines[0]!;
}

/** '' when the bundle gives nothing to retrieve for. */
export function bundleTaskText(bundle: HandoffBundle, phaseId: string | null = bundle.phaseId): string {
  const title = errorLine(bundle.errorMessage) || errorLine(bundle.rootCause);
  const parts: string[] = [];
  if (bundle.rootCause.trim() !== '') parts.push(`Root cause: ${bundle.rootCause.trim()}`);
  if (bundle.recentChanges.length > 0) parts.push(['Recent changes:', ...bundle.recentChanges.map((change) => `- ${change.text.trim()}`)].join('\n'));
  if (bundle.errorMessage.includes('\n')) parts.push(fenced(bundle.errorMessage));
  if (bundle.stackTrace.trim() !== '') parts.push(fenced(bundle.stackTrace));
  if (title === '' && parts.length === 0) return '';
  const heading = title || `Failure${phaseId ? ` in phase ${phaseId}` : ''}`;
  return [heading, ...parts].join('\n\n');
}

/** A code block whose fence no line of the text can close. */
function fenced(text: string): string {
  const fence = fenceFor(text);
  return `${fence}\n${text.replace(/\s+$/, '')}\n${fence}`;
}
