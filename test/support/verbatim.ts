// The check behind "code exactly as it is in the file": an item's text, read line by line
// against the file it claims to show, must be the file's own lines `startLine..endLine` in
// order — each byte for byte at its line number, line breaks as in the file — with only
// whole-line gap marks ("⋯ lines a-b not shown ⋯") standing for the lines left out, each
// for the very lines it names, never two in a row. Written apart from the code that cuts
// the texts (src/core/source-lines.ts), so that the two cannot share a mistake.

/** One file line as written: its text and the break after it ("\n", "\r\n", or '' at the end). */
interface FileLine {
  content: string;
  lineBreak: string;
}

const GAP = /^[ \t]*⋯ lines? (\d+)(?:-(\d+))? not shown ⋯$/;

function fileLines(file: string): FileLine[] {
  const lines: FileLine[] = [];
  for (const match of file.matchAll(/([^\n]*?)(\r?\n|$)/g)) {
    if (match.index === file.length) break;
    lines.push({ content: match[1]!, lineBreak: match[2]! });
  }
  return lines;
}

/** Why `text` is not the file's lines start..end with gap marks between; null when it is. */
export function verbatimProblem(file: string, startLine: number, endLine: number, text: string): string | null {
  const lines = fileLines(file);
  if (lines.length === 0) return text === '' ? null : 'text shown for an empty file';
  if (startLine < 1 || endLine < startLine || endLine > lines.length) return `lines ${startLine}-${endLine} are not within the file's ${lines.length} lines`;
  const parts = text.split('\n');
  let cursor = startLine;
  let afterGap = false;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    const last = index === parts.length - 1;
    const gap = GAP.exec(part.replace(/\r$/, ''));
    const at = `text line ${index + 1}`;
    if (gap) {
      const first = Number(gap[1]);
      const through = Number(gap[2] ?? gap[1]);
      if (afterGap) return `${at}: a gap mark right after another`;
      if (first !== cursor || through < first || through > endLine) return `${at}: the gap mark says lines ${first}-${through}, but the next line shown should be ${cursor} (item ends at ${endLine})`;
      const carriageReturn = !last && lines[through - 1]!.lineBreak === '\r\n';
      if (part.endsWith('\r') !== carriageReturn) return `${at}: the gap mark ends in another line break than line ${through} of the file`;
      cursor = through + 1;
      afterGap = true;
      continue;
    }
    afterGap = false;
    if (cursor > endLine) return `${at}: past the item's last line ${endLine}: ${JSON.stringify(part.slice(0, 80))}`;
    const line = lines[cursor - 1]!;
    const expected = last ? line.content : `${line.content}${line.lineBreak}`;
    const shown = last ? part : `${part}\n`;
    if (shown !== expected) return `${at} is not line ${cursor} of the file: shown ${JSON.stringify(shown.slice(0, 120))}, file ${JSON.stringify(expected.slice(0, 120))}`;
    cursor += 1;
  }
  if (cursor !== endLine + 1) return `the text ends at line ${cursor - 1}, the item at ${endLine}`;
  return null;
}
