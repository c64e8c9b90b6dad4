// Test fixture: a small Python repository whose history holds one of each kind of commit
// `eval --from-git` must keep or skip. `expected` says which commits become tasks.

import { mkdirSync } from 'node:fs';
import { TestRepo } from '../../indexer/git/test-repo.fixture.js';

const PRICING_V1 = `"""Prices, discounts and taxes."""

TAX = 0.2


def apply_discount(total, rate):
    """Lower the total by a coupon's rate."""
    return total - total * rate


def tax_rate(region):
    if region == "eu":
        return TAX
    return 0.0


class Cart:
    def __init__(self):
        self.items = []

    def total(self):
        return sum(item.price for item in self.items)
`;

const INVENTORY_V1 = `"""Stock levels."""

STOCK = {}


def reserve(sku, count):
    STOCK[sku] = STOCK.get(sku, 0) - count


def release(sku, count):
    STOCK[sku] = STOCK.get(sku, 0) + count
`;

export interface ScriptedRepo {
  repo: TestRepo;
  commits: Record<
    'initial' | 'clamp' | 'reserve' | 'mega' | 'merge' | 'revert' | 'namesFile' | 'short' | 'bump' | 'docs' | 'added' | 'round',
    string
  >;
}

export function buildScriptedRepo(root: string): ScriptedRepo {
  mkdirSync(root, { recursive: true });
  const repo = TestRepo.init(root);
  const at = (hour: number): number => 1_700_000_000 + hour * 3600;
  const initial = repo.commit(at(1), 'Initial shop with pricing, inventory and tests', {
    'shop/__init__.py': '__version__ = "1.1.0"\n',
    'shop/pricing.py': PRICING_V1,
    'shop/inventory.py': INVENTORY_V1,
    'tests/test_pricing.py': 'from shop.pricing import apply_discount\n\n\ndef test_discount():\n    assert apply_discount(10, 0.5) == 5\n',
    'README.md': '# shop\n\nA tiny shop.\n',
  });
  const clamp = repo.commit(at(2), 'Fix negative totals: clamp discounts so a coupon never makes the order total negative', {
    'shop/pricing.py': PRICING_V1.replace('    return total - total * rate', '    return max(0.0, total - total * rate)'),
    'tests/test_pricing.py': 'from shop.pricing import apply_discount\n\n\ndef test_discount():\n    assert apply_discount(10, 2) == 0\n',
  });
  // A side branch: its own commit is a task, the merge that brings it in is not.
  repo.git(at(3), 'checkout', '--quiet', '-b', 'feature');
  const reserve = repo.commit(at(3), 'Reserve stock atomically when several carts check out at once', {
    'shop/inventory.py': INVENTORY_V1.replace('STOCK = {}\n', 'import threading\n\nSTOCK = {}\nLOCK = threading.Lock()\n').replace(
      '    STOCK[sku] = STOCK.get(sku, 0) - count',
      '    with LOCK:\n        STOCK[sku] = STOCK.get(sku, 0) - count',
    ),
  });
  repo.git(at(4), 'checkout', '--quiet', 'main');
  const megaFiles: Record<string, string> = {};
  for (let i = 1; i <= 11; i++) megaFiles[`warehouse/carrier${i}.py`] = `def ship_${i}(parcel):\n    return parcel\n`;
  const mega = repo.commit(at(4), 'Add the warehouse integration layer with one module per carrier', megaFiles);
  repo.git(at(5), 'merge', '--quiet', '--no-ff', '-m', 'Merge branch feature with the atomic stock reservation', 'feature');
  const merge = repo.git(at(5), 'rev-parse', 'HEAD').trim();
  repo.git(at(6), 'revert', '--no-edit', clamp);
  const revert = repo.git(at(6), 'rev-parse', 'HEAD').trim();
  const inventoryNow = INVENTORY_V1.replace('STOCK = {}\n', 'import threading\n\nSTOCK = {}\nLOCK = threading.Lock()\n').replace(
    '    STOCK[sku] = STOCK.get(sku, 0) - count',
    '    with LOCK:\n        STOCK[sku] = STOCK.get(sku, 0) - count',
  );
  const namesFile = repo.commit(at(7), 'Make inventory release idempotent when it is called twice', {
    'shop/inventory.py': inventoryNow.replace('STOCK.get(sku, 0) + count', 'max(STOCK.get(sku, 0), 0) + count'),
  });
  const short = repo.commit(at(8), 'fix typo', {
    'shop/pricing.py': PRICING_V1.replace('coupon\'s rate', 'coupon rate'),
  });
  const bump = repo.commit(at(9), 'Bump version to 1.2.0 for the release', { 'shop/__init__.py': '__version__ = "1.2.0"\n' });
  const docs = repo.commit(at(10), 'Document the checkout flow for new contributors in more detail', {
    'README.md': '# shop\n\nA tiny shop.\n\n## Checkout\n\nCarts are priced, taxed and reserved.\n',
  });
  const added = repo.commit(at(11), 'Introduce a cost estimator for heavy parcels and its tests', {
    'shop/shipping.py': 'def estimate(weight):\n    return 5 + weight * 0.5\n',
    'tests/test_shipping.py': 'from shop.shipping import estimate\n\n\ndef test_estimate():\n    assert estimate(2) == 6\n',
  });
  const pricingNow = PRICING_V1.replace('coupon\'s rate', 'coupon rate');
  const round = repo.commit(at(12), 'Round cart totals to cents before applying the tax rate', {
    'shop/pricing.py': pricingNow
      .replace('    return 0.0\n', '    return 0.0\n\n\ndef round_cents(value):\n    return round(value, 2)\n')
      .replace('        return sum(item.price for item in self.items)', '        return round_cents(sum(item.price for item in self.items))'),
  });
  return { repo, commits: { initial, clamp, reserve, mega, merge, revert, namesFile, short, bump, docs, added, round } };
}
