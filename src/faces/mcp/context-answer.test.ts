import { describe, expect, it } from 'vitest';
import type { ContextItem, ContextPackage } from '../../core/context-package.js';
import { renderPackage } from '../../render/index.js';
import { smallPackage } from '../../render/package.fixture.js';
import { createO200kCounter } from '../../tokenizer/tokens.js';
import type { ContextAnswer } from '../../operations/context.js';
import type { Answer } from './cap.js';
import { packageAnswer } from './context-answer.js';

const counter = createO200kCounter();

/** A package of `count` small functions, in priority order, each with its own recognisable body. */
function manyItems(count: number): ContextPackage {
  const base = smallPackage();
  const items: ContextItem[] = Array.from({ length: count }, (_, at) => {
    const text = `def handler_${at}(request):\n    value_${at} = request.args.get("key_${at}")\n    return respond(value_${at})\n`;
    return {
      path: `app/module_${at % 7}.py`,
      symbolKey: `app/module_${at % 7}.py::handler_${at}`,
      language: 'python',
      startLine: 10 * at + 1,
      endLine: 10 * at + 3,
      detail: 'full',
      texts: { full: text, excerpt: null, signature: null },
      tokens: counter.count(text),
      provenance: { stage: 'precision', tier: 0, reason: `primary: its code matches the task (${at})`, signals: {}, score: 1 - at / 1000 },
      demotedFrom: null,
    };
  });
  return { ...base, items, edges: [] };
}

function answerOf(pkg: ContextPackage): ContextAnswer {
  return { taskId: pkg.taskId, runId: pkg.runId, package: pkg, notes: pkg.notes, warnings: [], ms: 1, deleted: 0, rendered: null };
}

function tokens(answer: Answer): { text: number; structured: number } {
  return { text: counter.count(answer.text), structured: counter.count(JSON.stringify(answer.structured)) };
}

type Meta = { path: string; symbol: string | null; lines: number[]; detail: string; tokens: number; reason: string };

describe('get_context answers (regression: the package\'s code was carried twice, as text and as structured content)', () => {
  it('carry the code in the text block only, and the metadata of each item in the structured part, in the order the text shows them', () => {
    const pkg = manyItems(12);
    const answer = packageAnswer(counter, answerOf(pkg), 8000);
    const items = answer.structured['items'] as Meta[];
    expect(items).toHaveLength(12);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['detail', 'lines', 'path', 'reason', 'symbol', 'tokens']);
    const json = JSON.stringify(answer.structured);
    for (const item of pkg.items) {
      expect(answer.text).toContain(item.texts.full!);
      expect(json).not.toContain('request.args.get');
    }
    const headings = [...answer.text.matchAll(/^## \d+\. (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(items.map((item) => `${item.path}::${item.symbol}`));
  });

  it('hand over the package as markdown, the text the pipeline counted, when it fits', () => {
    const pkg = manyItems(5);
    const given = answerOf({ ...pkg, budget: { ...pkg.budget, evicted: [] } });
    expect(packageAnswer(counter, given, 8000).text).toBe(renderPackage(given.package, 'markdown'));
    // With candidates left out by the budget, the render and then a note naming them.
    const evicted = answerOf(pkg);
    expect(packageAnswer(counter, evicted, 8000).text).toBe(`${renderPackage(pkg, 'markdown').trimEnd()}\n\n(2 candidates left out for the budget (dask/core.py, dask/base.py): raise max_tokens, read_symbol one, or call again with task_id and missing)\n`);
  });

  it('stay within the cap read any way — text alone, structured alone, both — dropping the lowest-ranked items first', () => {
    const pkg = manyItems(60);
    const whole = tokens({ text: renderPackage(pkg, 'markdown'), structured: {} });
    for (const cap of [1000, 1500, 2500]) {
      expect(whole.text).toBeGreaterThan(cap);
      const answer = packageAnswer(counter, answerOf(pkg), cap);
      const size = tokens(answer);
      expect(size.text + size.structured).toBeLessThanOrEqual(cap);
      const items = answer.structured['items'] as Meta[];
      expect(items.length).toBeGreaterThan(3);
      // The kept items are the first ones in priority order, and the text shows exactly them.
      const kept = new Set(items.map((item) => item.symbol));
      expect(pkg.items.slice(0, items.length).every((item) => kept.has(item.symbolKey!.split('::')[1]!))).toBe(true);
      expect(answer.text).not.toContain(pkg.items[items.length]!.texts.full!);
      expect(String(answer.structured['omitted'])).toContain(`${60 - items.length} more items did not fit under ${cap} tokens`);
      expect(answer.text).toContain(`${60 - items.length} more items did not fit under ${cap} tokens`);
    }
  });
});
