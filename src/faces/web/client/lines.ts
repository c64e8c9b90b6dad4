// An item's text as numbered lines: the file's own line numbers, starting at the item's
// first line; an excerpt's gap marks ("⋯ lines 12-40 not shown ⋯", core's elisionMark)
// become gaps that carry the numbers left out, and the count resumes after them. A
// signature or an outline is not a run of the file's lines: it is shown unnumbered.

export type NumberedLine = { kind: 'code'; number: number | null; text: string } | { kind: 'gap'; first: number; last: number };

const GAP = /^\s*⋯ lines? (\d+)(?:-(\d+))? not shown ⋯\s*$/;

export function numberedLines(text: string, firstLine: number, detail: string): NumberedLine[] {
  if (text === '') return [];
  const numbered = detail === 'full' || detail === 'excerpt';
  const out: NumberedLine[] = [];
  let next = firstLine;
  // A text that ends with a newline ends its last line there: no empty line after it.
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) {
    const gap = detail === 'excerpt' ? GAP.exec(line) : null;
    if (gap) {
      const first = Number(gap[1]);
      const last = gap[2] === undefined ? first : Number(gap[2]);
      out.push({ kind: 'gap', first, last });
      next = last + 1;
      continue;
    }
    out.push({ kind: 'code', number: numbered ? next : null, text: line });
    next += 1;
  }
  return out;
}
