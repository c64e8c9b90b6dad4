// What a bundle points at: file paths, line numbers, module names, stack frames. Trigger 2
// asks whether there is any; the source-of-truth ranking resolves them against the
// repository. Stack frames and paths come from the search layer's task analysis (the same
// parser `cairn retrieve` uses), so a frame cairn can rank on is a frame diagnostics sees.

import { extractAnchors } from '../search/query/anchors.js';
import type { IssueText } from '../search/query/issue-text.js';
import { parseStackFrames, type StackFrame } from '../search/query/stack-frames.js';
import type { HandoffBundle } from './bundle.js';

export interface BundleEvidence {
  /** Paths written in the bundle (frames' paths included), as written. */
  paths: string[];
  /** Line numbers written ("line 42", "file.py:42", frames). */
  lines: number[];
  /** Dotted module names ("sympy.core.basic") and named modules ("No module named 'x'"). */
  modules: string[];
  /** Frames of the stack trace (and the error message), innermost first. */
  frames: StackFrame[];
}

/** "line 42", or a number after a file name's extension ("cart.py:42", "Cart.java:42)"); not a clock's "10:30". */
const LINE_NUMBER = /\bline\s+(\d+)\b|\.[A-Za-z]\w{0,4}:(\d+)\b/gi;
const NAMED_MODULE = /\bmodule(?:\s+named)?\s+['"`]?([A-Za-z_][\w.]*)/gi;
/** Two or more segments of at least two characters each: "os.path", "dask.array.core". */
const DOTTED_MODULE = /(?<![\w.])([A-Za-z_][A-Za-z0-9_]+(?:\.[A-Za-z_][A-Za-z0-9_]+)+)/g;
const FILE_EXTENSION = /\.(?:py|pyi|js|jsx|mjs|cjs|ts|tsx|go|rs|java|kt|rb|php|cs|c|h|cc|cpp|md|rst|json|ya?ml|toml|txt|log|cfg|ini)$/i;

export function bundleEvidence(bundle: HandoffBundle): BundleEvidence {
  const changes = bundle.recentChanges.map((change) => change.text).join('\n');
  const text = [bundle.errorMessage, bundle.stackTrace, changes, bundle.rootCause].join('\n');
  const frames = [...parseStackFrames(bundle.stackTrace), ...parseStackFrames(bundle.errorMessage)];
  const issue: IssueText = { title: '', prose: [bundle.errorMessage, changes, bundle.rootCause].join('\n'), codeBlocks: [bundle.stackTrace], inlineCode: [], urls: [] };
  const anchors = extractAnchors(issue);
  const paths = unique([
    ...frames.flatMap((frame) => (frame.path === null ? [] : [frame.path])),
    ...anchors.paths.map((anchor) => anchor.path),
    ...bundle.recentChanges.flatMap((change) => (change.path === null ? [] : [change.path])),
  ]);
  const lines = unique([...frames.flatMap((frame) => (frame.line === null ? [] : [frame.line])), ...lineNumbers(text)]);
  return { paths, lines, modules: moduleNames(text), frames };
}

/** True when the bundle gives a file path, a line number or a module name to start from. */
export function hasActionablePointer(evidence: BundleEvidence): boolean {
  return evidence.paths.length > 0 || evidence.lines.length > 0 || evidence.modules.length > 0;
}

function lineNumbers(text: string): number[] {
  const out: number[] = [];
  for (const match of text.matchAll(LINE_NUMBER)) {
    const value = Number(match[1] ?? match[2]);
    if (Number.isSafeInteger(value) && value > 0) out.push(value);
  }
  return out;
}

function moduleNames(text: string): string[] {
  const named = [...text.matchAll(NAMED_MODULE)].map((match) => match[1]!.replace(/\.+$/, ''));
  // A dotted word that is a file name ("cart.py") is a path, and one followed by "(" a call,
  // not a module. (Checked after the match rather than by a lookahead, which would make the
  // expression backtrack through long dotted runs.)
  const dotted = [...text.matchAll(DOTTED_MODULE)]
    .filter((match) => text[match.index + match[0].length] !== '(')
    .map((match) => match[1]!)
    .filter((name) => !FILE_EXTENSION.test(name));
  return unique([...named, ...dotted]);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
