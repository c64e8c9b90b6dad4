// An item's code: highlighted, each line with the file's own line number, an excerpt's
// gaps shown as gaps (with the lines left out). Every piece of code is a text node: nothing
// from the repository is ever parsed as HTML.

import { grammarOf, highlightLines, type Span } from '../highlight.js';
import { numberedLines, type NumberedLine } from '../lines.js';

type Row = { kind: 'code'; number: number | null; spans: Span[] } | { kind: 'gap'; first: number; last: number };

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

export function CodeBlock({ path, text, firstLine, detail, label }: { path: string; text: string; firstLine: number; detail: string; label: string }) {
  const rows = highlighted(numberedLines(text, firstLine, detail), grammarOf(path));
  if (rows.length === 0) return <p class="muted">Shown by path only.</p>;
  return (
    <div class="code" role="region" aria-label={label} tabindex={0}>
      <table>
        <tbody>
          {rows.map((row) =>
            row.kind === 'gap' ? (
              <tr class="gap">
                <td class="ln" aria-hidden="true">
                  ⋯
                </td>
                <td>{row.first === row.last ? `line ${row.first} not shown` : `lines ${row.first}–${row.last} not shown`}</td>
              </tr>
            ) : (
              <tr>
                <td class="ln">{row.number === null ? '' : String(row.number)}</td>
                <td>
                  <code>{row.spans.map((span) => (span.types.length === 0 ? span.text : <span class={span.types.map((type) => `tk-${type}`).join(' ')}>{span.text}</span>))}</code>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
