// Source-of-truth ranking: the classic keyword count alone, and cairn's fusion of frames,
// recent changes, its ranker, the keyword count and graph neighbours — over a real index
// and, without one, over the configured folders.

import { mkdirSync, realpathSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainIndex, openReader, runIndex } from '../../app/stores.js';
import { openRepo } from '../../app/repo.js';
import { createCairnRanker } from '../../search/rank/cairn-ranker.js';
import type { CuratedReader } from '../../store/curated.js';
import { fixtureRepo, tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { normaliseBundle } from '../bundle.js';
import { bundleEvidence } from '../evidence.js';
import { sotCandidates } from './candidates.js';
import { classicKeywords, keywordCount } from './keywords.js';
import { rankSot, type SotRankInput } from './rank.js';

const TRACE = [
  'Traceback (most recent call last):',
  '  File "/srv/app/tests/test_checkout.py", line 9, in test_checkout',
  '    charge(cart, "tok")',
  '  File "/srv/app/shop/payments/gateway.py", line 16, in charge',
  '    raise PaymentError("nothing to charge")',
  'shop.payments.gateway.PaymentError: nothing to charge',
].join('\n');
const BUNDLE = { error_message: 'PaymentError: nothing to charge', stack_trace: TRACE, root_cause: 'the payment charge runs before the cart has items' };

describe('classic keywords', () => {
  it('are the words of five or more characters of the error message and the root cause, lower-cased, once each', () => {
    expect(classicKeywords("KeyError: 'WELCOME10' in the cart", 'table lookup of codes fails; lookup')).toEqual(['keyerror', 'welcome10', 'table', 'lookup', 'codes', 'fails']);
  });

  it('count case-insensitive occurrences', () => {
    expect(keywordCount('Lookup LOOKUP lookups table', ['lookup', 'table'])).toBe(4);
    expect(keywordCount('anything', [])).toBe(0);
  });
});

describe('with an index', () => {
  let repo: TempDir;
  let reader: CuratedReader;
  let input: (overrides?: Partial<Omit<SotRankInput, 'bundle'>>, rawBundle?: Record<string, unknown>) => SotRankInput;

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    // A page that repeats the error's words: the keyword count's favourite, not the code at fault.
    repo.write('docs/faq.md', `# FAQ\n\n${'Why does the payment charge say nothing to charge? PaymentError means the cart charge had nothing. '.repeat(8)}\n`);
    const context = await openRepo({ repo: repo.path, indexDir: join(repo.path, '.cairn'), env: {} });
    await drainIndex(runIndex(context, { workers: 0 }));
    reader = openReader(context);
    const realRoot = realpathSync(repo.path);
    input = (overrides = {}, rawBundle = BUNDLE) => {
      const bundle = normaliseBundle(rawBundle).bundle;
      return {
        reader,
        ranker: createCairnRanker(),
        realRoot,
        candidates: sotCandidates({ realRoot, folders: ['docs', 'src', 'tests'], indexed: reader.files(), exclude: (path) => path.startsWith('.cairn') }),
        bundle,
        evidence: bundleEvidence(bundle),
        mode: 'cairn',
        ...overrides,
      };
    };
  });
  afterAll(() => {
    reader.close();
    repo.remove();
  });

  it('keywords alone put the page that repeats the words first', async () => {
    const ranked = await rankSot(input({ mode: 'keywords' }));
    expect(ranked[0]).toMatchObject({ path: 'docs/faq.md', relevance: 1 });
    expect(ranked[0]!.reasons[0]).toMatch(/^keywords: \d+ occurrences$/);
  });

  it('cairn puts the innermost in-project frame first, and says why', async () => {
    const ranked = await rankSot(input());
    expect(ranked[0]!.path).toBe('shop/payments/gateway.py');
    expect(ranked[0]!.reasons).toEqual(expect.arrayContaining(['frames #1', 'ranker #1']));
    expect(ranked[0]!.relevance).toBe(1);
    for (const entry of ranked) expect(entry.relevance).toBeLessThanOrEqual(1);
  });

  it('files the recent changes name rank high, and graph neighbours of the frame file are candidates', async () => {
    const ranked = await rankSot(input({}, { ...BUNDLE, recent_changes: ['shop/pricing.py: rounding moved'] }));
    const pricing = ranked.find((entry) => entry.path === 'shop/pricing.py')!;
    expect(pricing.reasons).toContain('changes #1');
    expect(ranked.slice(0, 3).map((entry) => entry.path)).toContain('shop/pricing.py');
    const cart = ranked.find((entry) => entry.path === 'shop/cart.py')!;
    expect(cart.reasons.some((reason) => reason.startsWith('graph #'))).toBe(true);
  });

  it('never ranks what the exclusion leaves out (the run directory, the index)', async () => {
    const base = input();
    const candidates = sotCandidates({ realRoot: base.realRoot, folders: ['docs'], indexed: reader.files(), exclude: (path) => path.startsWith('shop/payments') });
    const ranked = await rankSot({ ...base, candidates });
    expect(ranked.map((entry) => entry.path)).not.toContain('shop/payments/gateway.py');
  });
});

