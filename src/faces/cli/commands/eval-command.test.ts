import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotTree } from '../../../../test/support/tree-snapshot.js';
import { readDataset } from '../../../eval/dataset.js';
import { buildScriptedRepo, type ScriptedRepo } from '../../../eval/from-git/scripted-repo.fixture.js';
import { writeFiles } from '../../../../test/support/eval-ports.js';
import type { Io } from '../io.js';
import { main } from '../main.js';

interface Captured {
  code: number;
  out: string;
  err: string;
}

async function cairn(...args: string[]): Promise<Captured> {
  let out = '';
  let err = '';
  let exit = 0;
  const io: Io = {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    interactive: false,
    debug: false,
    env: {},
    version: '0.0.0-test',
    logFlags: {},
    setExitCode: (code) => void (exit = code),
    exitCode: () => exit,
  };
  // The default ranker changes as rankers are added; these tests pin the plain baseline
  // (a later --ranker in `args` wins).
  const code = await main(['node', 'cairn', 'eval', '--ranker', 'bm25-file', ...args], io);
  return { code, out, err };
}

let dir: string;
let scripted: ScriptedRepo;

const TASKS = [
  { id: 'disc', category: 'Bug Report', query: 'coupon discount makes the total negative', gold_files: ['shop/pricing.py'], gold_functions: ['shop/pricing.py:apply_discount'] },
  { id: 'stock', category: 'Feature Request', query: 'reserve stock for several carts', gold_files: ['shop/inventory.py'], gold_functions: [] },
  { id: 'absent', category: 'Bug Report', query: 'nothing here', gold_files: ['x.py'], gold_functions: [] },
].map((task) => ({ repo: 'acme/shop', base_commit: 'c0ffee', ...task }));

