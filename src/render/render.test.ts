import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { RENDER_FORMATS, textAt } from '../core/context-package.js';
import { jsonView, parseJson, parseMarkdown, parseMarkdownMatch, parsePrompt, parsePromptMatch, renderJson, renderMarkdown, renderPackage, renderPrompt } from './index.js';
import { smallPackage } from './package.fixture.js';
import { buildView, renderOrder } from './view.js';

function golden(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../../test/golden/render/${name}`, import.meta.url)), 'utf8');
}

describe('renderers: exact output for a small package', () => {
  it('markdown', () => expect(renderMarkdown(smallPackage())).toBe(golden('small.md')));
  it('prompt', () => expect(renderPrompt(smallPackage())).toBe(golden('small.prompt.txt')));
  it('json', () => expect(renderJson(smallPackage())).toBe(golden('small.json')));

  it('says the match first in every format, and its closest candidates unless it is strong', () => {
    const weak = smallPackage();
    expect(parseMarkdownMatch(renderMarkdown(weak))).toEqual({ strength: 'weak', summary: weak.matchEvidence.summary, closest: 'dask/io/csv.py::read_csv (holds read_csv; lacks header)' });
    expect(parsePromptMatch(renderPrompt(weak))).toMatchObject({ strength: 'weak', closest: 'dask/io/csv.py::read_csv (holds read_csv; lacks header)' });
    expect(parseJson(renderJson(weak))).toMatchObject({ match: 'weak', matchEvidence: weak.matchEvidence });
    const strong = { ...weak, match: 'strong' as const, matchEvidence: { summary: 'the task matches this repository', closest: [] } };
    expect(parseMarkdownMatch(renderMarkdown(strong))).toEqual({ strength: 'strong', summary: 'the task matches this repository', closest: null });
    expect(renderPrompt(strong).split('\n')[1]).toMatch(/^CONTEXT task /);
    expect(() => parseMarkdownMatch('# cairn context\n')).toThrow(/expected "match: strong\|weak\|none/);
  });

  it('renderPackage dispatches on the format', () => {
    expect(renderPackage(smallPackage(), 'markdown')).toBe(renderMarkdown(smallPackage()));
    expect(renderPackage(smallPackage(), 'prompt')).toBe(renderPrompt(smallPackage()));
    expect(renderPackage(smallPackage(), 'json')).toBe(renderJson(smallPackage()));
  });

  it('json-view-without-reparse: the JSON view object is what renderJson prints, keys in the same order (HTTP serialises it without printing and parsing the package back)', () => {
    const pkg = smallPackage();
    expect(`${JSON.stringify(jsonView(pkg))}\n`).toBe(renderJson(pkg));
    expect(jsonView(pkg)).toEqual(parseJson(renderJson(pkg)));
  });
});

describe('renderers: determinism and structure', () => {
  it('print the same bytes whatever the key order of the package objects', () => {
    const reverseKeys = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reverseKeys);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)]));
    };
    const pkg = smallPackage();
    const reordered = reverseKeys(pkg) as typeof pkg;
    expect(Object.keys(reordered)[0]).toBe('createdAt');
    for (const format of RENDER_FORMATS) expect(renderPackage(reordered, format)).toBe(renderPackage(pkg, format));
  });

  it('json keys are sorted at every depth and the text parses back to the view', () => {
    const text = renderJson(smallPackage());
    const parsed = parseJson(text);
    const { items, edges, budget, counts: _counts, ...rest } = buildView(smallPackage());
    expect(parsed).toEqual({
      ...rest,
      budget: {
        contextWindow: budget.contextWindow,
        reservedTokens: budget.reservedTokens,
        available: budget.available,
        used: budget.used,
        tokenizer: budget.tokenizer,
        demoted: budget.demoted.count,
        evicted: budget.evicted.count,
        deduplicated: budget.deduplicated,
      },
      items: items.map((item) => ({
        path: item.path,
        symbol: item.symbolKey === null ? null : item.symbolKey.slice(item.path.length + 2),
        lines: [item.startLine, item.endLine],
        detail: item.detail,
        reason: item.reason,
        text: item.text,
      })),
      edges: edges.map(({ weight: _weight, ...edge }) => edge),
    });
    const sortedEverywhere = (value: unknown): boolean => {
      if (Array.isArray(value)) return value.every(sortedEverywhere);
      if (value === null || typeof value !== 'object') return true;
      const keys = Object.keys(value);
      return keys.join('\n') === [...keys].sort().join('\n') && Object.values(value).every(sortedEverywhere);
    };
    expect(sortedEverywhere(parsed)).toBe(true);
  });

  it('markdown and prompt parse back to the items, in order, with their texts', () => {
    const pkg = smallPackage();
    const expected = renderOrder(pkg.items).map((item, i) => ({
      number: i + 1,
      path: item.path,
      symbolKey: item.symbolKey,
      detail: item.detail,
      startLine: item.startLine,
      endLine: item.endLine,
      text: textAt(item, item.detail),
    }));
    for (const parse of [parseMarkdown(renderMarkdown(pkg)), parsePrompt(renderPrompt(pkg))]) {
      expect(parse.map(({ language: _language, ...rest }) => rest)).toEqual(expected);
    }
  });

  it('puts every value that could break the layout on one line', () => {
    const pkg = smallPackage();
    pkg.taskId = 'task\nwith break';
    pkg.notes = ['a note\nspanning lines'];
    const first = pkg.items[0];
    if (first === undefined) throw new Error('fixture has items');
    first.provenance.reason = 'a reason\r\nwith a break';
    const markdown = renderMarkdown(pkg);
    expect(markdown).toContain('# cairn context · task task with break\n');
    expect(markdown).toContain('· a reason with a break\n');
    expect(markdown).toContain('- a note spanning lines\n');
    expect(parseMarkdown(markdown)).toHaveLength(pkg.items.length);
  });

  it('cuts a long query to an excerpt', () => {
    const pkg = smallPackage();
    pkg.query = 'word '.repeat(100);
    const line = renderPrompt(pkg).split('\n').find((text) => text.startsWith('QUERY ')) ?? '';
    expect(line.startsWith('QUERY word word')).toBe(true);
    expect(line.endsWith('…')).toBe(true);
    expect(Array.from(line).length).toBe('QUERY '.length + 200 + 1);
  });
});
