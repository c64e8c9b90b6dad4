// A failing run's handoff bundle on the shop fixture: a ValueError from Cart.add_item with
// its traceback and an unknown root cause (thin enough to escalate at a repeated attempt).

export const SHOP_TRACE = [
  'Traceback (most recent call last):',
  '  File "/home/ci/shop/tests/test_cart.py", line 6, in test_total_applies_discount_and_tax',
  '    cart.add_item("book", 0, 10.0)',
  '  File "/home/ci/shop/shop/cart.py", line 25, in add_item',
  '    raise ValueError("quantity must be positive")',
  'ValueError: quantity must be positive',
].join('\n');

export const SHOP_BUNDLE = { error_message: 'ValueError: quantity must be positive', stack_trace: SHOP_TRACE, recent_changes: ['shop/cart.py: quantities checked'], root_cause: 'unknown' };