const TREE = {
  'shop/pricing.py': 'def apply_discount(total, rate):\n    """A coupon discount lowers the total."""\n    return total - total * rate\n',
  'shop/inventory.py': 'STOCK = {}\n\n\ndef reserve(sku, count):\n    """Reserve stock of one sku."""\n    STOCK[sku] = STOCK.get(sku, 0) - count\n',
  'README.md': '# shop\n',
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-eval-cli-'));
  scripted = buildScriptedRepo(join(dir, 'repo'));
  writeFiles(join(dir, 'repos', 'disc'), TREE);
  writeFiles(join(dir, 'repos', 'stock'), TREE);
  writeFileSync(join(dir, 'dev.jsonl'), TASKS.map((task) => JSON.stringify(task)).join('\n'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cairn eval --dataset', () => {
  it('prints per-task ranks and metrics as JSON, listing the task without a tree as skipped', async () => {
    const trees = snapshotTree(join(dir, 'repos'));
    const result = await cairn('--dataset', join(dir, 'dev.jsonl'), '--repos', join(dir, 'repos'), '--index-root', join(dir, 'idx'), '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({ ranker: 'bm25-file', baseline: 'bm25-file', summary: { tasks: 2, skipped: 1, failed: 0 } });
    expect(report.skipped).toEqual([{ id: 'absent', reason: `no tree at ${join(dir, 'repos', 'absent')}` }]);
    expect(report.tasks.map((task: { id: string }) => task.id)).toEqual(['disc', 'stock']);
    const disc = report.tasks[0].results['bm25-file'];
    expect(disc.ranked_files[0]).toBe('shop/pricing.py');
    expect(disc.gold_file_ranks).toEqual({ 'shop/pricing.py': 1 });
    expect(disc.metrics).toMatchObject({ 'file.acc@1': 1, 'file.mrr': 1, 'function.acc@5': 0 });
    expect(report.summary.values['bm25-file']).toMatchObject({ 'file.acc@1': 1, 'file.recall@10': 1 });
    expect(Object.keys(report.perCategory)).toEqual(['Bug Report', 'Feature Request']);
    expect(snapshotTree(join(dir, 'repos'))).toEqual(trees); // indexes went under --index-root
  });

  it('prints a table of the ranker against the baseline, with per-category rows', async () => {
    const result = await cairn('--dataset', join(dir, 'dev.jsonl'), '--repos', join(dir, 'repos'), '--index-root', join(dir, 'idx'), '--k', '5,1');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^cairn eval: bm25-file — 2 tasks evaluated, 1 skipped in [\d.]+s/);
    expect(result.out).toMatch(/^Acc@1 +1\.000$/m);
    expect(result.out).toMatch(/^Acc@5 +1\.000$/m);
    expect(result.out).not.toMatch(/^Acc@10/m);
    expect(result.out).toMatch(/^rank ms p95 +\d+\.\d$/m);
    expect(result.out).toMatch(/^Feature Request +1 +bm25-file +1\.000 +1\.000 +1\.000/m);
    expect(result.out).toContain(`skipped 1:\n  absent: no tree at ${join(dir, 'repos', 'absent')}`);
  });

  it('measures the package seeded by the ranker named, with or without the chunk-RAG baseline', async () => {
    const base = ['--dataset', join(dir, 'dev.jsonl'), '--repos', join(dir, 'repos'), '--index-root', join(dir, 'idx'), '--json', '--only', 'disc'];
    const plain = JSON.parse((await cairn(...base, '--package-ranker', 'cairn-no-meta', '--no-chunk-rag')).out);
    expect(Object.keys(plain.summary.values)).toEqual(['bm25-file', 'package']);
    expect(plain.summary.values.package['ctx.fn@4k']).toBe(1);
    const both = JSON.parse((await cairn(...base)).out);
    expect(Object.keys(both.summary.values)).toEqual(['bm25-file', 'package', 'chunk-rag-code', 'chunk-rag-all']);
    expect((await cairn(...base, '--package-ranker', 'nope')).code).toBe(2);
    expect((await cairn(...base, '--package-history', '0')).code).toBe(2);
  });

  it('measures packages with section shares and with commit lines only, and the report says so', async () => {
    const base = ['--dataset', join(dir, 'dev.jsonl'), '--repos', join(dir, 'repos'), '--index-root', join(dir, 'idx'), '--json', '--only', 'disc', '--no-chunk-rag', '--baseline', 'none'];
    const shared = JSON.parse((await cairn(...base, '--package-section-shares', 'primary=0.7,supporting=0.3')).out);
    expect(shared.packageSettings).toEqual({ sectionShares: { primary: 0.7, supporting: 0.3 } });
    expect(shared.summary.values.package['ctx.fn@4k']).toBe(1);
    const lines = JSON.parse((await cairn(...base, '--package-history', '2', '--no-package-history-diffs')).out);
    expect(lines.packageSettings).toEqual({ history: 2, historyDiffs: false });
    expect(JSON.parse((await cairn(...base)).out).packageSettings).toBeUndefined();
    const bad = await cairn(...base, '--package-section-shares', 'primary=2');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--package-section-shares');
  });

  it('filters tasks by id, category and count', async () => {
    const base = ['--dataset', join(dir, 'dev.jsonl'), '--repos', join(dir, 'repos'), '--index-root', join(dir, 'idx'), '--json'];
    const only = JSON.parse((await cairn(...base, '--only', 'stock')).out);
    expect(only.tasks.map((task: { id: string }) => task.id)).toEqual(['stock']);
    const category = JSON.parse((await cairn(...base, '--category', 'bug report')).out);
    expect(category.tasks.map((task: { id: string }) => task.id)).toEqual(['disc']);
    expect(category.skipped.map((skip: { id: string }) => skip.id)).toEqual(['absent']);
    const limited = JSON.parse((await cairn(...base, '--limit', '1')).out);
    expect(limited.tasks.map((task: { id: string }) => task.id)).toEqual(['disc']);
  });

  it('waits for another process writing a shared index instead of failing the task', async () => {
    const indexRoot = join(dir, 'busy-idx');
    mkdirSync(join(indexRoot, 'disc'), { recursive: true });
    const lock = join(indexRoot, 'disc', 'index.lock');
    writeFileSync(lock, String(process.ppid)); // a live process other than this one
    setTimeout(() => rmSync(lock, { force: true }), 500);
    const result = await cairn('--dataset', join(dir, 'dev.jsonl'), '--repos', join(dir, 'repos'), '--index-root', indexRoot, '--only', 'disc', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).summary).toMatchObject({ tasks: 1, failed: 0 });
  });

  it('asks the tasks of another repository with --ask-of and reports how often the package said the match is weak or none', async () => {
    const other = join(dir, 'other-project');
    writeFiles(other, { 'web/server.ts': 'export function listen(port: number): number {\n  return port;\n}\n' });
    const result = await cairn('--dataset', join(dir, 'dev.jsonl'), '--ask-of', other, '--index-root', join(dir, 'ask-of-indexes'), '--package-budgets', '2000', '--json');
    expect(result.code, result.err).toBe(0);
    const report = JSON.parse(result.out) as { askedOf: string; summary: { tasks: number; values: Record<string, Record<string, number>> } };
    expect(report.askedOf).toBe(other);
    expect(report.summary.tasks).toBe(3);
    expect(report.summary.values['match']).toMatchObject({ 'match.flagged@2k': 1 });
  });

  it('reports a bad dataset line with its file, line and field', async () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, `${JSON.stringify(TASKS[0])}\n${JSON.stringify({ ...TASKS[1], gold_files: 'shop/inventory.py' })}\n`);
    const result = await cairn('--dataset', bad, '--repos', join(dir, 'repos'));
    expect(result.code).toBe(4);
    expect(result.err).toMatch(new RegExp(`^cairn: ${bad.replace(/[.]/g, '\\.')}:2: gold_files: `));
  });

  it('rejects unknown rankers and bad flag combinations as usage errors', async () => {
    const ranker = await cairn('--dataset', join(dir, 'dev.jsonl'), '--repos', join(dir, 'repos'), '--ranker', 'nope');
    expect(ranker.code).toBe(2);
    expect(ranker.err).toContain('unknown ranker "nope"; known rankers: cairn, bm25-file, cairn-no-meta, cairn-recency');
    expect((await cairn('--repos', join(dir, 'repos'))).code).toBe(2);
    expect((await cairn('--dataset', join(dir, 'dev.jsonl'))).code).toBe(2);
    expect((await cairn('--dataset', join(dir, 'dev.jsonl'), '--repos', dir, '--repo', dir)).code).toBe(2);
    expect((await cairn('--from-git', '--dataset', join(dir, 'dev.jsonl'))).code).toBe(2);
    expect((await cairn('--dataset', join(dir, 'dev.jsonl'), '--repos', dir, '--write-dataset', join(dir, 'x'))).code).toBe(2);
    expect((await cairn('--dataset', join(dir, 'dev.jsonl'), '--repos', dir, '--k', '0,5')).code).toBe(2);
    expect((await cairn('--dataset', join(dir, 'dev.jsonl'), '--repos', dir, '--only', 'missing-id')).code).toBe(2);
  });
});

