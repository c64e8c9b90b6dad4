import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, InputError } from '../core/errors.js';
import { parseDataset, readDataset, writeDataset, type EvalTask } from './dataset.js';
import { thrownBy } from '../../test/support/thrown.js';

const TASK: EvalTask = {
  id: 'acme__widgets-1',
  repo: 'acme/widgets',
  base_commit: 'abc123',
  category: 'Bug Report',
  query: 'Widgets spin backwards',
  gold_files: ['widgets/spin.py'],
  gold_functions: ['widgets/spin.py:Spinner.turn'],
};

describe('datasets', () => {
  it('parses valid lines, skipping blank ones', () => {
    const text = `${JSON.stringify(TASK)}\n\n${JSON.stringify({ ...TASK, id: 'two', gold_functions: undefined })}\n`;
    const tasks = parseDataset(text, 'd.jsonl');
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toEqual(TASK);
    expect(tasks[1]!.gold_functions).toEqual([]);
  });

  it('names the file, the line and the field of a bad line', () => {
    const text = `${JSON.stringify(TASK)}\n${JSON.stringify({ ...TASK, id: 'b', gold_files: [] })}\n`;
    const error = thrownBy(() => parseDataset(text, 'd.jsonl'));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/^d\.jsonl:2: gold_files: /);

    const missing = thrownBy(() => parseDataset(JSON.stringify({ ...TASK, query: undefined }), 'd.jsonl'));
    expect((missing as ConfigError).message).toMatch(/^d\.jsonl:1: query: /);

    const notJson = thrownBy(() => parseDataset(`${JSON.stringify(TASK)}\n{"id": `, 'd.jsonl'));
    expect((notJson as ConfigError).message).toBe('d.jsonl:2: not valid JSON');
  });

  it('rejects ids that would escape the repos folder, and repeated ids', () => {
    expect((thrownBy(() => parseDataset(JSON.stringify({ ...TASK, id: '../x' }), 'd')) as Error).message).toMatch(/^d:1: id: /);
    const twice = `${JSON.stringify(TASK)}\n${JSON.stringify(TASK)}`;
    expect((thrownBy(() => parseDataset(twice, 'd')) as Error).message).toMatch(/^d:2: id: .* earlier line/);
  });

  it('reports an unreadable file as an input error, and an empty one as a config error', () => {
    expect(thrownBy(() => readDataset('/nonexistent/d.jsonl'))).toBeInstanceOf(InputError);
    expect(thrownBy(() => parseDataset('\n\n', 'd'))).toBeInstanceOf(ConfigError);
  });

  it('writes what it reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-dataset-'));
    try {
      const file = join(dir, 'out.jsonl');
      const tasks = [TASK, { ...TASK, id: 'x-2', commit: 'def456' }];
      writeDataset(file, tasks);
      expect(readDataset(file)).toEqual(tasks);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
