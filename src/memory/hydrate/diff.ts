// A compact unified diff from what the conversation saw to what is on disk now: hunks with
// two lines of context, no file headers (the block's heading names the entity).

import { structuredPatch } from 'diff';

const CONTEXT_LINES = 2;

export function compactDiff(before: string, after: string): string {
  const patch = structuredPatch('seen', 'now', before, after, '', '', { context: CONTEXT_LINES });
  const lines: string[] = [];
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    // "\ No newline at end of file" markers say nothing the model needs.
    for (const line of hunk.lines) if (!line.startsWith('\\')) lines.push(line);
  }
  return lines.join('\n');
}
