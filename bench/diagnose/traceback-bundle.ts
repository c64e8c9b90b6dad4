// A handoff bundle from a text holding a traceback (an issue, a commit message): the
// stack trace is the traceback — Python's "Traceback (most recent call last):" blocks, or
// a run of `File "...", line N` frames, or V8's `at ...` lines — and the error message is
// the exception line that ends it. Null when the text holds no traceback.

export interface TracebackBundle {
  error_message: string;
  stack_trace: string;
}

const PY_HEADER = /Traceback \(most recent call last\)/;
const PY_FRAME = /^\s*File "[^"]+", line \d+/;
const EXCEPTION = /^\s*(?:[A-Za-z_][\w.]*(?:Error|Exception|Warning|Exit|Interrupt|Fault|Failure)|[A-Za-z_][\w.]*\.[A-Z]\w*)\b(?::.*)?$/;
const JS_FRAME = /^\s*at .+[:(].*\.(?:[cm]?[jt]sx?|vue):\d+/;
const JS_ERROR = /^\s*(?:Uncaught )?[A-Za-z_$][\w$.]*(?:Error|Exception)\b:?.*$/;

export function tracebackBundle(text: string): TracebackBundle | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return python(lines) ?? ipython(lines) ?? javascript(lines);
}

/**
 * IPython's format ("ValueError   Traceback (most recent call last)", then "File path:line,
 * in func" and numbered source lines), often quoted with "> ": from the header to the
 * exception line, quote marks removed.
 */
function ipython(lines: string[]): TracebackBundle | null {
  const unquoted = lines.map((line) => line.replace(/^\s*>\s?/, ''));
  const start = unquoted.findIndex((line) => PY_HEADER.test(line));
  if (start < 0) return null;
  const end = unquoted.findIndex((line, index) => index > start && /^[A-Za-z_][\w.]*(?:Error|Exception)\b.*:/.test(line));
  if (end < 0 || end - start > 400) return null;
  return { error_message: unquoted[end]!.trim(), stack_trace: unquoted.slice(start, end + 1).join('\n') };
}

function python(lines: string[]): TracebackBundle | null {
  const starts = lines.flatMap((line, index) => (PY_HEADER.test(line) ? [index] : []));
  if (starts.length === 0) {
    const first = lines.findIndex((line) => PY_FRAME.test(line));
    if (first >= 0) starts.push(first);
  }
  const blocks: string[][] = [];
  let exception = '';
  for (const start of starts) {
    const block = [lines[start]!];
    for (let j = start + 1; j < lines.length; j++) {
      const line = lines[j]!;
      // Frames, and the source lines printed under them (indented further).
      if (PY_FRAME.test(line) || (/^\s{4,}\S/.test(line) && !EXCEPTION.test(line.trim()))) {
        block.push(line);
        continue;
      }
      if (EXCEPTION.test(line.trim())) {
        block.push(line);
        exception = line.trim();
      }
      break;
    }
    if (block.some((line) => PY_FRAME.test(line))) blocks.push(block);
  }
  if (blocks.length === 0) return null;
  // A headerless run of frames (a log's "ERROR: …" then frames): the ERROR line before it is the message.
  if (exception === '') exception = lines.find((line) => /^\s*ERROR:/.test(line))?.trim() ?? '';
  return { error_message: exception, stack_trace: blocks.map((block) => dedent(block).join('\n')).join('\n\n') };
}

function javascript(lines: string[]): TracebackBundle | null {
  const start = lines.findIndex((line, index) => JS_FRAME.test(line) && index > 0 && JS_ERROR.test(lines[index - 1]!));
  if (start < 0) return null;
  const frames: string[] = [];
  for (let j = start; j < lines.length && JS_FRAME.test(lines[j]!); j++) frames.push(lines[j]!);
  const error = lines[start - 1]!.trim();
  return { error_message: error, stack_trace: [error, ...frames].join('\n') };
}

function dedent(block: string[]): string[] {
  const indent = Math.min(...block.filter((line) => line.trim() !== '').map((line) => /^\s*/.exec(line)![0].length));
  return block.map((line) => line.slice(indent));
}