describe('cairn eval --from-git', () => {
  it('builds tasks from history, evaluates them, writes them as a dataset, and changes nothing in the repository', async () => {
    const { commits: c } = scripted;
    const before = snapshotTree(scripted.repo.root);
    const written = join(dir, 'from-git.jsonl');
    const result = await cairn('--from-git', '--repo', scripted.repo.root, '--commits', '2', '--write-dataset', written, '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report.fromGit).toMatchObject({ head: c.round, commitsExamined: 10, tasksBuilt: 2 });
    expect(report.tasks.map((task: { gold_functions: string[] }) => task.gold_functions)).toEqual([
      ['shop/pricing.py:Cart.total'],
      ['shop/inventory.py:reserve'],
    ]);
    const dataset = readDataset(written);
    expect(dataset.map((task) => Object.keys(task.gold_lines ?? {}))).toEqual([['shop/pricing.py'], ['shop/inventory.py']]);
    expect(dataset.map(({ gold_lines: _lines, ...task }) => task)).toEqual([
      {
        id: `repo-${c.round.slice(0, 12)}`,
        repo: 'repo',
        base_commit: c.added,
        category: 'change',
        query: 'Round cart totals to cents before applying the tax rate',
        gold_files: ['shop/pricing.py'],
        gold_functions: ['shop/pricing.py:Cart.total'],
        commit: c.round,
      },
      {
        id: `repo-${c.reserve.slice(0, 12)}`,
        repo: 'repo',
        base_commit: c.clamp,
        category: 'change',
        query: 'Reserve stock atomically when several carts check out at once',
        gold_files: ['shop/inventory.py'],
        gold_functions: ['shop/inventory.py:reserve'],
        commit: c.reserve,
      },
    ]);
    expect(snapshotTree(scripted.repo.root)).toEqual(before);
  });

  it('re-evaluates a written dataset on the repository it came from (--dataset --repo): the same tasks, the repository untouched', async () => {
    const written = join(dir, 'again.jsonl');
    const built = JSON.parse((await cairn('--from-git', '--repo', scripted.repo.root, '--commits', '2', '--write-dataset', written, '--json')).out);
    const before = snapshotTree(scripted.repo.root);
    const result = await cairn('--dataset', written, '--repo', scripted.repo.root, '--index-root', join(dir, 'again-idx'), '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({ dataset: written, repo: scripted.repo.root, summary: { tasks: 2, skipped: 0, failed: 0 } });
    const ranks = (run: { tasks: { id: string; results: Record<string, { gold_file_ranks: unknown }> }[] }) =>
      run.tasks.map((task) => [task.id, task.results['bm25-file']!.gold_file_ranks]);
    expect(ranks(report)).toEqual(ranks(built));
    expect(snapshotTree(scripted.repo.root)).toEqual(before);
  });

  it('says how many commits it looked at and why it skipped the others', async () => {
    const result = await cairn('--from-git', '--repo', scripted.repo.root);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^from git: .* — 3 tasks from 12 commits \(skipped: .*1 merge.*\)$/m);
    expect(result.out).toMatch(/2 no-gold-file/);
  });
});