describe('without an index', () => {
  let repo: TempDir;
  beforeAll(() => {
    repo = tempDir('cairn-sot-');
    repo.write('src/app/pay.py', 'def pay():\n    raise PaymentError("nothing to charge")\n');
    repo.write('src/app/other.py', 'charge charge charge nothing nothing\n');
    repo.write('docs/a.md', 'charge\n');
    repo.write('docs/b.md', 'charge\n');
    repo.write('lib/outside-folders.py', 'charge nothing PaymentError\n');
    const old = Date.now() / 1000 - 3600;
    utimesSync(join(repo.path, 'docs/a.md'), old, old);
    const outside = tempDir('cairn-outside-');
    outside.write('secret.md', 'charge charge charge charge charge charge charge\n');
    mkdirSync(join(repo.path, 'tests'));
    symlinkSync(join(outside.path, 'secret.md'), join(repo.path, 'tests', 'leak.md'));
    writeFileSync(join(repo.path, 'tests', 'test_pay.py'), 'import app\n');
  });
  afterAll(() => repo.remove());

  function plain(mode: 'cairn' | 'keywords'): SotRankInput {
    const realRoot = realpathSync(repo.path);
    const bundle = normaliseBundle({ ...BUNDLE, stack_trace: 'Traceback (most recent call last):\n  File "/home/me/proj/src/app/pay.py", line 2, in pay\nPaymentError: nothing to charge' }).bundle;
    return { reader: null, ranker: null, realRoot, candidates: sotCandidates({ realRoot, folders: ['docs', 'src', 'tests'], indexed: null, exclude: () => false }), bundle, evidence: bundleEvidence(bundle), mode };
  }

  it('walks only the configured folders, and never through a link leaving the repository', () => {
    const candidates = plain('keywords').candidates;
    expect([...candidates.byPath.keys()].sort()).toEqual(['docs/a.md', 'docs/b.md', 'src/app/other.py', 'src/app/pay.py', 'tests/test_pay.py']);
    expect(candidates.skipped.map((entry) => entry.path)).toEqual(['tests/leak.md']);
  });

  it('keywords: most occurrences first, ties to the most recently modified file', async () => {
    const ranked = await rankSot(plain('keywords'));
    expect(ranked.map((entry) => entry.path)).toEqual(['src/app/other.py', 'src/app/pay.py', 'docs/b.md', 'docs/a.md']);
  });

  it('cairn: the frame resolved by path suffix first', async () => {
    const ranked = await rankSot(plain('cairn'));
    expect(ranked[0]!.path).toBe('src/app/pay.py');
    expect(ranked[0]!.reasons[0]).toBe('frames #1');
    // Equal keyword counts: the more recently modified file first.
    const paths = ranked.map((entry) => entry.path);
    expect(paths.indexOf('docs/b.md')).toBeLessThan(paths.indexOf('docs/a.md'));
  });
});

describe('the fusion', () => {
  it('lets a frame’s place count: the innermost frame beats an outer one that a weaker list also holds', async () => {
    // a.py: innermost frame, first change. b.py: next frame, second change, and seventh by
    // keyword count. With the search ranker's rank constant (60) b.py won; it must not.
    const repo = tempDir('cairn-fusion-');
    try {
      repo.write('src/a.py', 'def inner():\n    raise KeyError(key)\n');
      repo.write('src/b.py', 'def outer():\n    inner()  # missing entry\n');
      for (let i = 0; i < 6; i++) repo.write(`docs/page${i}.md`, 'lookup missing entry '.repeat(10 + i));
      const realRoot = realpathSync(repo.path);
      const bundle = normaliseBundle({
        error_message: 'LookupError: missing entry',
        stack_trace: 'Traceback (most recent call last):\n  File "/x/src/b.py", line 2, in outer\n  File "/x/src/a.py", line 2, in inner\nLookupError: missing entry',
        recent_changes: ['src/a.py', 'src/b.py'],
      }).bundle;
      const ranked = await rankSot({ reader: null, ranker: null, realRoot, candidates: sotCandidates({ realRoot, folders: ['docs', 'src'], indexed: null, exclude: () => false }), bundle, evidence: bundleEvidence(bundle), mode: 'cairn' });
      expect(ranked.find((entry) => entry.path === 'src/b.py')!.reasons).toEqual(['frames #2', 'changes #2', 'keywords #7 (2 occurrences)']);
      expect(ranked.map((entry) => entry.path).slice(0, 2)).toEqual(['src/a.py', 'src/b.py']);
    } finally {
      repo.remove();
    }
  });
});
