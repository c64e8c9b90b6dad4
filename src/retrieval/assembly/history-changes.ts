// The lines each commit of the historical section changed inside the package's main
// definitions: for the strongest primary definitions of the files shown, which of the
// section's commits of their file changed their lines (read through the LineHistoryReader
// port: git's own `-U0` hunks, never re-made), attached to those commits. A small change is shown as the hunks; a large
// one, or one reaching outside the definition (the commit that created the file), as its
// count. Credentials are redacted like every text a face hands out.

import type { HistoryChange } from '../../core/context-package.js';
import type { LineHistoryReader } from '../../core/line-history.js';
import { redactShown } from '../../core/redact.js';
import type { CuratedReader } from '../../store/curated.js';
import type { RetrievalContext } from '../stages/stage.js';

/** Definitions whose history is read: the section is about the code to change. */
const CHANGED_SYMBOLS = 4;
/** The most changed lines shown as a diff; above it, only the count. */
export const MAX_DIFF_LINES = 12;

/** Changes by full commit hash: of the commits listed for each file, those that changed a main definition of it. */
export async function changesBySha(
  lines: LineHistoryReader,
  reader: CuratedReader,
  context: RetrievalContext,
  commitsOfFile: ReadonlyMap<string, readonly string[]>,
): Promise<Map<string, HistoryChange[]>> {
  const primaries = context.symbols
    .filter((symbol) => symbol.class === 'primary' && symbol.reserve !== true && commitsOfFile.has(symbol.path))
    .sort((a, b) => b.score - a.score)
    .slice(0, CHANGED_SYMBOLS);
  const symbols = primaries.map((primary) => reader.symbol(primary.key)).filter((symbol) => symbol !== null);
  // Read side by side (each a few git processes); attached in the primaries' order.
  const read = await Promise.all(symbols.map((symbol) => lines.changesIn({ path: symbol.path, startLine: symbol.startLine, endLine: symbol.endLine, commits: commitsOfFile.get(symbol.path) ?? [] })));
  const bySha = new Map<string, HistoryChange[]>();
  for (const [index, symbol] of symbols.entries()) {
    for (const change of read[index]!) {
      const small = change.withinRange && change.changedLines <= MAX_DIFF_LINES;
      const entry: HistoryChange = {
        symbol: symbol.qualifiedName,
        path: symbol.path,
        changedLines: change.changedLines,
        diff: small ? redactShown(change.hunks.join('\n'), reader.file(symbol.path)?.language).text : null,
      };
      bySha.set(change.sha, [...(bySha.get(change.sha) ?? []), entry]);
    }
  }
  return bySha;
}
