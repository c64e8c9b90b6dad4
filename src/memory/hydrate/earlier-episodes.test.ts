// Regressions of issue 21 in episode memory: a later hydration re-sent every block earlier
// episodes showed before anything else ("previously-hydrated 6 · pipeline 0" at 2,000
// tokens), crowding out the new question; and a rejected entity was presented as
// "unchanged since episode e1" as if it were still good.

import { afterEach, describe, expect, it } from 'vitest';
import { renderHydration } from '../../render/hydration.js';
import { memoryFiles, type MemoryRepo } from '../../../test/support/memory-repo.js';
import { reject } from '../states/lifecycle.js';
import { EARLIER_EPISODES_SHARE, hydrate } from './hydrate.js';

const open: MemoryRepo[] = [];
afterEach(() => {
  for (const repo of open.splice(0)) repo.close();
});

const LEDGER = ['post_entry', 'reverse_entry', 'close_period', 'open_period', 'rebalance_accounts', 'export_journal'];

/** Six ledger functions of some 250 tokens each, and a mail sender the second question is about. */
function files(): Record<string, string> {
  const body = (name: string) =>
    [`def ${name}(ledger, entry):`, `    """${name.replace(/_/g, ' ')} in the ledger."""`, ...Array.from({ length: 24 }, (_, line) => `    ledger.lines.append((entry.account_${line}, entry.amount * ${line + 1}, "${name}-${line}"))`), '    return ledger', ''].join('\n');
  return {
    'books/ledger.py': LEDGER.map(body).join('\n'),
    'mail/sender.py': [
      'def send_with_retry(smtp, message, attempts):',
      '    """Sends a message, retrying when the SMTP server refuses it."""',
      '    while True:',
      '        if smtp.send(message):',
      '            return True',
      '        attempts -= 1',
      '',
    ].join('\n'),
  };
}

async function repo(): Promise<MemoryRepo> {
  const m = await memoryFiles(files());
  open.push(m);
  return m;
}

const FIRST = `Check the ledger: ${LEDGER.map((name) => `\`${name}\``).join(', ')}`;
const SECOND = 'The mail sender retries forever when the SMTP server refuses a message';

describe('what earlier episodes showed, in a later one (issue 21)', () => {
  it('regression: a later hydration re-sent every earlier block first, crowding out the new question', async () => {
    const m = await repo();
    const first = await hydrate(m.ports, { query: FIRST, conversationId: 'c', episodeId: 'e1', maxTokens: 4000 });
    expect(first.hydration.blocks.map((block) => block.entityKey)).toEqual(LEDGER.map((name) => `books/ledger.py::${name}`));
    const second = await hydrate(m.ports, { query: SECOND, conversationId: 'c', episodeId: 'e2', maxTokens: 2000 });
    const earlier = second.hydration.blocks.filter((block) => block.reason === 'previously_hydrated');
    expect(earlier.map((block) => block.entityKey)).toEqual(LEDGER.map((name) => `books/ledger.py::${name}`));
    for (const block of earlier) expect(block).toMatchObject({ status: 'unchanged', body: 'none', text: '', previousEpisode: 'e1' });
    const rendered = second.rendered;
    for (const name of LEDGER) expect(rendered).toContain(`\nunchanged since episode e1: books/ledger.py::${name}\n`);
    expect(rendered).not.toContain('ledger.lines.append');
    // The new question gets its own code, and at least half the budget was left to it.
    expect(second.hydration.blocks.some((block) => block.reason === 'pipeline_ranked' && block.entityKey.startsWith('mail/sender.py'))).toBe(true);
    const earlierTokens = earlier.reduce((sum, block) => sum + block.tokenCount, 0);
    expect(earlierTokens).toBeLessThanOrEqual(EARLIER_EPISODES_SHARE * 2000);
    expect(second.hydration.budget.usedTokens).toBeLessThanOrEqual(2000);
  });

  it('sends the code of unchanged entities again when asked, within half the budget', async () => {
    const m = await repo();
    await hydrate(m.ports, { query: FIRST, conversationId: 'c', episodeId: 'e1', maxTokens: 4000 });
    const again = await hydrate(m.ports, { query: SECOND, conversationId: 'c', episodeId: 'e2', maxTokens: 2000, resendUnchanged: true });
    const earlier = again.hydration.blocks.filter((block) => block.reason === 'previously_hydrated');
    expect(earlier.length).toBeGreaterThan(0);
    for (const block of earlier) expect(block).toMatchObject({ status: 'unchanged', body: 'text' });
    expect(again.rendered).toContain('ledger.lines.append');
    expect(earlier.reduce((sum, block) => sum + block.tokenCount, 0)).toBeLessThanOrEqual(EARLIER_EPISODES_SHARE * 2000);
    // What did not fit in the earlier episodes' half is recorded as cut, and offered again later.
    expect(again.hydration.cut.some((cut) => cut.reason === 'previously_hydrated' && cut.cutBy === 'tokens')).toBe(true);
  });

  it('regression: a rejected entity was presented as "unchanged since episode e1" as if it were good', async () => {
    const m = await repo();
    await hydrate(m.ports, { query: FIRST, conversationId: 'c', episodeId: 'e1', maxTokens: 4000 });
    const rejected = 'books/ledger.py::close_period';
    expect(reject(m.ports, rejected)).toMatchObject({ state: 'TOMBSTONED' });
    for (const resendUnchanged of [false, true]) {
      const later = await hydrate(m.ports, { query: SECOND, conversationId: `c`, maxTokens: 4000, resendUnchanged });
      const block = later.hydration.blocks.find((entry) => entry.entityKey === rejected);
      expect(block?.status).toBe('rejected');
      expect(later.rendered).not.toContain(`unchanged since episode e1: ${rejected}`);
      expect(later.rendered).toMatch(resendUnchanged ? `${rejected} — rejected since you saw it` : `rejected since episode e1 (\`cairn reject\`), do not rely on it: ${rejected}`);
      expect(renderHydration({ ...later.hydration, format: 'json' }, 'json')).toContain('"status":"rejected"');
      // Still TOMBSTONED: listing it again proposes nothing.
      expect(m.ports.store.currentVersion(rejected)).toMatchObject({ state: 'TOMBSTONED' });
    }
  });
});
