import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFiles, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { verbatimProblem } from '../../../test/support/verbatim.js';
import { emptyContext, type ClassifiedSymbol } from '../stages/stage.js';
import { DEFAULT_TUNING } from '../tuning.js';
import { buildCandidates } from './candidates.js';
import { diskSources } from '../source/source-texts.js';
import { TermMatcher } from '../source/term-matcher.js';

const methods = Array.from({ length: 8 }, (_, m) => `    def handle_${m}(self, order):\n${Array.from({ length: 10 }, (_, i) => `        step_${i} = order.refund(${m * 10 + i})`).join('\n')}\n        return step_0\n`).join('\n');
const LEDGER = `class Ledger:\n    """Keeps refunds."""\n\n    REFUND_LIMIT = 100\n    refund_codes = {"full": 1, "partial": 2}\n\n${methods}`;
const doc = Array.from({ length: 40 }, (_, i) => `    Example ${i}: settle(order) refunds it.`).join('\n');
const SETTLE = `def settle(order):\n    """Settles an order.\n\n${doc}\n    """\n    refund = order.refund()\n    return refund\n`;
const HOOKS = [
  "import { useContext } from './context'",
  '',
  '/**',
  ' * Returns a function that navigates: `navigate(to, { state })`.',
  ' *',
  ' * @example navigate("/home", { replace: true })',
  ' */',
  'export function useNavigate(): (to: string) => void {',
  '  const router = useContext()',
  '  return (to) => router.go(to)',
  '}',
  '',
].join('\n');
const filler = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `  const ${prefix}_${i} = options.size + ${i}`).join('\n');
const PLUGIN = [
  'export function createPlugin(options: Options) {',
  filler('setup', 30),
  '  const refundLimit = options.refund.limit',
  filler('more', 30),
  '  return {',
  '    configResolved(config: Config) {',
  ...Array.from({ length: 12 }, (_, i) => `      const refund_${i} = config.refund.limit + refundLimit + ${i}`),
  '      return refund_0',
  '    },',
  filler('tail', 30),
  '  }',
  '}',
  '',
].join('\n');
const short = Array.from({ length: 8 }, (_, m) => `    def step_${m}(self):\n${Array.from({ length: 6 }, (_, i) => `        x_${i} = ${m + i}`).join('\n')}\n        return x_0\n`).join('\n');
const TARIFF = `class Tariff:\n    REFUND_LIMIT = 100\n    def refund_one(self): return self.refund\n    refund_codes = {"full": 1}\n\n${short}`;
const CRLF = 'class Tabs:\r\n\tdef refund(self, order):  \r\n\t\tfirst = order.refund()\r\n\t\tsecond = first\r\n\t\tthird = second\r\n\t\treturn third\r\n';

