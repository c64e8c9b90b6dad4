import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { configSchema, type Config } from '../../config/schema.js';
import type { CairnError } from '../../core/errors.js';
import { resolveBudget, resolveModel, resolveStages } from './settings.js';

const defaults: Config = configSchema.parse({});
const configured: Config = configSchema.parse({
  retrieval: { stages: ['scope'], budget: { context_window: 8000, reserved_tokens: 1000 } },
  llm: { provider: 'ollama', model: 'qwen', baseUrl: 'http://127.0.0.1:11434', timeoutMs: 5000, onError: 'fallback' },
});

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

async function failure(run: () => unknown): Promise<CairnError> {
  try {
    await run();
  } catch (error) {
    return error as CairnError;
  }
  throw new Error('expected a failure');
}

function file(name: string, text: string): string {
  const dir = tempDir();
  dirs.push(dir);
  dir.write(name, text);
  return `${dir.path}/${name}`;
}

describe('resolveStages', async () => {
  it('takes the flag over the config, and the config without a flag', async () => {
    expect(resolveStages(['scope', 'precision'], configured)).toEqual(['scope', 'precision']);
    expect(resolveStages(undefined, configured)).toEqual(['scope']);
  });

  it('runs every stage, scope then precision, when neither the flag nor the config names any', () => {
    expect(resolveStages(undefined, defaults)).toEqual(['scope', 'precision']);
  });

  it('fails on an empty or unknown stage list, saying how to fix it', async () => {
    expect(await failure(() => resolveStages([], defaults))).toMatchObject({ code: 'USAGE', message: 'the stage list is empty' });
    const unknown = await failure(() => resolveStages(['scope', 'recall'], defaults));
    expect(unknown).toMatchObject({ code: 'USAGE', message: 'unknown stage "recall"' });
    expect(unknown.hint).toContain('known stages: scope, precision');
  });
});

describe('resolveBudget', async () => {
  it('takes the pair, the file, or the config — flags first', async () => {
    expect(await resolveBudget({ contextWindow: 4000, reservedTokens: 0 }, configured)).toEqual({ contextWindow: 4000, reservedTokens: 0 });
    expect(await resolveBudget({ budgetConfig: file('b.yaml', 'context_window: 32000\nreserved_tokens: 4000\n') }, configured)).toEqual({ contextWindow: 32000, reservedTokens: 4000 });
    expect(await resolveBudget({ budgetConfig: file('b.json', '{"context_window": 900, "reserved_tokens": 100}') }, defaults)).toEqual({ contextWindow: 900, reservedTokens: 100 });
    expect(await resolveBudget({}, configured)).toEqual({ contextWindow: 8000, reservedTokens: 1000 });
    expect(await resolveBudget({ maxTokens: 3000 }, configured)).toEqual({ contextWindow: 3000, reservedTokens: 0 });
  });

  it('refuses the file together with the pair, half a pair, and impossible numbers', async () => {
    const both = await failure(() => resolveBudget({ budgetConfig: 'b.yaml', contextWindow: 10, reservedTokens: 1 }, defaults));
    expect(both).toMatchObject({ code: 'USAGE', message: '--budget-config cannot be combined with --context-window / --reserved-tokens' });
    expect((await failure(() => resolveBudget({ contextWindow: 1000 }, defaults))).message).toBe('--reserved-tokens is missing: --context-window and --reserved-tokens go together');
    expect((await failure(() => resolveBudget({ reservedTokens: 10 }, defaults))).message).toContain('--context-window is missing');
    expect((await failure(() => resolveBudget({ contextWindow: 0, reservedTokens: 0 }, defaults))).message).toBe('--context-window must be a whole number > 0, got 0');
    expect((await failure(() => resolveBudget({ contextWindow: 100, reservedTokens: 100 }, defaults))).message).toContain('0 ≤ reserved < context window (100), got 100');
    expect((await failure(() => resolveBudget({ contextWindow: 100, reservedTokens: -1 }, defaults))).code).toBe('USAGE');
  });

  it('with no budget in flags or config, takes a 16k window with 4k reserved', async () => {
    expect(await resolveBudget({}, defaults)).toEqual({ contextWindow: 16_000, reservedTokens: 4_000 });
  });

  it('reports a bad budget file by what is wrong in it', async () => {
    expect(await failure(() => resolveBudget({ budgetConfig: file('b.yaml', 'context_window: 100\nreserved_tokens: 200\n') }, defaults))).toMatchObject({ code: 'CONFIG_INVALID' });
    expect(await failure(() => resolveBudget({ budgetConfig: file('b.yaml', 'context_window: [\n') }, defaults))).toMatchObject({ code: 'CONFIG_INVALID' });
    expect(await failure(() => resolveBudget({ budgetConfig: '/no/such/budget.yaml' }, defaults))).toMatchObject({ code: 'INPUT_NOT_FOUND' });
  });
});

describe('resolveModel', async () => {
  it('takes --model and --base-url (with the rest of llm: from the config), or the config, or none', async () => {
    expect(await resolveModel({}, defaults)).toBeNull();
    expect(await resolveModel({}, configured)).toMatchObject({ model: 'qwen', provider: 'ollama' });
    expect(await resolveModel({ model: 'm', baseUrl: 'http://127.0.0.1:8000/v1', provider: 'openai' }, configured)).toMatchObject({
      model: 'm',
      baseUrl: 'http://127.0.0.1:8000/v1',
      provider: 'openai',
      timeoutMs: 5000,
      onError: 'fallback',
    });
    expect(await resolveModel({ model: 'm', baseUrl: 'http://127.0.0.1:8000' }, defaults)).toMatchObject({ provider: 'openai', onError: 'fail' });
  });

  it('refuses --model without --base-url, and the reverse, and a bad URL', async () => {
    expect(await failure(() => resolveModel({ model: 'm' }, configured))).toMatchObject({ code: 'USAGE', message: '--model needs --base-url' });
    expect(await failure(() => resolveModel({ baseUrl: 'http://x' }, defaults))).toMatchObject({ code: 'USAGE', message: '--base-url needs --model' });
    expect((await failure(() => resolveModel({ provider: 'ollama' }, defaults))).code).toBe('USAGE');
    expect((await failure(() => resolveModel({ model: 'm', baseUrl: 'not a url' }, defaults))).code).toBe('USAGE');
  });
});
