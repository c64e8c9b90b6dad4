// An item's code: highlighted, each line with the file's own line number, an excerpt's
// gaps shown as gaps (with the lines left out). Every piece of code is a text node: nothing
// from the repository is ever parsed as HTML.
//
// Two columns of preformatted text side by side — the numbers as one text, the code as
// spans — rather than a table row per line: a 16k-token package is ~1,400 lines, and a row
// per line made four elements of each and most of the page's layout time. The highlighted
// lines are kept per text, so drawing the same package again does not tokenize it again.

import { grammarOf, highlightLines, type Span } from '../highlight.js';
import { numberedLines, type NumberedLine } from '../lines.js';

type Row = { kind: 'code'; number: number | null; spans: Span[] } | { kind: 'gap'; first: number; last: number };

const KEPT = 400;
const kept = new Map<string, Row[]>();

/** Highlights each run of code between gaps as one text, so multi-line tokens stay whole. */
function highlighted(lines: NumberedLine[], grammar: string | null): Row[] {
  const rows: Row[] = [];
  let run: Extract<NumberedLine, { kind: 'code' }>[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const spans = highlightLines(run.map((line) => line.text).join('\n'), grammar);
    run.forEach((line, index) => rows.push({ kind: 'code', number: line.number, spans: spans[index] ?? [] }));
    run = [];
  };
  for (const line of lines) {
    if (line.kind === 'gap') {
      flush();
      rows.push(line);
    } else run.push(line);
  }
  flush();
  return rows;
}

function rowsOf(path: string, text: string, firstLine: number, detail: string): Row[] {
  const grammar = grammarOf(path);
  const key = `${grammar ?? ''}\u0000${firstLine}\u0000${detail}\u0000${text}`;
  let rows = kept.get(key);
  if (rows === undefined) {
    rows = highlighted(numberedLines(text, firstLine, detail), grammar);
    if (kept.size >= KEPT) kept.clear();
    kept.set(key, rows);
  }
  return rows;
}

function gapText(row: Extract<Row, { kind: 'gap' }>): string {
  return row.first === row.last ? `line ${row.first} not shown` : `lines ${row.first}–${row.last} not shown`;
}

/** The number column's text: one line per code line, "⋯" beside a gap, blank when unnumbered. */
function numbersOf(rows: Row[]): string {
  return rows.map((row) => (row.kind === 'gap' ? '⋯' : row.number === null ? '' : String(row.number))).join('\n');
}

function codeOf(rows: Row[]) {
  const out: unknown[] = [];
  rows.forEach((row, index) => {
    if (index > 0) out.push('\n');
    if (row.kind === 'gap') out.push(<span class="gap">{gapText(row)}</span>);
    else for (const span of row.spans) out.push(span.types.length === 0 ? span.text : <span class={span.types.map((type) => `tk-${type}`).join(' ')}>{span.text}</span>);
  });
  return out;
}

export function CodeBlock({ path, text, firstLine, detail, label }: { path: string; text: string; firstLine: number; detail: string; label: string }) {
  const rows = rowsOf(path, text, firstLine, detail);
  if (rows.length === 0) return <p class="muted">Shown by path only.</p>;
  const numbered = rows.some((row) => row.kind === 'gap' || row.number !== null);
  return (
    <div class={numbered ? 'code' : 'code unnumbered'} role="region" aria-label={label} tabindex={0}>
      {numbered ? (
        <pre class="ln" aria-hidden="true">
          {numbersOf(rows)}
        </pre>
      ) : null}
      <pre class="src">
        <code>{codeOf(rows)}</code>
      </pre>
    </div>
  );
}
