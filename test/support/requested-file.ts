// Test support (imported by tests only): the shop fixture with a module too large to be shown
// whole as an ordinary seed, for the regression "a requested file came as a bare path"
// (issue 21) through every face.

import { fixtureRepo, type TempDir } from './temp-repo.js';

export const RECEIPTS = 'shop/receipts.py';

/** About 600 tokens: over the 6 % of a 5,000-token budget a seed is shown whole for. */
export function receiptsModule(): string {
  return Array.from(
    { length: 14 },
    (_, index) => `def receipt_line_${index}(item, quantity):\n    """Formats line ${index} of a receipt."""\n    amount = item.price * quantity\n    return f"{item.name:<20} {quantity:>3} {amount:>8.2f}"\n`,
  ).join('\n');
}

export function shopWithReceipts(): TempDir {
  const repo = fixtureRepo('shop');
  repo.write(RECEIPTS, receiptsModule());
  return repo;
}