describe('buildCandidates', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFiles({ 'ledger.py': LEDGER, 'settle.py': SETTLE, 'tabs.py': CRLF, 'hooks.ts': HOOKS, 'plugin.ts': PLUGIN, 'tariff.py': TARIFF });
  });
  afterAll(() => repo.close());

  function candidates(keys: string[], docComments = false, tuning = DEFAULT_TUNING.candidates) {
    const symbols: ClassifiedSymbol[] = keys.map((key) => ({ key, path: key.split('::')[0]!, class: 'primary', tier: 0, reason: 'test', score: 1, signals: {} }));
    const context = { ...emptyContext('t', 'r', { contextWindow: 2_000, reservedTokens: 0, available: 2_000 }), symbols };
    const kb = { reader: repo.ports.reader, sources: diskSources(repo.ports.root), enrichment: null };
    const terms = new TermMatcher(new Map([['refund', 1], ['limit', 2]]));
    return buildCandidates(context, kb, { terms, frames: [], tuning, docComments });
  }

  it('offers a class with methods as its own lines (header, fields), its methods elided, never whole', () => {
    const [ledger] = candidates(['ledger.py::Ledger']);
    expect(ledger!.texts.full).toBeNull();
    expect(ledger!.detail).toBe('excerpt');
    expect(ledger!.texts.excerpt).toContain('REFUND_LIMIT = 100');
    expect(ledger!.texts.excerpt).not.toContain('def handle_');
    expect(ledger!.texts.excerpt).toMatch(/⋯ lines \d+-\d+ not shown ⋯/);
  });

  it('never repeats the lines of a nested definition that is an item of its own in its parent\'s excerpt (regression: a plugin factory and its hooks shown twice, issue 27)', () => {
    const [parent] = candidates(['plugin.ts::createPlugin', 'plugin.ts::createPlugin.configResolved']);
    expect(parent!.symbolKey).toBe('plugin.ts::createPlugin');
    expect(parent!.texts.excerpt).toContain('const refundLimit = options.refund.limit');
    expect(parent!.texts.excerpt).not.toContain('config.refund');
    expect(verbatimProblem(PLUGIN, parent!.startLine, parent!.endLine, parent!.texts.excerpt!)).toBeNull();
    // Alone, the parent's excerpt centres where the task's terms cluster: inside the hook.
    const [alone] = candidates(['plugin.ts::createPlugin']);
    expect(alone!.texts.excerpt).toContain('config.refund');
  });

  it("leaves a one-line method out of a class's own lines even inside a short gap (regression: method lines repeated in the class's excerpt, issue 27)", () => {
    const [tariff] = candidates(['tariff.py::Tariff']);
    expect(tariff!.texts.excerpt).toContain('REFUND_LIMIT = 100');
    expect(tariff!.texts.excerpt).toContain('refund_codes = {"full": 1}');
    expect(tariff!.texts.excerpt).not.toContain('def refund_one');
    expect(verbatimProblem(TARIFF, tariff!.startLine, tariff!.endLine, tariff!.texts.excerpt!)).toBeNull();
  });

  it("shows a method's first line with its indentation, at every detail (regression: should_set_cookie at column 0, issue 21)", () => {
    const [method] = candidates(['ledger.py::Ledger.handle_0']);
    expect(method!.texts.full!.startsWith('    def handle_0(self, order):\n')).toBe(true);
    expect(method!.texts.signature!.startsWith('    def handle_0(self, order):\n        ⋯ lines')).toBe(true);
    for (const text of [method!.texts.full!, method!.texts.signature!]) expect(verbatimProblem(LEDGER, method!.startLine, method!.endLine, text)).toBeNull();
  });

  it('keeps tabs, trailing spaces and "\\r\\n" line breaks as the file has them', () => {
    const [method] = candidates(['tabs.py::Tabs.refund']);
    expect(method!.texts.full).toBe('\tdef refund(self, order):  \r\n\t\tfirst = order.refund()\r\n\t\tsecond = first\r\n\t\tthird = second\r\n\t\treturn third');
    expect(method!.texts.signature).toBe('\tdef refund(self, order):  \r\n\t\t⋯ lines 3-6 not shown ⋯');
    expect(verbatimProblem(CRLF, 2, 6, method!.texts.signature!)).toBeNull();
  });

  it('offers a definition that is mostly docstring whole, and as its code (the docstring cut to its first line) when that does not fit', () => {
    // An excerpt of at most 40 lines here, whatever the defaults: settle's 46 lines are longer.
    const [settle] = candidates(['settle.py::settle'], false, { ...DEFAULT_TUNING.candidates, excerptLines: 40, primaryExcerptShare: 0.2 });
    expect(settle!.texts.full).toContain('Example 3');
    expect(settle!.texts.excerpt).toContain('refund = order.refund()');
    expect(settle!.texts.excerpt).toContain('"""Settles an order.');
    expect(settle!.texts.excerpt).not.toContain('Example 3');
  });

  it('shows a definition with the JSDoc above it when the task is about documentation, and without it otherwise', () => {
    const [plain] = candidates(['hooks.ts::useNavigate']);
    expect(plain!.startLine).toBe(8);
    expect(plain!.texts.full).not.toContain('@example');
    const [documented] = candidates(['hooks.ts::useNavigate'], true);
    expect(documented!.startLine).toBe(3);
    expect(documented!.texts.full!.startsWith('/**\n * Returns a function that navigates')).toBe(true);
    for (const text of [documented!.texts.full!, documented!.texts.signature!]) expect(verbatimProblem(HOOKS, documented!.startLine, documented!.endLine, text)).toBeNull();
    expect(documented!.texts.signature).toContain('export function useNavigate(): (to: string) => void {');
    expect(documented!.texts.signature).not.toContain('@example');
  });
});
